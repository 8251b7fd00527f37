/**
 * Stars subscriptions, the customer's side (SUBSCRIPTION_PLANS): /subscribe shows the plans and sends
 * a plan's invoice link (createInvoiceLink with subscription_period); /subscription (and /wallet's
 * button, for a subscriber) shows the plan, the allowance left and the renewal date and terms, with
 * Cancel / Resume (editUserStarSubscription), one per live subscription if Telegram charges two;
 * /wallet's button shows the plans to anyone else. Payments themselves are handled in payments.ts,
 * ahead of everything.
 */
import { InlineKeyboard } from 'grammy';
import type { SubscriptionRecord } from '../../db/records.js';
import type { SubscriptionPlan } from '../../domain/subscription.js';
import type { SubscriptionsService } from '../../services/subscriptions.js';
import {
  subscribePlanData,
  subscriptionActionData,
  subscriptionItemData,
} from '../../telegram/callback-data/subscriptions.js';
import type { Texts } from '../../telegram/i18n.js';
import { planInvoiceLink } from '../../telegram/invoice-links.js';
import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import { stars } from '../../telegram/texts/money.js';
import { planName } from '../../telegram/texts/plan-name.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';

export const subscriptionsFeature = new Composer<BotContext>();
const privateChats = subscriptionsFeature.chatType('private');

function planLine(texts: Texts, plan: SubscriptionPlan): string {
  return texts.t('subscription-plan-line', {
    name: planName(texts, plan),
    description: texts.t('subscription-plan-description', {
      id: plan.id,
      price: stars(texts, plan.priceStars),
      allowance: stars(texts, plan.allowanceStars),
    }),
  });
}

function renderPlans(ctx: BaseContext): { text: string; keyboard: InlineKeyboard } {
  const subs = ctx.deps.subscriptions!;
  const lines = [ctx.t('subscription-plans-title'), ''];
  const keyboard = new InlineKeyboard();
  for (const plan of subs.plans) {
    lines.push(planLine(ctx, plan));
    keyboard
      .text(
        ctx.t('subscription-button-plan', { name: planName(ctx, plan), price: stars(ctx, plan.priceStars) }),
        subscribePlanData.pack({ plan: plan.id }),
      )
      .row();
  }
  lines.push('', ctx.t('subscription-plans-rules'));
  return { text: lines.join('\n'), keyboard: mainMenuButton(ctx, keyboard) };
}

