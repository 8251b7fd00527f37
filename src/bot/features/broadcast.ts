/**
 * /broadcast for admins, in private chats. A short conversation (kept in the database, so it
 * survives a restart) asks for the message, an optional link button and the audience, shows the
 * message as customers will see it and the recipient count, and starts the broadcast on Send.
 * The sending itself is the broadcast sender's job (workers/broadcast), once in the cluster; the
 * progress message's buttons (Pause, Resume, Cancel) only change the broadcast's status.
 *
 * For anyone else the command and every button here fall through to the catch-all, as unknown
 * ones do.
 */
import { type Conversation, createConversation } from '@grammyjs/conversations';
import { InlineKeyboard, type MiddlewareFn } from 'grammy';
import type { Message } from 'grammy/types';
import type { BroadcastAudience, BroadcastContent, BroadcastRecord } from '../../db/records.js';
import { checkUrl } from '../../lib/url-policy.js';
import type { BroadcastChange, RecipientCounts } from '../../services/admin/broadcasts.js';
import { deliverContent } from '../../telegram/broadcast-transport.js';
import {
  audienceLabel,
  cancelQuestionKeyboard,
  doneCount,
  progressKeyboard,
  progressText,
} from '../../telegram/broadcast-view.js';
import {
  broadcastControlData,
  type ComposeStep,
  composeData,
  languageStep,
} from '../../telegram/callback-data/admin.js';
import { SUPPORTED_LOCALES } from '../../telegram/i18n.js';
import { languageButtons } from '../../telegram/keyboards/language.js';
import { formatDuration } from '../../telegram/order-status.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import { clearButtons } from '../conversations/generate/form-conversation.js';
import { isAdmin } from './admin.js';

export const BROADCAST_CONVERSATION = 'broadcast-compose';
/** A draft left this long without an answer is dropped: the next message is not taken for it. */
const WAIT_MS = 60 * 60_000;
const MAX_IDS = 10_000;
const BUTTON_LABEL_MAX = 64;

type ComposeConversation = Conversation<BotContext, BaseContext>;
type Input =
  | { kind: 'step'; step: ComposeStep; ctx: BaseContext }
  | { kind: 'message'; message: Message; ctx: BaseContext };

const step = (ctx: BaseContext, key: string, value: ComposeStep) =>
  [ctx.t(key), composeData.pack({ step: value })] as const;

function discardRow(ctx: BaseContext, keyboard = new InlineKeyboard()): InlineKeyboard {
  return keyboard.row().text(...step(ctx, 'broadcast-button-discard', 'discard'));
}

/** The admin's message as a broadcast: its text or caption with Telegram's own formatting. */
export function readContent(message: Message): BroadcastContent | undefined {
  const caption = { text: message.caption ?? '', entities: message.caption_entities ?? [] };
  if (message.text !== undefined)
    return { kind: 'text', text: message.text, entities: message.entities ?? [] };
  if (message.animation) return { kind: 'animation', fileId: message.animation.file_id, ...caption };
  if (message.photo?.length) return { kind: 'photo', fileId: message.photo.at(-1)!.file_id, ...caption };
  if (message.video) return { kind: 'video', fileId: message.video.file_id, ...caption };
  if (message.document) return { kind: 'document', fileId: message.document.file_id, ...caption };
  return undefined;
}

/** "Label | https://…" -> a URL button, if both parts are acceptable. */
export function readButton(text: string): BroadcastContent['button'] | undefined {
  const bar = text.lastIndexOf('|');
  if (bar < 0) return undefined;
  const label = text.slice(0, bar).trim();
  const url = text.slice(bar + 1).trim();
  if (!label || [...label].length > BUTTON_LABEL_MAX) return undefined;
  // http(s) only; any host (customers open it themselves, the bot never fetches it).
  if (!checkUrl(url, { allowHttp: true, allowPrivate: true }).ok) return undefined;
  return { text: label, url };
}

