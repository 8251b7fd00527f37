/**
 * Confirm, change or cancel a priced order. Keyed by the order id in the button, checked against
 * the chat that owns it, and bound to the shown price by a tag: the ordering service makes any
 * number of presses, retries and restarts add up to at most one upstream order.
 */
import { InlineKeyboard } from 'grammy';
import type { OrderRecord } from '../../db/records.js';
import { isActiveStatus } from '../../domain/order-state.js';
import { InsufficientStarsError } from '../../domain/wallet.js';
import { orderActionData } from '../../telegram/callback-data/generate.js';
import { walletBuyData } from '../../telegram/callback-data/wallet.js';
import { chatWork } from '../../telegram/chat-work.js';
import type { FormPart } from '../../telegram/form-parts.js';
import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import { newOrderKeyboard } from '../../telegram/keyboards/way-out.js';
import { orderStatusText } from '../../telegram/order-status.js';
import { orderSummary, priceTag } from '../../telegram/order-summary.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { withShownModelName } from '../../telegram/texts/model-name.js';
import { orderPrice, price, pricesShown, stars } from '../../telegram/texts/money.js';
import { refusalText } from '../../telegram/texts/refusals.js';
import { upstreamErrorText } from '../../telegram/texts/upstream-errors.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import type { GenerateArgs } from '../conversations/generate/form-conversation.js';
import { GENERATE_CONVERSATION } from '../conversations/generate/generate.js';

export const orderConfirmationFeature = new Composer<BotContext>();
const privateChats = orderConfirmationFeature.chatType('private');

async function showSummary(ctx: BotContext, order: OrderRecord, notice?: string, topUp?: number) {
  const model = await ctx.deps.catalog.getModel(order.modelId).catch(() => undefined);
  const balance = order.priceStars !== null ? await ctx.deps.wallet?.balance(order.userId) : undefined;
  const summary = await orderSummary(ctx, order, model, balance);
  const text = notice ? `${notice}\n\n${summary.text}` : summary.text;
  if (topUp !== undefined) {
    // Short of Stars: the smallest pack that covers it, one tap away, tied to this draft.
    summary.keyboard
      .row()
      .text(
        ctx.t('wallet-button-topup', { amount: stars(ctx, topUp) }),
        walletBuyData.pack({ stars: topUp, orderId: order.id }),
      );
  }
  // A second press on a refused summary (a limit that still holds) draws the same screen: not an error.
  await editIgnoringNotModified(ctx.editMessageText(text, { reply_markup: summary.keyboard }));
}

/** Not enough Stars: how many are missing, and the pack to buy. */
async function showShortOfStars(ctx: BotContext, order: OrderRecord, short: InsufficientStarsError) {
  const notice = ctx.t('wallet-insufficient', {
    price: stars(ctx, short.priceStars),
    balance: stars(ctx, short.balanceStars),
    missing: stars(ctx, short.missingStars),
  });
  await showSummary(ctx, order, notice, ctx.deps.wallet?.packFor(short.missingStars));
}

async function showPlaced(ctx: BaseContext & BotContext, order: OrderRecord) {
  const messageId = ctx.callbackQuery?.message?.message_id;
  if (messageId !== undefined) await ctx.deps.ordering.setStatusMessageId(order.id, messageId);
  // The tracker may have moved the order on already: show the stored state, and leave final
  // states to the notifier, which shows them together with the results.
  const current = (await ctx.deps.ordering.find(order.id)) ?? order;
  if (current.status !== null && isActiveStatus(current.status)) {
    // Named as the form named it (an admin's name), as every later edit of this message does.
    const shown = withShownModelName(ctx, current, (id) => ctx.deps.catalog.displayOf(id));
    const status = await orderStatusText(ctx, shown);
    await editIgnoringNotModified(ctx.editMessageText(status.text, { reply_markup: status.keyboard }));
  }
  ctx.deps.live?.tracker.track(order.id);
}

