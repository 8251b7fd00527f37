/**
 * The Cancel button of a running order (status message or /orders details). The button carries
 * our row id; the row must belong to this chat, so a copied or forged button changes nothing.
 * The button is answered before upstream is asked; every answer of POST /orders/{id}/cancel (spec 3
 * and 4.9) then shows in the chat (the status message, or a localized reply), and the order the
 * error envelope carries is recorded, so the status message follows at once.
 */

import type { OrderRecord } from '../../db/records.js';
import { isActiveStatus, isLostOrder } from '../../domain/order-state.js';
import { orderButtons } from '../../telegram/callback-data/orders.js';
import { renderOrderStatus } from '../../telegram/order-status.js';
import { withShownModelName } from '../../telegram/texts/model-name.js';
import { upstreamErrorText } from '../../telegram/texts/upstream-errors.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import { showOrderDetails } from './orders.js';

export const orderCancelFeature = new Composer<BotContext>();
const privateChats = orderCancelFeature.chatType('private');

/** Shows the row's new state where the user looks: the status message, and the pressed message. */
async function showState(ctx: BotContext, row: OrderRecord): Promise<void> {
  const notifier = ctx.deps.live?.statusMessages;
  const pressed = ctx.callbackQuery?.message?.message_id;
  // A final outcome is delivered by the tracker under its claim, once, like any other.
  if (!isActiveStatus(row.status) && !row.deliveredAt) ctx.deps.live?.tracker.deliverNow(row.id);
  else if (isActiveStatus(row.status)) notifier?.refresh(row.id, row.chatId);
  if (pressed !== undefined && pressed !== row.statusMessageId) {
    // Pressed in the /orders details: redraw them in place, keeping the page to go back to.
    const fresh = (await ctx.deps.ordering.find(row.id)) ?? row;
    await showOrderDetails(ctx, fresh, backPage(ctx), 'edit');
  } else if (!notifier && pressed !== undefined) {
    const view = renderOrderStatus(
      ctx,
      withShownModelName(ctx, row, (id) => ctx.deps.catalog.displayOf(id)),
    );
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
  // Only our own database so far: a button that names nothing of this chat's is answered at once.
  const row = await ctx.deps.ordering.findForChat(id, ctx.chat.id);
  if (row?.stage !== 'submitted' || !row.upstreamOrderId) {
    return void (await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') }));
  }
  // Upstream may take longer to answer (its timeout) than Telegram keeps a query open, and a late
  // answer is refused: the button is answered now, and what came of it is shown in the chat.
  await ctx.answerCallbackQuery(
    isActiveStatus(row.status) && !isLostOrder(row)
      ? { text: ctx.t('order-cancel-sending') }
      : { text: ctx.t('order-cancel-finished') },
  );
  const outcome = await ctx.deps.ordering.cancel(id, ctx.chat.id);
  switch (outcome.kind) {
    case 'unknown':
      // Gone between the two reads: nothing to show.
      return;
    case 'finished':
    case 'cancelled':
      // The status message (and the delivery of the final state) says what happened.
      await showState(ctx, outcome.order);
      return;
  }
  const updated = outcome.order;
  switch (outcome.code) {
    case 'not_ready':
      await ctx.reply(ctx.t('order-cancel-not-ready'));
      break;
    case 'cancel_pending':
      // The status message shows the request as pending.
      ctx.deps.live?.statusMessages.noteCancel(updated.id, updated.chatId, 'requested');
      break;
    case 'cannot_cancel':
      await ctx.reply(
        ctx.t(isActiveStatus(updated.status) ? 'order-cancel-unsupported' : 'order-cancel-too-late'),
      );
      if (isActiveStatus(updated.status)) {
        ctx.deps.live?.statusMessages.noteCancel(updated.id, updated.chatId, 'not_cancellable');
      }
      break;
    case 'cancel_failed':
      await ctx.reply(ctx.t('order-cancel-failed'));
      break;
    default:
      // Alone, "the service can't be reached" would not say what failed.
      await ctx.reply(`${ctx.t('order-cancel-failed')}\n${upstreamErrorText(ctx, outcome.code)}`);
  }
  // Whatever the answer, a fresh look at the order is due ("check status before retrying").
  ctx.deps.live?.tracker.pollNow(updated.id);
  await showState(ctx, updated);
});