/** Telegram ids in any separators; undefined if none, or more than MAX_IDS. */
export function readIds(text: string): number[] | undefined {
  const found = text.match(/\d{1,15}/g) ?? [];
  const ids = [...new Set(found.map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0);
  return ids.length === 0 || ids.length > MAX_IDS ? undefined : ids;
}

/**
 * The next thing the admin does: a button of this composer, or a message. Commands leave the
 * composer (handled as usual); other buttons pass through and the composer keeps waiting; Discard
 * ends it.
 */
async function next(conversation: ComposeConversation): Promise<Input> {
  const answer = await conversation.wait({ maxMilliseconds: WAIT_MS });
  const data = answer.callbackQuery?.data;
  if (data !== undefined) {
    const parsed = composeData.parse(data);
    if (!parsed) await conversation.skip({ next: true });
    await answer.answerCallbackQuery();
    await clearButtons(answer, answer.callbackQuery?.message?.message_id);
    if (parsed!.step === 'discard') {
      await answer.reply(answer.t('broadcast-discarded'));
      await conversation.halt();
    }
    return { kind: 'step', step: parsed!.step, ctx: answer };
  }
  const message = answer.message;
  if (!message) await conversation.skip({ next: true });
  if (message!.text?.startsWith('/')) await conversation.halt({ next: true });
  return { kind: 'message', message: message!, ctx: answer };
}

/** A prompt answered by a message loses its buttons, as the generation form's prompts do. */
async function answered(input: Input, prompt: Message): Promise<void> {
  if (input.kind === 'message') await clearButtons(input.ctx, prompt.message_id);
}

async function askContent(conversation: ComposeConversation, ctx: BaseContext): Promise<BroadcastContent> {
  let prompt = await ctx.reply(ctx.t('broadcast-ask-content'), { reply_markup: discardRow(ctx) });
  for (;;) {
    const input = await next(conversation);
    await answered(input, prompt);
    if (input.kind === 'message') {
      const content = readContent(input.message);
      if (content) return content;
    }
    prompt = await input.ctx.reply(ctx.t('broadcast-unsupported'), { reply_markup: discardRow(ctx) });
  }
}

async function askButton(
  conversation: ComposeConversation,
  ctx: BaseContext,
): Promise<BroadcastContent['button']> {
  const keyboard = () =>
    discardRow(
      ctx,
      new InlineKeyboard()
        .text(...step(ctx, 'broadcast-button-add', 'btn_add'))
        .row()
        .text(...step(ctx, 'broadcast-button-skip', 'btn_skip')),
    );
  let prompt = await ctx.reply(ctx.t('broadcast-ask-button'), { reply_markup: keyboard() });
  for (;;) {
    const input = await next(conversation);
    if (input.kind === 'step' && input.step === 'btn_skip') return undefined;
    if (input.kind === 'step' && input.step === 'btn_add') break;
    await answered(input, prompt);
    prompt = await input.ctx.reply(ctx.t('broadcast-ask-button'), { reply_markup: keyboard() });
  }
  prompt = await ctx.reply(ctx.t('broadcast-ask-button-line'), { reply_markup: discardRow(ctx) });
  for (;;) {
    const input = await next(conversation);
    await answered(input, prompt);
    const button =
      input.kind === 'message' && input.message.text ? readButton(input.message.text) : undefined;
    if (button) return button;
    prompt = await input.ctx.reply(ctx.t('broadcast-button-invalid', { max: BUTTON_LABEL_MAX }), {
      reply_markup: discardRow(ctx),
    });
  }
}

function audienceKeyboard(ctx: BaseContext, billing: boolean): InlineKeyboard {
  const keyboard = new InlineKeyboard()
    .text(...step(ctx, 'broadcast-audience-all', 'aud_all'))
    .row()
    .text(...step(ctx, 'broadcast-audience-language', 'aud_lang'))
    .text(...step(ctx, 'broadcast-audience-active', 'aud_active'))
    .row();
  if (billing) keyboard.text(...step(ctx, 'broadcast-audience-paying', 'aud_paying'));
  keyboard.text(...step(ctx, 'broadcast-audience-ids', 'aud_ids'));
  return discardRow(ctx, keyboard);
}

const DAYS: Partial<Record<ComposeStep, number>> = { days_7: 7, days_30: 30, days_90: 90 };

/**
 * The audience, or undefined when the admin went back to the audience list. `afterPreview`: the
 * preview is right above, so the question points at it; any later ask stands on its own.
 */
async function askAudience(
  conversation: ComposeConversation,
  ctx: BaseContext,
  billing: boolean,
  afterPreview: boolean,
): Promise<BroadcastAudience | undefined> {
  let prompt = await ctx.reply(ctx.t(afterPreview ? 'broadcast-preview' : 'broadcast-ask-audience'), {
    reply_markup: audienceKeyboard(ctx, billing),
  });
  let input = await next(conversation);
  while (input.kind !== 'step') {
    await answered(input, prompt);
    prompt = await input.ctx.reply(ctx.t('broadcast-ask-audience'), {
      reply_markup: audienceKeyboard(ctx, billing),
    });
    input = await next(conversation);
  }
  const back = (keyboard: InlineKeyboard) =>
    discardRow(ctx, keyboard.row().text(...step(ctx, 'broadcast-button-back', 'back')));
  switch (input.step) {
    case 'aud_all':
      return { kind: 'all' };
    case 'aud_paying':
      return billing ? { kind: 'paying' } : undefined;
    case 'aud_lang': {
      const languages = languageButtons((locale) => composeData.pack({ step: languageStep(locale) }));
      await ctx.reply(ctx.t('broadcast-ask-language'), { reply_markup: back(languages) });
      const choice = await next(conversation);
      const locale =
        choice.kind === 'step' ? SUPPORTED_LOCALES.find((l) => languageStep(l) === choice.step) : undefined;
      return locale ? { kind: 'language', locale } : undefined;
    }
    case 'aud_active': {
      const keyboard = new InlineKeyboard();
      for (const [value, days] of Object.entries(DAYS)) {
        keyboard.text(
          ctx.t('broadcast-days', { days: days! }),
          composeData.pack({ step: value as ComposeStep }),
        );
      }
      await ctx.reply(ctx.t('broadcast-ask-days'), { reply_markup: back(keyboard) });
      const choice = await next(conversation);
      const days = choice.kind === 'step' ? DAYS[choice.step] : undefined;
      return days ? { kind: 'active', days } : undefined;
    }
    case 'aud_ids': {
      let idsPrompt = await ctx.reply(ctx.t('broadcast-ask-ids', { max: MAX_IDS }), {
        reply_markup: back(new InlineKeyboard()),
      });
      for (;;) {
        const answer = await next(conversation);
        if (answer.kind === 'step') return undefined;
        await answered(answer, idsPrompt);
        const ids = answer.message.text ? readIds(answer.message.text) : undefined;
        if (ids) return { kind: 'ids', ids };
        idsPrompt = await answer.ctx.reply(ctx.t('broadcast-ids-invalid', { max: MAX_IDS }), {
          reply_markup: back(new InlineKeyboard()),
        });
      }
    }
    default:
      return undefined;
  }
}

async function composeConversation(conversation: ComposeConversation, ctx: BaseContext): Promise<void> {
  const billing = ctx.deps.config.billing.mode === 'stars';
  const rate = ctx.deps.config.broadcastRate;
  const content = await askContent(conversation, ctx);
  const button = await askButton(conversation, ctx);
  if (button) content.button = button;
  // The preview: exactly what recipients get.
  await deliverContent(ctx.api, ctx.chat!.id, content);

  for (let asked = 0; ; asked++) {
    const audience = await askAudience(conversation, ctx, billing, asked === 0);
    if (!audience) continue;
    const count = await conversation.external((outer) => outer.deps.admin.broadcasts.countAudience(audience));
    if (count === 0) {
      await ctx.reply(ctx.t('broadcast-audience-empty'));
      continue;
    }
    await ctx.reply(
      ctx.t('broadcast-confirm', {
        count,
        audience: audienceLabel(ctx, audience),
        rate,
        duration: formatDuration(ctx, (count / rate) * 1000),
      }),
      {
        reply_markup: discardRow(
          ctx,
          new InlineKeyboard()
            .text(ctx.t('broadcast-button-send', { count }), composeData.pack({ step: 'send' }))
            .row()
            .text(...step(ctx, 'broadcast-button-back', 'back')),
        ),
      },
    );
    let choice = await next(conversation);
    while (choice.kind !== 'step') {
      await choice.ctx.reply(ctx.t('broadcast-use-buttons'));
      choice = await next(conversation);
    }
    if (choice.step !== 'send') continue;
    // One step, run once (never replayed): the broadcast, its progress message and the audit entry.
    const refusal = await conversation.external((outer) => startBroadcast(outer, content, audience));
    if (!refusal) return;
    if (refusal === 'empty') {
      await ctx.reply(ctx.t('broadcast-audience-empty'));
      continue;
    }
    await ctx.reply(refusal);
    return;
  }
}

/** Starts it; returns nothing, 'empty', or the text that explains why another one blocks it. */
async function startBroadcast(
  ctx: BaseContext,
  content: BroadcastContent,
  audience: BroadcastAudience,
): Promise<string | 'empty' | undefined> {
  const { broadcasts } = ctx.deps.admin;
  const outcome = await broadcasts.start(
    { adminId: ctx.from!.id, chatId: ctx.chat!.id, locale: ctx.locale },
    content,
    audience,
  );
  if (outcome.kind === 'empty') return 'empty';
  if (outcome.kind === 'busy') return busyText(ctx, outcome);
  const { broadcast, progress: snapshot } = outcome;
  const progress = await ctx.reply(progressText(ctx, broadcast, snapshot), {
    reply_markup: progressKeyboard(ctx, broadcast)!,
  });
  await broadcasts.showProgressIn(broadcast.id, progress.message_id);
  // A small broadcast can end before the sender knew of this message (its report then edits
  // nothing): the message shows the end, without buttons, from here.
  const current = await broadcasts.find(broadcast.id);
  if (current && !progressKeyboard(ctx, current)) {
    await showProgress(ctx, current, progress.chat.id, progress.message_id).catch(() => undefined);
  }
  return undefined;
}

/** Why /broadcast cannot start now: another one runs or is paused. */
function busyText(ctx: BaseContext, busy: { active: BroadcastRecord; counts: RecipientCounts }): string {
  return ctx.t('broadcast-busy', {
    id: busy.active.id,
    status: busy.active.status,
    done: doneCount(busy.counts),
    total: busy.active.total,
  });
}

/** Edits a progress message to show the broadcast as it stands (its buttons only while it is active). */
async function showProgress(
  ctx: BaseContext,
  broadcast: BroadcastRecord,
  chatId: number,
  messageId: number,
): Promise<void> {
  const snapshot = await ctx.deps.admin.broadcasts.progress(broadcast);
  const keyboard = progressKeyboard(ctx, broadcast);
  await editIgnoringNotModified(
    ctx.api.editMessageText(chatId, messageId, progressText(ctx, broadcast, snapshot), {
      reply_markup: keyboard ?? new InlineKeyboard(),
    }),
  );
}

/** The progress message as it stands, after a button on it changed the broadcast. */
async function renderProgress(ctx: BaseContext, id: number): Promise<void> {
  const broadcast = await ctx.deps.admin.broadcasts.find(id);
  const message = ctx.callbackQuery?.message;
  if (!broadcast || !message) return;
  await showProgress(ctx, broadcast, message.chat.id, message.message_id);
}

export function createBroadcastFeature(
  conversationPlugins: MiddlewareFn<BaseContext>[],
): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const admins = feature.chatType('private').filter(isAdmin);

  admins.use(
    createConversation<BotContext, BaseContext>(composeConversation, {
      id: BROADCAST_CONVERSATION,
      plugins: conversationPlugins,
    }),
  );

  admins.command('broadcast', async (ctx) => {
    const busy = await ctx.deps.admin.broadcasts.busy();
    if (busy) {
      await ctx.reply(busyText(ctx, busy));
      return;
    }
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(BROADCAST_CONVERSATION);
  });

  admins.callbackQuery(broadcastControlData.filter(), async (ctx) => {
    const { action, id } = broadcastControlData.parse(ctx.callbackQuery.data)!;
    const { broadcasts } = ctx.deps.admin;
    const change = async (what: BroadcastChange, toast: string) => {
      const changed = await broadcasts.change(id, what, ctx.from.id);
      await ctx.answerCallbackQuery({ text: ctx.t(changed ? toast : 'broadcast-not-active') });
    };
    switch (action) {
      case 'pause':
        await change('pause', 'broadcast-paused');
        break;
      case 'resume':
        await change('resume', 'broadcast-resumed');
        break;
      case 'cancel_yes':
        await change('cancel', 'broadcast-cancelled');
        break;
      case 'cancel': {
        const broadcast = await broadcasts.find(id);
        if (broadcast?.activeSlot !== 1) {
          await ctx.answerCallbackQuery({ text: ctx.t('broadcast-not-active') });
          break;
        }
        await ctx.answerCallbackQuery();
        await editIgnoringNotModified(
          ctx.editMessageText(ctx.t('broadcast-cancel-question'), {
            reply_markup: cancelQuestionKeyboard(ctx, id),
          }),
        );
        return;
      }
      case 'cancel_no':
        await ctx.answerCallbackQuery();
        break;
    }
    await renderProgress(ctx, id);
  });

  return feature;
}