privateChats.callbackQuery(orderActionData.filter({ a: 'ok' }), async (ctx) => {
  const { id, t } = orderActionData.unpack(ctx.callbackQuery.data);
  const existing = await ctx.deps.ordering.findForChat(id, ctx.chat.id);
  if (!existing) {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return;
  }
  if (existing.stage === 'awaiting_confirmation' && priceTag(existing) !== t) {
    // The message shows an older price than the draft holds: show the current one first.
    // Without prices shown, "the price has changed" would name something the customer never saw.
    const outdated = pricesShown(ctx) ? 'order-price-outdated' : 'order-requoted-no-price';
    await ctx.answerCallbackQuery({ text: ctx.t(outdated), show_alert: true });
    await showSummary(ctx, existing);
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t('order-submitting') });
  // Registered as the chat's long work, so /help and /cancel are answered while upstream takes its time.
  const outcome = await chatWork.run(ctx.chat.id, () => ctx.deps.ordering.confirm(id, ctx.chat.id));
  switch (outcome.kind) {
    case 'ordered':
      // A repeat press finds the order already placed: its status message is already shown.
      if (outcome.firstTime) await showPlaced(ctx, outcome.order);
      return;
    case 'requoted': {
      const { previousPriceStars: oldStars } = outcome;
      const notice = pricesShown(ctx)
        ? ctx.t('order-requoted', {
            old: oldStars !== null ? stars(ctx, oldStars) : price(ctx, outcome.previousPriceUsd),
            new: orderPrice(ctx, outcome.order),
          })
        : ctx.t('order-requoted-no-price');
      await showSummary(ctx, outcome.order, notice);
      return;
    }
    case 'rejected':
      await showSummary(
        ctx,
        outcome.order,
        upstreamErrorText(ctx, outcome.error.code, outcome.error.message),
      );
      return;
    case 'refused':
      // Nothing was sent and the draft is still confirmable: say why (a per-user limit, the wallet).
      if (outcome.reason instanceof InsufficientStarsError) {
        await showShortOfStars(ctx, outcome.order, outcome.reason);
        return;
      }
      await showSummary(ctx, outcome.order, refusalText(ctx, outcome.reason, outcome.order));
      return;
    case 'pending':
      // The upstream reason is not shown: whatever it was, the next step is the same.
      await showSummary(ctx, outcome.order, ctx.t('order-pending'));
      return;
    case 'closed':
      // A second press on the closed summary draws the same screen: not an error.
      await editIgnoringNotModified(
        ctx.editMessageText(ctx.t('order-closed'), { reply_markup: newOrderKeyboard(ctx) }),
      );
      return;
    case 'not_found':
      // The "submitting" toast is shown already: the stale button is explained on its own message.
      await editIgnoringNotModified(
        ctx.editMessageText(ctx.t('error-stale-button'), { reply_markup: newOrderKeyboard(ctx) }),
      );
      return;
  }
});

privateChats.callbackQuery(orderActionData.filter({ a: 'x' }), async (ctx) => {
  const { id } = orderActionData.unpack(ctx.callbackQuery.data);
  const cancelled = await ctx.deps.ordering.cancelDraft(id, ctx.chat.id);
  if (!cancelled) {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return;
  }
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(ctx.t('gen-cancelled'), { reply_markup: mainMenuButton(ctx) });
});

/** Which part of the form each change button goes back to. */
const CHANGED_PART = { edit: 'options', desc: 'prompt', files: 'media' } as const satisfies Record<
  string,
  FormPart
>;

privateChats.callbackQuery(/^o:(edit|desc|files):/, async (ctx) => {
  const button = orderActionData.parse(ctx.callbackQuery.data);
  const part =
    button && button.a in CHANGED_PART ? CHANGED_PART[button.a as keyof typeof CHANGED_PART] : undefined;
  const order = button && part ? await ctx.deps.ordering.findForChat(button.id, ctx.chat.id) : undefined;
  // The old draft is closed first, so its Confirm button cannot order the old inputs any more.
  const reopened =
    order?.stage === 'awaiting_confirmation' && (await ctx.deps.ordering.cancelDraft(order.id, ctx.chat.id));
  if (!order || !part || !reopened) {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return;
  }
  await ctx.answerCallbackQuery();
  await ctx.editMessageReplyMarkup({ reply_markup: new InlineKeyboard() }).catch(() => undefined);
  const { prompt, media = {}, options = {} } = order.request;
  const args: GenerateArgs = {
    modelId: order.modelId,
    preset: { ...(prompt ? { prompt } : {}), media, options, startAt: part },
  };
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(GENERATE_CONVERSATION, args);
});
