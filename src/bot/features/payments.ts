/**
 * Telegram Stars payments, installed before the access guard and the conversations: a checkout must
 * be answered within Telegram's 10 seconds whatever the chat is doing, and a payment is credited
 * even in the middle of a form (or for a user banned after paying: Telegram took their Stars).
 *
 * - pre_checkout_query: ok only for our own unpaid invoice, for its buyer, at its amount, and for a
 *   user who may use the bot; otherwise refused with the reason in the user's language.
 * - successful_payment: credited once under telegram_payment_charge_id (a redelivered update books
 *   nothing); the user is told once, with a button back to the order they topped up for, or else
 *   with Create and the menu (so are subscribers when a period is paid).
 * - refunded_payment: a refund Telegram made on its own is booked once and reported to admins (a
 *   subscription payment's too: its period ends and its spent allowance is booked against them).
 * - subscriptions: a plan invoice's checkout is checked against the plan; a recurring payment
 *   (is_first_recurring / is_recurring) credits the period's allowance once per charge id, or, with
 *   no plans offered any more, its Stars as a top-up, and the renewal is turned off.
 */
import { InlineKeyboard } from 'grammy';
import type { SuccessfulPayment } from 'grammy/types';
import { starsOfPayment } from '../../domain/stars-payment.js';
import { UNNAMED_PLAN_ID } from '../../domain/subscription.js';
import { htmlToPlainText } from '../../lib/html.js';
import type { PlanCheckoutRefusal, SubscriptionsService } from '../../services/subscriptions.js';
import type { CheckoutRefusal } from '../../services/wallet/wallet.js';
import { orderActionData } from '../../telegram/callback-data/generate.js';
import { newOrderKeyboard } from '../../telegram/keyboards/way-out.js';
import { priceTag } from '../../telegram/order-summary.js';
import { orderPrice, stars } from '../../telegram/texts/money.js';
import { planName } from '../../telegram/texts/plan-name.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import { accessVerdict } from '../middlewares/access.js';

export const paymentsFeature = new Composer<BotContext>();

/** The text of each refusal of a top-up's checkout: it sends the customer back to /wallet's packs. */
const TOPUP_REFUSALS = {
  unknown_invoice: 'checkout-unknown-invoice',
  already_paid: 'checkout-already-paid',
  wrong_amount: 'checkout-wrong-amount',
  other_user: 'checkout-other-user',
} as const satisfies Record<CheckoutRefusal, string>;

/** The text of each refusal of a plan's checkout: back to /subscribe, or to /subscription. */
const PLAN_REFUSALS = {
  unknown_invoice: 'checkout-plan-unknown-invoice',
  other_user: 'checkout-plan-other-user',
  wrong_amount: 'checkout-plan-wrong-amount',
  already_subscribed: 'checkout-already-subscribed',
  payment_pending: 'checkout-payment-pending',
} as const satisfies Record<PlanCheckoutRefusal, string>;

/** A refused checkout's reason and the key of its text; undefined for an ok. */
function refusalText<R extends string>(
  verdict: { ok: true } | { ok: false; reason: R },
  texts: Record<R, string>,
): { reason: R; key: string } | undefined {
  return verdict.ok ? undefined : { reason: verdict.reason, key: texts[verdict.reason] };
}

paymentsFeature.on('pre_checkout_query', async (ctx) => {
  const query = ctx.preCheckoutQuery;
  const wallet = ctx.deps.wallet;
  const refuse = (key: string) =>
    ctx.answerPreCheckoutQuery(false, { error_message: htmlToPlainText(ctx.t(key), 255) });
  if (!wallet) return refuse('checkout-unknown-invoice');
  if (accessVerdict(ctx.deps.config, query.from.id, ctx.user?.bannedAt ?? null) !== 'allowed') {
    return refuse('checkout-not-allowed');
  }
  const checkout = {
    payload: query.invoice_payload,
    userId: query.from.id,
    currency: query.currency,
    totalAmount: query.total_amount,
  };
  // A plan's invoice (a subscription) is checked against the plan, a top-up's against its row.
  const subscriptions = ctx.deps.subscriptions;
  const refusal = subscriptions?.isPlanPayload(query.invoice_payload)
    ? refusalText(await subscriptions.checkCheckout(checkout), PLAN_REFUSALS)
    : refusalText(await wallet.checkCheckout(checkout), TOPUP_REFUSALS);
  if (refusal) {
    ctx.logger.info({ userId: query.from.id, reason: refusal.reason }, 'checkout refused');
    return refuse(refusal.key);
  }
  await ctx.answerPreCheckoutQuery(true);
});

