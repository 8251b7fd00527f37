/**
 * Promo codes (BILLING=stars).
 * Customers: `/promo <CODE>` redeems a code; `/promo` alone (or the wallet's button) asks for it and
 * waits for the next message (a short conversation: any command or button moves on). The deep link
 * `?start=p_<CODE>` calls replyToPromoRedemption too. Without billing /promo is not offered: it falls
 * through to the catch-all like any unknown command.
 * Admins: /promo_new, /promo_batch (a CSV document of one-time codes), /promos (pages), /promo_off;
 * without billing they say why. For anyone else they fall through to the catch-all.
 */
import { type Conversation, createConversation } from '@grammyjs/conversations';
import { InlineKeyboard, InputFile, type MiddlewareFn } from 'grammy';
import type { PromoCodeRecord } from '../../db/records.js';
import {
  PROMO_LIMITS,
  type PromoArgumentError,
  parsePromoBatch,
  parsePromoNew,
} from '../../domain/promo-code.js';
import { promoAskData, promoListPageData, promoRedeemData } from '../../telegram/callback-data/promo.js';
import type { Texts } from '../../telegram/i18n.js';
import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { stars } from '../../telegram/texts/money.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import { clearButtons } from '../conversations/generate/form-conversation.js';
import { isAdmin } from './admin.js';

const PROMO_CONVERSATION = 'promo-code';
/** How long `/promo` alone waits for the code. */
const ASK_WAIT_MS = 10 * 60_000;
/** Codes per /promos page: 20 lines of at most ~150 characters stay far below Telegram's 4096. */
const PAGE_SIZE = 20;

/** "🎁 Enter a promo code" and "🏠 Main menu", under a refusal or the question. */
function askKeyboard(ctx: BaseContext, withAsk: boolean): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (withAsk) keyboard.text(ctx.t('promo-button-another'), promoAskData.pack({ action: 'ask' }));
  return mainMenuButton(ctx, keyboard);
}

/**
 * Redeems `code` for the sender and answers with one message: the Stars and the new balance, or why
 * not. The one door for /promo, the question's answer and the `p_` deep link.
 */
export async function replyToPromoRedemption(ctx: BaseContext, code: string): Promise<void> {
  const promo = ctx.deps.promo;
  if (!promo || !ctx.from) {
    await ctx.reply(ctx.t('promo-off'));
    return;
  }
  const outcome = await promo.redeem(ctx.from.id, code);
  switch (outcome.kind) {
    case 'redeemed':
      await ctx.reply(
        ctx.t('promo-redeemed', { amount: stars(ctx, outcome.stars), balance: stars(ctx, outcome.balance) }),
        { reply_markup: mainMenuButton(ctx) },
      );
      return;
    case 'throttled':
      await ctx.reply(ctx.t('promo-throttled'), { reply_markup: mainMenuButton(ctx) });
      return;
    case 'already':
      await ctx.reply(ctx.t('promo-already'), { reply_markup: mainMenuButton(ctx) });
      return;
    default:
      // unknown, used_up, expired, disabled: each its own text, with a way to try another code.
      await ctx.reply(ctx.t(`promo-${outcome.kind.replace('_', '-')}`), {
        reply_markup: askKeyboard(ctx, true),
      });
  }
}

/** Asks for the code; the conversation reads the answer. */
async function askForCode(ctx: BotContext): Promise<void> {
  await ctx.conversation.exitAll();
  const asked = await ctx.reply(ctx.t('promo-ask'), { reply_markup: askKeyboard(ctx, false) });
  await ctx.conversation.enter(PROMO_CONVERSATION, { messageId: asked.message_id });
}

/** Waits for the code (text); anything else (a command, a button) leaves for the rest of the bot. */
async function promoCodeConversation(
  conversation: Conversation<BotContext, BaseContext>,
  ctx: BaseContext,
  args: { messageId?: number },
): Promise<void> {
  for (;;) {
    const answer = await conversation.wait({ maxMilliseconds: ASK_WAIT_MS });
    const text = answer.message?.text;
    if (text === undefined || text.startsWith('/')) await conversation.halt({ next: true });
    if (!text?.trim()) {
      await answer.reply(ctx.t('promo-ask'));
      continue;
    }
    await clearButtons(answer, args.messageId);
    await conversation.external((outer) => replyToPromoRedemption(outer, text));
    return;
  }
}

// ---------------------------------------------------------------- admins

const ARGUMENT_KEYS: Record<PromoArgumentError, string> = {
  usage: 'admin-promo-new-usage',
  code: 'admin-promo-error-code',
  stars: 'admin-promo-error-stars',
  uses: 'admin-promo-error-uses',
  days: 'admin-promo-error-days',
  count: 'admin-promo-error-count',
};

function argumentError(ctx: BaseContext, error: PromoArgumentError, usageKey: string): string {
  const key = error === 'usage' ? usageKey : ARGUMENT_KEYS[error];
  return ctx.t(key, {
    maxStars: PROMO_LIMITS.maxStars,
    maxUses: PROMO_LIMITS.maxUses,
    maxDays: PROMO_LIMITS.maxDays,
    maxCount: PROMO_LIMITS.maxBatch,
  });
}

function validity(texts: Texts, expiresAt: Date | null, now: Date): string {
  return expiresAt
    ? texts.t('admin-promo-until', { date: texts.dateTime(expiresAt, now) })
    : texts.t('admin-promo-no-end');
}

function codeState(code: PromoCodeRecord, now: Date): string {
  if (code.disabledAt) return 'off';
  if (code.expiresAt && code.expiresAt.getTime() <= now.getTime()) return 'expired';
  return code.used >= code.uses ? 'used-up' : 'on';
}

