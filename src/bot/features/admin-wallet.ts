/**
 * The admins' wallet tools (BILLING=stars), in private chats only; for anyone else these commands
 * fall through to the catch-all like any unknown command:
 * - /refund <telegram_payment_charge_id>: shows how much of the top-up is still refundable (its part
 *   of the customer's paid Stars; granted Stars never are), with a button that returns it through
 *   Telegram when all of it is (Telegram refunds a payment whole); for a subscription period's payment,
 *   the period and the unspent Stars that expire with the refund, with a button;
 * - /grant <user id> <stars> [reason]: gives Stars (once per command message, even if redelivered);
 * - /wallet <user id>: a customer's balance and latest movements (plain /wallet is the admin's own).
 */
import { createHash } from 'node:crypto';
import { InlineKeyboard } from 'grammy';
import type { PeriodRefundPreview } from '../../services/subscriptions.js';
import { buttonFamily, field } from '../../telegram/callback-data/codec.js';
import { textsForUser } from '../../telegram/i18n.js';
import { refundStarPayment } from '../../telegram/telegram-errors.js';
import { stars } from '../../telegram/texts/money.js';
import { planName } from '../../telegram/texts/plan-name.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import { isAdmin } from './admin.js';
import { walletHistoryLines } from './wallet.js';

export const adminWalletFeature = new Composer<BotContext>();
const admins = adminWalletFeature
  .chatType('private')
  .filter((ctx) => isAdmin(ctx) && ctx.deps.admin.wallet !== null);

const MAX_GRANT = 100_000;

/**
 * Tells a customer, in their language, that an admin moved Stars on their wallet. A customer who
 * blocked the bot is not told; the admin's action stands all the same.
 */
async function tellCustomer(
  ctx: BotContext,
  userId: number,
  key: 'wallet-granted-notice' | 'wallet-refunded-notice' | 'subscription-refunded-notice',
  amount: number,
): Promise<void> {
  const user = await ctx.deps.admin.wallet!.customer(userId);
  const texts = textsForUser(ctx.deps.i18n, user, ctx.deps.config.defaultLocale);
  const balance = await ctx.deps.wallet!.balance(userId);
  await ctx.api
    .sendMessage(userId, texts.t(key, { amount: stars(texts, amount), balance: stars(texts, balance) }))
    .catch((err: unknown) =>
      ctx.logger.warn({ err, userId }, 'could not tell the customer about their Stars'),
    );
}
const GRANT = /^(\d{1,15})\s+(\d{1,6})(?:\s+([\s\S]{1,200}))?$/;

/** "Refund" under a /refund preview: names the paid invoice (its id fits a button; a charge id may not). */
const refundButton = buttonFamily('wr', { topup: field.tag });

admins.command('refund', async (ctx) => {
  const chargeId = ctx.match.trim();
  if (!/^\S{1,200}$/.test(chargeId)) {
    await ctx.reply(ctx.t('admin-refund-usage'));
    return;
  }
  const period = await ctx.deps.subscriptions?.refundPreview(chargeId);
  if (period) return showPeriodRefund(ctx, chargeId, period);
  // First what can be refunded (only the paid part: granted Stars never are), then a button.
  const preview = await ctx.deps.admin.wallet!.refundPreview(chargeId);
  if (preview.kind === 'unknown') return void (await ctx.reply(ctx.t('admin-refund-unknown')));
  if (preview.kind === 'already_refunded') return void (await ctx.reply(ctx.t('admin-refund-already')));
  const { topup, refundable } = preview;
  const whole = refundable >= topup.stars;
  const text = ctx.t('admin-refund-preview', {
    amount: stars(ctx, topup.stars),
    user: String(topup.userId),
    refundable: stars(ctx, refundable),
  });
  const keyboard = new InlineKeyboard();
  if (whole) {
    keyboard.text(
      ctx.t('admin-refund-button', { amount: stars(ctx, topup.stars) }),
      refundButton.pack({ topup: topup.id }),
    );
  }
  const reward = preview.reward
    ? `\n${ctx.t('admin-refund-takes-reward', {
        amount: stars(ctx, preview.reward.stars),
        referrer: String(preview.reward.referrerId),
        balance: stars(ctx, preview.reward.balanceAfter),
      })}`
    : '';
  const note = (whole ? '' : `\n${ctx.t('admin-refund-partly-spent')}`) + reward;
  await ctx.reply(text + note, whole ? { reply_markup: keyboard } : {});
});