async function renderStatus(
  ctx: BaseContext,
  userId: number,
): Promise<{ text: string; keyboard: InlineKeyboard } | undefined> {
  const status = await ctx.deps.subscriptions!.status(userId);
  if (!status || status.live.length === 0) return undefined;
  const { live, allowanceLeft } = status;
  // Each subscription renews on the terms of its first payment, whatever the plan costs now.
  const renewal = (subscription: SubscriptionRecord) => {
    const date = ctx.dateTime(subscription.expiresAt);
    if (subscription.renewalFailedAt) return ctx.t('subscription-status-renewal-failed');
    // Turned off in Telegram: only the customer can turn it on again, there.
    if (subscription.cancelledInTelegram) return ctx.t('subscription-status-cancelled-in-telegram', { date });
    return subscription.cancelled
      ? ctx.t('subscription-status-cancelled', { date })
      : ctx.t('subscription-status-renews', {
          date,
          price: stars(ctx, subscription.priceStars),
          allowance: stars(ctx, subscription.allowanceStars),
        });
  };
  const action = (subscription: SubscriptionRecord) => (subscription.cancelled ? 'resume' : 'cancel');
  const keyboard = new InlineKeyboard();
  if (live.length === 1) {
    const [subscription] = live as [SubscriptionRecord];
    const lines = [
      ctx.t('subscription-status', {
        name: planName(ctx, { id: subscription.planId }),
        left: stars(ctx, allowanceLeft),
      }),
      renewal(subscription),
    ];
    const plan = ctx.deps.subscriptions!.plan(subscription.planId);
    if (subscription.renewalFailedAt && plan) {
      keyboard.text(
        ctx.t('subscription-button-renew', {
          name: planName(ctx, plan),
          price: stars(ctx, plan.priceStars),
        }),
        subscribePlanData.pack({ plan: plan.id }),
      );
    } else if (!subscription.cancelledInTelegram && !subscription.renewalFailedAt) {
      keyboard.text(
        ctx.t(subscription.cancelled ? 'subscription-button-resume' : 'subscription-button-cancel'),
        subscriptionActionData.pack({ action: action(subscription) }),
      );
    }
    return { text: lines.join('\n'), keyboard: mainMenuButton(ctx, keyboard.row()) };
  }
  // Telegram charges two of the customer's plan links (the checkout refuses a second one, but a
  // payment may still come): each is shown, with a Cancel of its own.
  const lines = [
    ctx.t('subscription-status-several', { count: live.length, left: stars(ctx, allowanceLeft) }),
  ];
  live.forEach((subscription, i) => {
    const n = i + 1;
    lines.push(
      ctx.t('subscription-status-item', {
        n,
        name: planName(ctx, { id: subscription.planId }),
        renewal: renewal(subscription),
      }),
    );
    keyboard
      .text(
        ctx.t(
          subscription.cancelled ? 'subscription-button-resume-item' : 'subscription-button-cancel-item',
          {
            n,
          },
        ),
        subscriptionItemData.pack({ action: action(subscription), n }),
      )
      .row();
  });
  return { text: lines.join('\n'), keyboard: mainMenuButton(ctx, keyboard) };
}

/** The plans, where a text would otherwise say "type /subscribe". */
function plansButton(texts: Texts, keyboard = new InlineKeyboard()): InlineKeyboard {
  return keyboard.text(
    texts.t('subscription-button-plans'),
    subscriptionActionData.pack({ action: 'plans' }),
  );
}

/** Told when a subscription lapsed (the renewal failed): its name, and the way to subscribe again. */
export function subscriptionEndedNotice(
  texts: Texts,
  planId: string,
): { text: string; keyboard: InlineKeyboard } {
  const name = planName(texts, { id: planId });
  return { text: texts.t('subscription-ended', { name }), keyboard: plansButton(texts) };
}

/** Subscriptions switched off: nothing to show here, so the way back. */
async function replyOff(ctx: BotContext): Promise<void> {
  await ctx.reply(ctx.t('subscription-off'), { reply_markup: mainMenuButton(ctx) });
}

privateChats.command('subscribe', async (ctx) => {
  if (!ctx.deps.subscriptions) return replyOff(ctx);
  const view = renderPlans(ctx);
  await ctx.reply(view.text, { reply_markup: view.keyboard });
});

privateChats.command('subscription', async (ctx) => {
  if (!ctx.deps.subscriptions) return replyOff(ctx);
  const view = await renderStatus(ctx, ctx.from.id);
  if (!view) {
    await ctx.reply(ctx.t('subscription-none'), { reply_markup: mainMenuButton(ctx, plansButton(ctx)) });
    return;
  }
  await ctx.reply(view.text, { reply_markup: view.keyboard });
});

