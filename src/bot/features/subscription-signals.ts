/**
 * Telegram's `subscription` update (Bot API 10.2): the customer turned renewal off or on again in
 * Telegram itself, or the renewal's payment failed. The change is recorded once per update id
 * (SubscriptionsService.signal) and the customer told once, in their language, with what to do:
 * a failed renewal gets the plan's link to pay again, a change of renewal the way to their plan.
 * Installed beside the payments, before the access guard: it concerns money already paid.
 */
import { InlineKeyboard } from 'grammy';
import type { SubscriptionSignalNotice } from '../../services/subscriptions.js';
import { subscribePlanData, subscriptionActionData } from '../../telegram/callback-data/subscriptions.js';
import type { Texts } from '../../telegram/i18n.js';
import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import { stars } from '../../telegram/texts/money.js';
import { planName } from '../../telegram/texts/plan-name.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';

export const subscriptionSignalsFeature = new Composer<BotContext>();

/** The message for a change Telegram reported, and its buttons. */
export function subscriptionSignalMessage(
  texts: Texts,
  notice: SubscriptionSignalNotice,
): { text: string; keyboard: InlineKeyboard } {
  const { subscription, plan, state } = notice;
  const name = planName(texts, { id: subscription.planId });
  const price = stars(texts, subscription.priceStars);
  const keyboard = new InlineKeyboard();
  if (state === 'failed') {
    // Paying the plan's link again keeps it; a plan no longer offered leaves the list of plans.
    if (plan)
      keyboard.text(
        texts.t('subscription-button-renew', { name, price: stars(texts, plan.priceStars) }),
        subscribePlanData.pack({ plan: plan.id }),
      );
    else
      keyboard.text(texts.t('subscription-button-plans'), subscriptionActionData.pack({ action: 'plans' }));
    return {
      text: texts.t('subscription-signal-failed', { name, price }),
      keyboard: mainMenuButton(texts, keyboard.row()),
    };
  }
  keyboard
    .text(texts.t('subscription-button-status'), subscriptionActionData.pack({ action: 'plans' }))
    .row();
  const date = texts.dateTime(subscription.expiresAt);
  const text =
    state === 'canceled'
      ? texts.t('subscription-signal-canceled', { name, date })
      : texts.t('subscription-signal-active', { name, date, price });
  return { text, keyboard: mainMenuButton(texts, keyboard) };
}

subscriptionSignalsFeature.on('subscription', async (ctx) => {
  const subs = ctx.deps.subscriptions;
  const { user, invoice_payload: payload, state } = ctx.update.subscription;
  if (!subs) return;
  const notice = await subs.signal({ updateId: ctx.update.update_id, userId: user.id, payload, state });
  if (!notice) return;
  const message = subscriptionSignalMessage(ctx, notice);
  // The customer's private chat is their user id; a customer who blocked the bot is simply not told.
  await ctx.api
    .sendMessage(user.id, message.text, { reply_markup: message.keyboard })
    .catch((err: unknown) => ctx.logger.warn({ err, state }, 'could not tell a subscription change'));
});