admins.callbackQuery(refundButton.filter(), async (ctx) => {
  const { topup } = refundButton.unpack(ctx.callbackQuery.data);
  const chargeId = await ctx.deps.admin.wallet!.chargeOfTopup(topup);
  await ctx.answerCallbackQuery();
  await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined);
  if (!chargeId) return void (await ctx.reply(ctx.t('admin-refund-unknown')));
  const result = await ctx.deps.admin.wallet!.refund(chargeId, ctx.from.id, (userId, charge) =>
    refundStarPayment(ctx.api, userId, charge),
  );
  switch (result.kind) {
    case 'refunded':
      await ctx.reply(
        ctx.t('admin-refund-done', { amount: stars(ctx, result.stars), user: String(result.userId) }),
      );
      await tellCustomer(ctx, result.userId, 'wallet-refunded-notice', result.stars);
      return;
    case 'unknown':
      await ctx.reply(ctx.t('admin-refund-unknown'));
      return;
    case 'already_refunded':
      await ctx.reply(ctx.t('admin-refund-already'));
      return;
    case 'spent':
      await ctx.reply(
        `${ctx.t('admin-refund-preview', {
          amount: stars(ctx, result.stars),
          user: String(result.userId),
          refundable: stars(ctx, result.refundable),
        })}\n${ctx.t('admin-refund-partly-spent')}`,
      );
      return;
    case 'telegram_refused':
      await ctx.reply(ctx.t('admin-refund-telegram', { reason: result.description }));
      return;
  }
});

admins.command('grant', async (ctx) => {
  const match = GRANT.exec(ctx.match.trim());
  const amount = Number(match?.[2] ?? 0);
  if (!match || amount < 1 || amount > MAX_GRANT) {
    await ctx.reply(ctx.t('admin-grant-usage'));
    return;
  }
  const userId = Number(match[1]);
  const granted = await ctx.deps.admin.wallet!.grant({
    userId,
    stars: amount,
    adminId: ctx.from.id,
    reason: match[3]?.trim() ?? null,
    key: `${ctx.chat.id}:${ctx.message?.message_id ?? ctx.update.update_id}`,
  });
  if (granted.kind === 'unknown_user') {
    await ctx.reply(ctx.t('admin-grant-unknown-user', { user: String(userId) }));
    return;
  }
  if (granted.kind === 'repeat') {
    await ctx.reply(ctx.t('admin-grant-repeat'));
    return;
  }
  await ctx.reply(
    ctx.t('admin-grant-done', {
      amount: stars(ctx, amount),
      user: String(userId),
      balance: stars(ctx, granted.balance),
    }),
  );
  await tellCustomer(ctx, userId, 'wallet-granted-notice', amount);
});

admins.command('wallet', async (ctx, next) => {
  const arg = ctx.match.trim();
  if (arg === '') return next();
  if (!/^\d{1,15}$/.test(arg)) {
    await ctx.reply(ctx.t('admin-wallet-usage'));
    return;
  }
  const userId = Number(arg);
  const user = await ctx.deps.admin.wallet!.customer(userId);
  // Someone who never wrote to the bot has no wallet: an empty one would read as "⭐ 0 left".
  if (!user && (await ctx.deps.wallet!.history(userId, 1)).length === 0) {
    await ctx.reply(ctx.t('admin-user-not-found', { query: arg }));
    return;
  }
  const balance = await ctx.deps.wallet!.balance(userId);
  const lines = [
    ctx.t('admin-wallet-title', {
      user: String(userId),
      name: user ? ` (${user.firstName}${user.username ? `, @${user.username}` : ''})` : '',
      balance: stars(ctx, balance),
    }),
    '',
    ...(await walletHistoryLines(ctx, userId, { charges: true })),
  ];
  await ctx.reply(lines.join('\n'));
});