privateChats.callbackQuery(subscribePlanData.filter(), async (ctx) => {
  const { plan: planId } = subscribePlanData.unpack(ctx.callbackQuery.data);
  const invoice = ctx.deps.subscriptions?.invoice(ctx.from.id, planId);
  if (!invoice) return void (await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') }));
  await ctx.answerCallbackQuery();
  const { plan } = invoice;
  const name = planName(ctx, plan);
  const link = await planInvoiceLink(ctx.api, ctx, invoice);
  await ctx.reply(ctx.t('subscription-invoice-ready', { name }), {
    reply_markup: new InlineKeyboard().url(
      ctx.t('subscription-button-pay', { price: stars(ctx, plan.priceStars) }),
      link,
    ),
  });
});

privateChats.callbackQuery(subscriptionActionData.filter(), async (ctx) => {
  const { action } = subscriptionActionData.unpack(ctx.callbackQuery.data);
  const subs = ctx.deps.subscriptions;
  if (!subs) return void (await ctx.answerCallbackQuery({ text: ctx.t('subscription-off') }));
  if (action === 'plans') {
    await ctx.answerCallbackQuery();
    // A subscriber can't buy a second plan (the checkout refuses it): theirs, with Cancel / Resume.
    const view = (await renderStatus(ctx, ctx.from.id)) ?? renderPlans(ctx);
    await ctx.reply(view.text, { reply_markup: view.keyboard });
    return;
  }
  await changeRenewal(ctx, subs, action === 'cancel', 1);
});

privateChats.callbackQuery(subscriptionItemData.filter(), async (ctx) => {
  const { action, n } = subscriptionItemData.unpack(ctx.callbackQuery.data);
  const subs = ctx.deps.subscriptions;
  if (!subs) return void (await ctx.answerCallbackQuery({ text: ctx.t('subscription-off') }));
  await changeRenewal(ctx, subs, action === 'cancel', n);
});

/** Cancel or Resume of the customer's live subscription number `n`, then the status again. */
async function changeRenewal(
  ctx: BotContext & { from: { id: number } },
  subs: SubscriptionsService,
  cancel: boolean,
  n: number,
): Promise<void> {
  const changed = await subs
    .setRenewal(
      ctx.from.id,
      cancel,
      (userId, chargeId, isCanceled) => ctx.api.editUserStarSubscription(userId, chargeId, isCanceled),
      n,
    )
    .catch((err: unknown) => {
      ctx.logger.warn({ err, cancel }, 'Telegram refused to change the subscription');
      return undefined;
    });
  // Answered once whatever happened: a refusal by Telegram changed nothing here.
  if (changed === undefined) return void (await ctx.answerCallbackQuery({ text: ctx.t('error-generic') }));
  await ctx.answerCallbackQuery(
    changed ? { text: ctx.t(cancel ? 'subscription-cancelled' : 'subscription-resumed') } : {},
  );
  const view = await renderStatus(ctx, ctx.from.id);
  if (view) await ctx.editMessageText(view.text, { reply_markup: view.keyboard }).catch(() => undefined);
}

/** /stats: active subscribers per plan, subscription revenue, renewals turned off this month (UTC). */
export async function subscriptionStatsLine(
  texts: Texts,
  subs: SubscriptionsService,
  now = new Date(),
): Promise<string> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const stats = await subs.stats(since);
  const plans = subs.plans
    .map((plan) =>
      texts.t('admin-stats-subscriptions-plan', {
        name: planName(texts, plan),
        n: stats.activeByPlan[plan.id] ?? 0,
      }),
    )
    .join(', ');
  return texts.t('admin-stats-subscriptions', {
    plans,
    revenue: stars(texts, stats.revenueStars),
    periods: stats.paidPeriods,
    refunded: stats.refundedPeriods,
    churn: stats.cancelledSince,
  });
}

/** The customer card's subscription line (none: nothing). */
export async function subscriptionCardLine(
  texts: Texts,
  subs: SubscriptionsService,
  userId: number,
): Promise<string | undefined> {
  const status = await subs.status(userId);
  if (!status) return undefined;
  const { subscription, allowanceLeft } = status;
  return texts.t('admin-user-subscription', {
    name: planName(texts, status.plan ?? { id: subscription.planId }),
    state: texts.t(
      subscription.state === 'ended'
        ? 'admin-user-subscription-ended'
        : subscription.cancelled
          ? 'admin-user-subscription-cancelled'
          : 'admin-user-subscription-active',
      { date: texts.dateTime(subscription.endedAt ?? subscription.expiresAt) },
    ),
    left: stars(texts, allowanceLeft),
  });
}
