/**
 * The Cancel button of a running order (status message or /orders details). The button carries
 * our row id; the row must belong to this chat, so a copied or forged button changes nothing.
 * Every answer of POST /orders/{id}/cancel (spec 3 and 4.9) gets its own localized reply, and the
 * order the error envelope carries is recorded, so the status message follows at once.
 */
import { Composer } from 'grammy';
import type { OrderRecord } from '../../db/index.js';
import { isActiveStatus, isLostOrder } from '../../domain/order-state.js';
import type { Order } from '../../reseller/schemas.js';
import { asResellerError } from '../../services/submission-errors.js';
import { orderButtons } from '../../telegram/callback-data/orders.js';
import { renderOrderStatus } from '../../telegram/order-status.js';
import { upstreamErrorText } from '../../telegram/texts/upstream-errors.js';
import type { BotContext } from '../context.js';
import { showOrderDetails } from './orders.js';

export const orderCancelFeature = new Composer<BotContext>();
const privateChats = orderCancelFeature.chatType('private');

/** Stores the state upstream reported with its answer; the fresh row, or the old one if that fails. */
async function record(ctx: BotContext, row: OrderRecord, order: Order | undefined): Promise<OrderRecord> {
  if (!order || order.id !== row.upstreamOrderId) return row;
  try {
    return (await ctx.deps.ordering.recordUpstreamState(row.id, order)).order;
  } catch (err) {
    ctx.logger.warn({ orderId: row.id, err }, 'could not record the order state from a cancel answer');
    return row;
  }
}

/** Shows the row's new state where the user looks: the status message, and the pressed message. */
async function showState(ctx: BotContext, row: OrderRecord): Promise<void> {
  const notifier = ctx.deps.orderNotifier;
  const pressed = ctx.callbackQuery?.message?.message_id;
  if (notifier) {
    try {
      if (!isActiveStatus(row.status) && !row.deliveredAt) await notifier.finalReached(row);
      else if (isActiveStatus(row.status)) notifier.refresh(row.id, row.chatId);
    } catch (err) {
      ctx.logger.warn({ orderId: row.id, err }, 'could not show the order state after a cancel');
    }
  }
  if (pressed !== undefined && pressed !== row.statusMessageId) {
    // Pressed in the /orders details: redraw them in place, keeping the page to go back to.
    const fresh = (await ctx.deps.orders.find(row.id)) ?? row;
    await showOrderDetails(ctx, fresh, backPage(ctx), 'edit');
  } else if (!notifier && pressed !== undefined) {
    const view = renderOrderStatus(ctx, row);
    await ctx.editMessageText(view.text, { reply_markup: view.keyboard }).catch(() => undefined);
  }
}

/** The list page the details' Back button leads to (0 when there is none). */
function backPage(ctx: BotContext): number {
  const markup = ctx.callbackQuery?.message?.reply_markup;
  for (const button of markup?.inline_keyboard.flat() ?? []) {
    if (!('callback_data' in button)) continue;
    const list = orderButtons.list.parse(button.callback_data);
    if (list) return list.page;
  }
  return 0;
}

privateChats.callbackQuery(orderButtons.cancel.filter(), async (ctx) => {
  const { id } = orderButtons.cancel.unpack(ctx.callbackQuery.data);
  const row = await ctx.deps.orders.findForChat(id, ctx.chat.id);
  if (row?.stage !== 'submitted' || !row.upstreamOrderId) {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return;
  }
  if (!isActiveStatus(row.status) || isLostOrder(row)) {
    await ctx.answerCallbackQuery({ text: ctx.t('order-cancel-finished') });
    await showState(ctx, row);
    return;
  }

  let cancelled: Order;
  try {
    cancelled = await ctx.deps.client.cancelOrder(row.upstreamOrderId);
  } catch (err) {
    const error = asResellerError(err);
    const log = { orderId: row.id, code: error.code, status: error.httpStatus };
    ctx.logger.info(log, 'cancel refused');
    const updated = await record(ctx, row, error.details.order);
    switch (error.code) {
      case 'not_ready':
        await ctx.answerCallbackQuery({ text: ctx.t('order-cancel-not-ready'), show_alert: true });
        break;
      case 'cancel_pending':
        await ctx.answerCallbackQuery({ text: ctx.t('order-cancel-pending') });
        ctx.deps.orderNotifier?.noteCancel(row.id, row.chatId, 'requested');
        break;
      case 'cannot_cancel':
        await ctx.answerCallbackQuery({
          text: ctx.t(isActiveStatus(updated.status) ? 'order-cancel-unsupported' : 'order-cancel-too-late'),
          show_alert: true,
        });
        if (isActiveStatus(updated.status)) {
          ctx.deps.orderNotifier?.noteCancel(row.id, row.chatId, 'not_cancellable');
        }
        break;
      case 'cancel_failed':
        await ctx.answerCallbackQuery({ text: ctx.t('order-cancel-failed'), show_alert: true });
        break;
      default:
        await ctx.answerCallbackQuery({ text: upstreamErrorText(ctx, error.code), show_alert: true });
    }
    // Whatever the answer, a fresh look at the order is due ("check status before retrying").
    ctx.deps.tracker?.pollNow(row.id);
    await showState(ctx, updated);
    return;
  }

  ctx.logger.info({ orderId: row.id, status: cancelled.status }, 'order cancelled');
  await ctx.answerCallbackQuery({ text: ctx.t('order-cancel-done') });
  const updated = await record(ctx, row, cancelled);
  await showState(ctx, updated);
});