paymentsFeature.on('message:successful_payment', async (ctx) => {
  const payment = ctx.message.successful_payment;
  const wallet = ctx.deps.wallet;
  const paid = starsOfPayment({ currency: payment.currency, totalAmount: payment.total_amount });
  if (!wallet || paid === undefined) {
    ctx.logger.error(
      {
        chargeId: payment.telegram_payment_charge_id,
        currency: payment.currency,
        amount: payment.total_amount,
      },
      'a payment arrived that this bot does not sell: nothing credited',
    );
    return;
  }
  const recurring = payment.is_recurring === true || payment.is_first_recurring === true;
  if (recurring && ctx.deps.subscriptions) return creditPeriod(ctx, ctx.deps.subscriptions, payment, paid);
  // A recurring payment with no plans offered (SUBSCRIPTION_PLANS removed while customers still
  // renew): Telegram took the Stars, so they are credited as an ordinary top-up below, and the
  // renewal is turned off so nobody keeps paying for a plan that no longer exists.
  const notice = await wallet.creditPayment({
    chargeId: payment.telegram_payment_charge_id,
    userId: ctx.from.id,
    stars: paid,
    payload: payment.invoice_payload,
  });
  if (recurring && notice.credited) await turnRenewalOff(ctx, payment.telegram_payment_charge_id);
  if (notice.kind === 'silent') return;
  const lines = [
    ctx.t('wallet-credited', { amount: stars(ctx, notice.stars), balance: stars(ctx, notice.balance) }),
  ];
  if (recurring) lines.push(ctx.t('subscription-plan-withdrawn'));
  const draft = notice.orderId
    ? await ctx.deps.ordering.findForCustomer(notice.orderId, ctx.from.id)
    : undefined;
  // An order started in a group or on a guest card is confirmed on its card, where it was asked for.
  const onCard = draft !== undefined && (draft.chatId !== ctx.chat.id || draft.inlineMessageId !== null);
  let keyboard: InlineKeyboard;
  if (draft?.stage === 'awaiting_confirmation' && onCard) {
    lines.push('', ctx.t('wallet-credited-card'));
    keyboard = newOrderKeyboard(ctx);
  } else if (draft?.stage === 'awaiting_confirmation') {
    // The same Confirm as on the summary, bound to the same price: a re-quote is shown first.
    lines.push('', ctx.t('wallet-credited-order'));
    keyboard = new InlineKeyboard().text(
      ctx.t('wallet-button-continue-order', { price: orderPrice(ctx, draft) }),
      orderActionData.pack({ a: 'ok', id: draft.id, t: priceTag(draft) }),
    );
  } else {
    // Stars just arrived with nothing waiting for them: the way to spend them, or back to the menu.
    keyboard = newOrderKeyboard(ctx);
  }
  await ctx.reply(lines.join('\n'), { reply_markup: keyboard });
});

/** Auto-renewal off on Telegram's side; a failure is logged (the Stars are already credited). */
async function turnRenewalOff(ctx: BotContext & { from: { id: number } }, chargeId: string): Promise<void> {
  ctx.logger.error(
    { userId: ctx.from.id, chargeId },
    'a subscription payment with no plans offered: credited as Stars, renewal turned off',
  );
  await ctx.api
    .editUserStarSubscription(ctx.from.id, chargeId, true)
    .catch((err: unknown) => ctx.logger.warn({ err, chargeId }, 'could not turn the renewal off'));
}

/**
 * A subscription period paid (first payment or renewal): its allowance is booked once per charge id
 * (a payment with no plan we know is logged and its price credited as allowance); the customer is
 * told once, by the delivery that booked it.
 */
async function creditPeriod(
  ctx: BotContext & { chat: { id: number }; from: { id: number } },
  subscriptions: SubscriptionsService,
  payment: SuccessfulPayment,
  paid: number,
): Promise<void> {
  const expiration = payment.subscription_expiration_date;
  const notice = await subscriptions.recordPayment({
    chargeId: payment.telegram_payment_charge_id,
    userId: ctx.from.id,
    stars: paid,
    payload: payment.invoice_payload,
    expiresAt: expiration === undefined ? undefined : new Date(expiration * 1000),
    first: payment.is_first_recurring === true,
  });
  if (!notice.credited) return;
  const name = planName(ctx, notice.plan ?? { id: notice.planId ?? UNNAMED_PLAN_ID });
  await ctx.reply(
    ctx.t(notice.renewal ? 'subscription-renewed' : 'subscription-activated', {
      name,
      allowance: stars(ctx, notice.allowance),
      balance: stars(ctx, notice.balance),
      date: ctx.dateTime(notice.expiresAt),
    }),
    { reply_markup: newOrderKeyboard(ctx) },
  );
}

/** Telegram refunded a payment on its own: booked (once) in the ledger, admins told. */
paymentsFeature.on('message:refunded_payment', async (ctx) => {
  const refund = ctx.message.refunded_payment;
  const wallet = ctx.deps.wallet;
  const refunded = starsOfPayment({ currency: refund.currency, totalAmount: refund.total_amount });
  if (!wallet || refunded === undefined) return;
  const refundInput = { chargeId: refund.telegram_payment_charge_id, userId: ctx.from.id, stars: refunded };
  // A subscription period's payment: as for a top-up, the period ends, its unspent allowance
  // expires, what was spent of it is booked against the customer, and the admins are told, once.
  if (await ctx.deps.subscriptions?.telegramRefund(refundInput.chargeId)) return;
  const booked = await wallet.telegramRefund(refundInput);
  if (booked) {
    ctx.deps.admin.alerts.raiseLater(
      { kind: 'telegram_refund', ...refundInput, balance: booked.balance },
      refundInput.chargeId,
    );
  }
});
