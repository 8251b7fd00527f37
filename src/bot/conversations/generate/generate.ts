/**
 * The generation form as a conversation: prompt, media and options, each step derived from the
 * model, then the exact price. It ends by showing the priced order; confirming is handled by
 * the order-confirmation feature, keyed by the order id, so a double press, a replay or a
 * restart can never create a second order.
 */

import { InlineKeyboard } from 'grammy';
import type { OrderRecord } from '../../../db/records.js';
import { TELEGRAM_CLOUD_DOWNLOAD_LIMIT_BYTES } from '../../../services/media-rules.js';
import { buildRequest, missingRequiredOptions, planForm } from '../../../services/model-form.js';
import { asResellerError } from '../../../services/submission-errors.js';
import { FORM } from '../../../telegram/callback-data/generate.js';
import { CHANGE_BUTTON_LABEL, changeableParts, type FormPart } from '../../../telegram/form-parts.js';
import { newOrderKeyboard } from '../../../telegram/keyboards/way-out.js';
import { orderSummary } from '../../../telegram/order-summary.js';
import { type ContentRefusal, contentRefusalText } from '../../../telegram/texts/content-refusal.js';
import { modelName } from '../../../telegram/texts/model-name.js';
import { pricesShown } from '../../../telegram/texts/money.js';
import { upstreamErrorText } from '../../../telegram/texts/upstream-errors.js';
import type { BaseContext, BotContext } from '../../context.js';
import {
  answerStaleButton,
  cancelRow,
  clearButtons,
  type FormAnswers,
  type FormConversation,
  type GenerateArgs,
  handleOutsideInput,
} from './form-conversation.js';
import { askMedia } from './media-step.js';
import { askOptions } from './options-step.js';
import { askPrompt } from './prompt-step.js';

export const GENERATE_CONVERSATION = 'generate';

export type PrepareResult =
  | { ok: true; order: OrderRecord; walletBalance: number | undefined }
  /** The content rules stopped it: nothing was priced, nothing reached the upstream. */
  | { ok: false; refusal: ContentRefusal }
  | { ok: false; code: string; message: string };

/** The text of a failed PrepareResult: the content rules' reason, or the upstream's. */
export function prepareFailureText(
  ctx: BaseContext,
  failure: Exclude<PrepareResult, { ok: true }>,
  model: string,
): string {
  return 'refusal' in failure
    ? contentRefusalText(ctx, failure.refusal, model)
    : upstreamErrorText(ctx, failure.code, failure.message);
}

export async function prepareOrder(
  outer: BotContext,
  modelId: number,
  request: ReturnType<typeof buildRequest>,
  /** Where the order is made: its chat is the group for a group order (issue 42). */
  place: 'private' | 'group' = 'private',
  /** The order's chat: the update's, or the caller's own for a guest card (which has none). */
  chatId: number = outer.chat!.id,
): Promise<PrepareResult> {
  // Whose order, where, in which language: the same for the content rules and the draft.
  const who = { userId: outer.from!.id, chatId, locale: outer.locale };
  const screen = await outer.deps.contentRules.screenOrder({
    ...who,
    place,
    modelId,
    ...(request.prompt !== undefined && { text: request.prompt }),
  });
  if (screen.kind !== 'allowed') return { ok: false, refusal: screen };
  try {
    const order = await outer.deps.ordering.prepare({ ...who, modelId, request });
    return { ok: true, order, walletBalance: await outer.deps.wallet?.balance(order.userId) };
  } catch (error) {
    const failure = asResellerError(error);
    outer.logger.warn({ err: error, code: failure.code }, 'pricing failed');
    return { ok: false, code: failure.code, message: failure.message };
  }
}