/**
 * "Refund" under a subscription period's preview: its customer and a tag of its charge id (a charge id
 * may not fit a button); the handler finds the period among that customer's few.
 */
const periodRefundButton = buttonFamily('wrp', {
  user: field.int(1, 9_999_999_999_999),
  charge: field.tag,
});

/** 16 base64url characters of the charge id's SHA-256: distinct among one customer's periods. */
function chargeTag(chargeId: string): string {
  return createHash('sha256').update(chargeId).digest('base64url').slice(0, 16);
}

/** /refund of a subscription payment: what it returns and what expires with it, then a button. */
async function showPeriodRefund(
  ctx: BotContext,
  chargeId: string,
  preview: PeriodRefundPreview,
): Promise<void> {
  if (preview.kind === 'already_refunded') return void (await ctx.reply(ctx.t('admin-refund-already')));
  const { period, unspent, spent } = preview;
  let text = ctx.t('admin-refund-subscription-preview', {
    amount: stars(ctx, period.stars),
    user: String(period.userId),
    name: planName(ctx, { id: period.planId }),
    from: ctx.dateTime(period.startsAt),
    to: ctx.dateTime(period.endsAt),
    unspent: stars(ctx, unspent),
  });
  // What was spent of it is booked against the customer, as for a top-up Telegram refunds.
  if (spent > 0) text += `\n${ctx.t('admin-refund-subscription-spent', { spent: stars(ctx, spent) })}`;
  const keyboard = new InlineKeyboard().text(
    ctx.t('admin-refund-button', { amount: stars(ctx, period.stars) }),
    periodRefundButton.pack({ user: period.userId, charge: chargeTag(chargeId) }),
  );
  await ctx.reply(text, { reply_markup: keyboard });
}

admins.callbackQuery(periodRefundButton.filter(), async (ctx) => {
  const { user, charge } = periodRefundButton.unpack(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined);
  const charges = (await ctx.deps.subscriptions?.periodCharges(user)) ?? [];
  const chargeId = charges.find((c) => chargeTag(c) === charge);
  if (!chargeId) return void (await ctx.reply(ctx.t('admin-refund-unknown')));
  await refundPeriod(ctx, chargeId);
});

/** The button under a period's preview: Telegram returns the payment, its unspent allowance expires. */
async function refundPeriod(ctx: BotContext & { from: { id: number } }, chargeId: string): Promise<void> {
  const result = await ctx.deps.subscriptions!.refund(chargeId, (userId, charge) =>
    refundStarPayment(ctx.api, userId, charge),
  );
  if (!result) return void (await ctx.reply(ctx.t('admin-refund-unknown')));
  if (result.kind === 'already_refunded') return void (await ctx.reply(ctx.t('admin-refund-already')));
  if (result.kind === 'telegram_refused') {
    return void (await ctx.reply(ctx.t('admin-refund-telegram', { reason: result.description })));
  }
  ctx.logger.info({ adminId: ctx.from.id, chargeId }, 'subscription payment refunded by an admin');
  await ctx.deps.admin.wallet?.auditPeriodRefund(ctx.from.id, {
    chargeId,
    userId: result.userId,
    stars: result.stars,
    expired: result.expired,
  });
  const done = ctx.t('admin-refund-subscription-done', {
    amount: stars(ctx, result.stars),
    user: String(result.userId),
    expired: stars(ctx, result.expired),
  });
  const spent =
    result.spent > 0
      ? `\n${ctx.t('admin-refund-subscription-spent-done', { spent: stars(ctx, result.spent) })}`
      : '';
  await ctx.reply(done + spent);
  await tellCustomer(ctx, result.userId, 'subscription-refunded-notice', result.stars);
}