async function promosPage(ctx: BaseContext, requested: number) {
  const keyboard = new InlineKeyboard();
  const found = await ctx.deps.promo!.page(requested, PAGE_SIZE);
  if (!found) return { text: ctx.t('admin-promos-empty'), keyboard };
  const { page, pages, codes } = found;
  const now = new Date();
  const lines = [ctx.t('admin-promos-title', { page: page + 1, pages }), ''];
  for (const code of codes) {
    lines.push(
      ctx.t('admin-promos-line', {
        code: code.code,
        amount: stars(ctx, code.stars),
        used: code.used,
        uses: code.uses,
        validity: validity(ctx, code.expiresAt, now),
        state: ctx.t(`admin-promo-state-${codeState(code, now)}`),
      }),
    );
  }
  if (page > 0) keyboard.text(ctx.t('admin-audit-button-newer'), promoListPageData.pack({ page: page - 1 }));
  if (page < pages - 1) {
    keyboard.text(ctx.t('admin-audit-button-older'), promoListPageData.pack({ page: page + 1 }));
  }
  return { text: lines.join('\n'), keyboard };
}

/** One CSV line per code (codes are letters and digits: nothing to quote). */
function batchCsv(codes: readonly string[], starsEach: number, expiresAt: Date | null): string {
  const until = expiresAt ? expiresAt.toISOString() : '';
  return ['code,stars,expires_at', ...codes.map((code) => `${code},${starsEach},${until}`)].join('\n') + '\n';
}

export function createPromoFeature(conversationPlugins: MiddlewareFn<BaseContext>[]): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const privateChats = feature.chatType('private');

  privateChats.use(
    createConversation<BotContext, BaseContext>(promoCodeConversation, {
      id: PROMO_CONVERSATION,
      plugins: conversationPlugins,
    }),
  );

  const customers = privateChats.filter((ctx) => ctx.deps.promo !== null);
  customers.command('promo', async (ctx) => {
    const code = ctx.match.trim();
    if (code === '') return askForCode(ctx);
    await ctx.conversation.exitAll();
    await replyToPromoRedemption(ctx, code);
  });
  // The gift under a win-back reminder: redeemed as if typed.
  customers.callbackQuery(promoRedeemData.filter(), async (ctx) => {
    await ctx.answerCallbackQuery();
    await replyToPromoRedemption(ctx, promoRedeemData.unpack(ctx.callbackQuery.data).code);
  });
  customers.callbackQuery(promoAskData.filter(), async (ctx) => {
    await ctx.answerCallbackQuery();
    await askForCode(ctx);
  });

  const admins = privateChats.filter(isAdmin);
  // Without billing the admins' commands say why instead.
  admins.command(['promo_new', 'promo_batch', 'promos', 'promo_off'], async (ctx, next) => {
    if (ctx.deps.promo) return next();
    await ctx.reply(ctx.t('admin-promo-off'));
  });
  const withBilling = admins.filter((ctx) => ctx.deps.promo !== null);
  withBilling.command('promo_new', async (ctx) => {
    const parsed = parsePromoNew(ctx.match);
    if (!parsed.ok) return void (await ctx.reply(argumentError(ctx, parsed.error, 'admin-promo-new-usage')));
    const args = parsed.value;
    const { created, expiresAt } = await ctx.deps.promo!.create(ctx.from.id, args);
    if (!created) return void (await ctx.reply(ctx.t('admin-promo-exists', { code: args.code })));
    await ctx.reply(
      ctx.t('admin-promo-created', {
        code: args.code,
        amount: stars(ctx, args.stars),
        uses: args.uses,
        validity: validity(ctx, expiresAt, new Date()),
      }),
    );
  });

  withBilling.command('promo_batch', async (ctx) => {
    const parsed = parsePromoBatch(ctx.match);
    if (!parsed.ok)
      return void (await ctx.reply(argumentError(ctx, parsed.error, 'admin-promo-batch-usage')));
    const args = parsed.value;
    const { codes, expiresAt } = await ctx.deps.promo!.createBatch(ctx.from.id, args);
    const file = new InputFile(
      Buffer.from(batchCsv(codes, args.stars, expiresAt)),
      `promo-codes-${codes.length}.csv`,
    );
    await ctx.replyWithDocument(file, {
      caption: ctx.t('admin-promo-batch-done', {
        count: codes.length,
        amount: stars(ctx, args.stars),
        validity: validity(ctx, expiresAt, new Date()),
      }),
    });
  });

  withBilling.command('promos', async (ctx) => {
    const { text, keyboard } = await promosPage(ctx, 0);
    await ctx.reply(text, { reply_markup: keyboard });
  });

  withBilling.callbackQuery(promoListPageData.filter(), async (ctx) => {
    const { page } = promoListPageData.unpack(ctx.callbackQuery.data);
    const { text, keyboard } = await promosPage(ctx, page);
    await ctx.answerCallbackQuery();
    await editIgnoringNotModified(ctx.editMessageText(text, { reply_markup: keyboard }));
  });

  withBilling.command('promo_off', async (ctx) => {
    const typed = ctx.match.trim();
    if (typed === '') return void (await ctx.reply(ctx.t('admin-promo-off-usage')));
    const outcome = await ctx.deps.promo!.disable(ctx.from.id, typed);
    const code = typed.toUpperCase();
    await ctx.reply(ctx.t(`admin-promo-off-${outcome}`, { code }));
  });

  return feature;
}