export async function generateConversation(
  conversation: FormConversation,
  ctx: BaseContext,
  args: GenerateArgs,
) {
  const model = await conversation.external((outer) => outer.deps.catalog.getModel(args.modelId));
  if (!model) {
    await ctx.reply(ctx.t('gen-model-unavailable'), { reply_markup: newOrderKeyboard(ctx) });
    return;
  }
  // A model the content rules keep for later (paid orders first) says so before asking anything.
  const gate = await conversation.external((outer) =>
    outer.deps.contentRules.gate(outer.from!.id, model.id, 'private'),
  );
  if (gate.kind !== 'open') {
    await ctx.reply(contentRefusalText(ctx, gate, modelName(ctx, model)), {
      reply_markup: newOrderKeyboard(ctx),
    });
    return;
  }
  const plan = planForm(model);
  const downloadLimit = await conversation.external((outer) =>
    outer.deps.config.telegram.localFiles ? null : TELEGRAM_CLOUD_DOWNLOAD_LIMIT_BYTES,
  );
  const answers: FormAnswers = args.preset
    ? { ...args.preset, media: { ...args.preset.media }, options: { ...args.preset.options } }
    : { media: {}, options: {} };

  const ask = async (part: FormPart) => {
    if (part === 'prompt' && plan.prompt) {
      const prompt = await askPrompt(conversation, ctx, plan.prompt, plan.media.length > 0);
      if (prompt !== undefined) answers.prompt = prompt;
      else delete answers.prompt;
    } else if (part === 'media') {
      answers.media = {};
      for (const step of plan.media) {
        const elsewhere = Object.values(answers.media).reduce((n, files) => n + files.length, 0);
        answers.media[step.key] = await askMedia(conversation, ctx, model, step, elsewhere, downloadLimit);
      }
    } else if (part === 'options') {
      answers.options = await askOptions(conversation, ctx, plan, answers.media, answers.options);
    }
  };

  // A preset starts at the options, at the media ('media': a library prompt fills in the prompt),
  // or asks only for a new description ('prompt').
  const startAt = args.preset ? (args.preset.startAt ?? 'options') : undefined;
  let parts: FormPart[] =
    startAt === undefined
      ? ['prompt', 'media', 'options']
      : startAt === 'media'
        ? ['media', 'options']
        : startAt === 'choose'
          ? await firstChange(conversation, ctx, changeableParts(plan, answers.media))
          : [startAt];
  for (;;) {
    for (const part of parts) await ask(part);
    if (!parts.includes('options') && missingRequiredOptions(plan, answers.media, answers.options).length > 0)
      await ask('options');
    const request = buildRequest(model, plan, answers);
    const waiting = await ctx.reply(ctx.t(pricesShown(ctx) ? 'gen-pricing' : 'gen-preparing'));
    const prepared = await conversation.external((outer) => prepareOrder(outer, model.id, request));
    if (prepared.ok) {
      const summary = await orderSummary(ctx, prepared.order, model, prepared.walletBalance);
      await ctx.api.editMessageText(waiting.chat.id, waiting.message_id, summary.text, {
        reply_markup: summary.keyboard,
      });
      // The summary becomes the order's status message once confirmed, also after a restart.
      const orderId = prepared.order.id;
      await conversation.external((outer) =>
        outer.deps.ordering.setStatusMessageId(orderId, waiting.message_id),
      );
      return;
    }
    // The inputs are kept: the customer changes what upstream objected to, right here, and tries again.
    const notice = prepareFailureText(ctx, prepared, modelName(ctx, model));
    if ('refusal' in prepared && (prepared.refusal.kind !== 'blocked' || prepared.refusal.banned)) {
      // A model not open to them, or a ban: nothing here to change.
      await ctx.api.deleteMessage(waiting.chat.id, waiting.message_id).catch(() => undefined);
      await ctx.reply(notice, { reply_markup: newOrderKeyboard(ctx) });
      return;
    }
    await ctx.api.deleteMessage(waiting.chat.id, waiting.message_id).catch(() => undefined);
    const changeable = changeableParts(plan, answers.media);
    if (changeable.length === 0) {
      // Nothing to change here and the form ends: another model, or the menu.
      await ctx.reply(`${notice}\n\n${ctx.t('gen-try-again-later')}`, {
        reply_markup: newOrderKeyboard(ctx),
      });
      return;
    }
    const question = `${notice}\n\n${ctx.t('gen-change-what')}`;
    parts = [await askWhatToChange(conversation, ctx, question, changeable)];
  }
}

/** ✏️ Change under a result: the part to change first (none when the model has nothing to change). */
async function firstChange(
  conversation: FormConversation,
  ctx: BaseContext,
  changeable: FormPart[],
): Promise<FormPart[]> {
  if (changeable.length === 0) return [];
  return [await askWhatToChange(conversation, ctx, ctx.t('after-result-change-what'), changeable)];
}

/** Asks `text` with a button per part the model lets the customer change (after a refusal, or ✏️ Change). */
async function askWhatToChange(
  conversation: FormConversation,
  ctx: BaseContext,
  text: string,
  parts: FormPart[],
): Promise<FormPart> {
  const keyboard = new InlineKeyboard();
  for (const part of parts) keyboard.text(ctx.t(CHANGE_BUTTON_LABEL[part]), FORM.change[part]);
  const question = await ctx.reply(text, {
    reply_markup: cancelRow(ctx, keyboard),
  });
  for (;;) {
    const answer = await conversation.wait();
    if (await handleOutsideInput(conversation, answer)) continue;
    const data = answer.callbackQuery?.data;
    const part = parts.find((p) => FORM.change[p] === data);
    if (part) {
      await answer.answerCallbackQuery();
      await clearButtons(answer, question.message_id);
      return part;
    }
    if (data !== undefined) await answerStaleButton(answer);
    else await answer.reply(ctx.t('gen-options-use-buttons'));
  }
}
