/**
 * The one status message of an order, from "queued" to its final state. The tracker edits it on
 * every state change, so it is built from the stored row alone, plus a few facts the bot learned
 * in this process (a cancellation is awaiting confirmation, the model refused to cancel, the order
 * was lost upstream, how the delivery went).
 */
import { InlineKeyboard } from 'grammy';
import type { OrderRecord } from '../db/index.js';
import { resultsExpired } from '../domain/order-state.js';
import { truncate } from '../lib/text.js';
import { orderButtons } from './callback-data/orders.js';
import type { Texts } from './i18n.js';
import { mainMenuButton } from './keyboards/main-menu.js';
import { hideInternalNames } from './texts/internal-names.js';
import { orderPrice, pricesShown } from './texts/money.js';

/** One icon per state, shared by the status message and the /orders list. */
export const STATUS_ICONS: Record<string, string> = {
  queued: '⏳',
  processing: '⚙️',
  completed: '✅',
  failed: '❌',
  cancelled: '🚫',
  lost: '⚠️',
  undelivered: '⚠️',
};

/** How the results of a completed order reached the chat (see delivery/deliver.ts). */
export interface DeliverySummary {
  /** Files sent as media or documents. */
  sent: number;
  /** Files that had already expired upstream (404 or past `expires_at`). */
  expired: number;
  /** Files Telegram would not take, sent as download links instead. */
  linked: number;
  /** Files that could not be sent at all. */
  failed: number;
}

export interface StatusFlags {
  /** A cancellation was requested and awaits confirmation (`cancel_pending`). */
  cancelRequested?: boolean;
  /** Upstream refused to cancel while processing (the model does not support it). */
  notCancellable?: boolean;
  /** Upstream answers `order_not_found` for this order. */
  lost?: boolean;
  /** For a completed order: what the delivery achieved. */
  delivery?: DeliverySummary;
}

const PREVIEW_DETAIL_CHARS = 300;

/**
 * A completed order none of whose result files reached the chat: recorded so (`deliveryOutcome`), or
 * just learned from the delivery's summary. Its Stars are returned, and it never reads "Done".
 */
export function isUndelivered(
  order: Pick<OrderRecord, 'status' | 'deliveryOutcome'>,
  delivery?: DeliverySummary,
): boolean {
  if (order.status !== 'completed') return false;
  return delivery ? delivery.sent === 0 : order.deliveryOutcome === 'none';
}

/**
 * Cancel is offered once generation has started (spec 4.9: `not_ready` before that) and until it
 * ends, unless upstream already said this order cannot be cancelled or a request is pending.
 */
export function canOfferCancel(order: Pick<OrderRecord, 'status'>, flags: StatusFlags = {}): boolean {
  return order.status === 'processing' && !flags.cancelRequested && !flags.notCancellable && !flags.lost;
}

/** "45 s", "2 min 5 s", "1 h 3 min": short units read well in both languages without plurals. */
export function formatDuration(texts: Texts, ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  if (total < 60) return texts.t('tracking-duration-seconds', { s: total });
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return texts.t('tracking-duration-minutes', { m: minutes, s: total % 60 });
  return texts.t('tracking-duration-hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

/**
 * The upstream's explanation of a failed generation, when it is plain text. The shape of
 * `order.error` is not specified: a string, or an object with a string `message`, is shown as a
 * detail; anything else is not shown at all (never a raw object).
 */
export function failureDetail(error: unknown): string | undefined {
  let message: unknown = error;
  if (error !== null && typeof error === 'object' && !Array.isArray(error)) {
    message = (error as { message?: unknown }).message;
  }
  if (typeof message !== 'string') return undefined;
  const trimmed = message.replace(/\s+/g, ' ').trim();
  return trimmed ? truncate(trimmed, PREVIEW_DETAIL_CHARS) : undefined;
}

/** When the order started counting (sent to upstream), for elapsed times. */
function startedAt(order: OrderRecord): Date {
  return order.submittedAt ?? order.createdAt;
}

/** Where an order's Stars are as the customer is told: held, paid, or back in the wallet. */
export type StarsSettlement = 'running' | 'completed' | 'returned';

/**
 * Held while the order runs, paid once completed, returned once it failed, was cancelled, lost or
 * reached the chat with nothing (the wallet settles before the status is shown). The status message
 * and /orders both ask here, so they never tell the same order's money two ways.
 */
export function starsSettlement(
  order: Pick<OrderRecord, 'status' | 'deliveryOutcome'>,
  flags: StatusFlags = {},
): StarsSettlement {
  if (flags.lost || isUndelivered(order, flags.delivery)) return 'returned';
  if (order.status === 'completed') return 'completed';
  if (order.status === 'failed' || order.status === 'cancelled') return 'returned';
  return 'running';
}

/**
 * The price line: in Stars, as `starsSettlement` says (held, paid, returned); else USD, shown only
 * for an order that was not returned.
 */
export function priceLine(texts: Texts, order: OrderRecord, settled: StarsSettlement): string {
  if (order.priceStars === null) {
    return settled === 'returned' ? '' : texts.t('order-cost', { price: orderPrice(texts, order) });
  }
  const amount = orderPrice(texts, order);
  const key = { running: 'order-held', completed: 'order-charged', returned: 'order-returned' }[settled];
  return texts.t(key, { price: amount });
}

export interface OrderStatusView {
  text: string;
  keyboard: InlineKeyboard;
}

/** The status message for the row as it is now. Pure: same inputs, same text. */
export function renderOrderStatus(
  texts: Texts,
  order: OrderRecord,
  now = Date.now(),
  flags: StatusFlags = {},
): OrderStatusView {
  const status = order.status ?? 'queued';
  const keyboard = new InlineKeyboard();
  if (!flags.lost && isUndelivered(order, flags.delivery))
    return undeliveredView(texts, order, now, flags.delivery);
  const title = flags.lost
    ? `⚠️ ${texts.t('tracking-status-lost')}`
    : `${STATUS_ICONS[status] ?? '⏳'} ${texts.t(`order-status-${status}`)}`;
  const lines = [title, '', texts.t('summary-model', { model: order.modelName })];

  if (flags.lost) {
    lines.push('', texts.t('tracking-lost'));
    if (order.priceStars !== null) lines.push(priceLine(texts, order, starsSettlement(order, flags)));
    return { text: lines.join('\n'), keyboard: finalKeyboard(texts, order, 'retry') };
  }

  switch (status) {
    case 'queued':
    case 'processing': {
      if (pricesShown(texts) || order.priceStars !== null)
        lines.push(priceLine(texts, order, starsSettlement(order, flags)));
      lines.push(
        texts.t('tracking-elapsed', {
          duration: formatDuration(texts, now - startedAt(order).getTime()),
        }),
      );
      lines.push('', texts.t(flags.cancelRequested ? 'tracking-cancel-requested' : 'tracking-wait-hint'));
      if (canOfferCancel(order, flags)) {
        keyboard.text(texts.t('tracking-button-cancel'), orderButtons.cancel.pack({ id: order.id }));
      }
      break;
    }
    case 'completed': {
      if (pricesShown(texts) || order.priceStars !== null)
        lines.push(priceLine(texts, order, starsSettlement(order, flags)));
      const finished = order.finishedAt ?? order.deliveredAt;
      if (finished) {
        lines.push(
          texts.t('tracking-elapsed', {
            duration: formatDuration(texts, finished.getTime() - startedAt(order).getTime()),
          }),
        );
      }
      lines.push(...deliveryLines(texts, order, now, flags.delivery));
      break;
    }
    case 'failed': {
      lines.push('', texts.t('tracking-failed'));
      const detail = failureDetail(order.error);
      if (detail)
        lines.push(`<i>${texts.t('tracking-detail', { detail: hideInternalNames(texts, detail) })}</i>`);
      if (order.priceStars !== null) lines.push(priceLine(texts, order, starsSettlement(order, flags)));
      return { text: lines.join('\n'), keyboard: finalKeyboard(texts, order, 'retry') };
    }
    case 'cancelled':
      lines.push('', texts.t('tracking-cancelled'));
      if (order.priceStars !== null) lines.push(priceLine(texts, order, starsSettlement(order, flags)));
      return { text: lines.join('\n'), keyboard: finalKeyboard(texts, order, 'retry') };
  }
  return { text: lines.join('\n'), keyboard };
}

/**
 * The way on from an order that ended without a result in the chat, part of the message itself so
 * the tracker's re-render after a restart draws it too: 🔁 Try again (the same inputs, a new order)
 * or 📥 Send the files again (results upstream still keeps), then 🏠.
 */
function finalKeyboard(texts: Texts, order: OrderRecord, next: 'retry' | 'resend'): InlineKeyboard {
  const keyboard =
    next === 'resend'
      ? new InlineKeyboard().text(texts.t('orders-button-resend'), orderButtons.resend.pack({ id: order.id }))
      : new InlineKeyboard().text(
          texts.t('tracking-button-retry'),
          orderButtons.retry.pack({ id: order.id }),
        );
  return mainMenuButton(texts, keyboard);
}

/** One clear message: what went wrong, that nothing was charged (Stars returned), support if set. */
function undeliveredView(
  texts: Texts,
  order: OrderRecord,
  now: number,
  delivery?: DeliverySummary,
): OrderStatusView {
  const total = order.result?.length ?? 0;
  const reason =
    total === 0
      ? 'tracking-no-files'
      : !delivery
        ? undefined
        : delivery.linked > 0
          ? 'tracking-undelivered-links'
          : delivery.expired >= total
            ? 'tracking-files-expired'
            : delivery.failed + delivery.expired >= total
              ? 'tracking-undelivered-refused'
              : 'tracking-undelivered-failed';
  // The money line right under the model, as in every other status message, so the support line
  // (which ends the last text) doesn't split it from the rest.
  const lines = [
    `${STATUS_ICONS.undelivered} ${texts.t('order-status-undelivered')}`,
    '',
    texts.t('summary-model', { model: order.modelName }),
  ];
  if (order.priceStars !== null) lines.push(priceLine(texts, order, starsSettlement(order, { delivery })));
  lines.push('');
  // Files upstream still keeps can be sent again (as /orders offers); else the order placed anew.
  // Files upstream returned unsafe would be refused again: those are ordered anew too.
  const filesKept = total > 0 && !resultsExpired(order, now) && !(delivery && delivery.expired >= total);
  const next = filesKept && reason !== 'tracking-undelivered-refused' ? 'resend' : 'retry';
  // The title already warns: the reason's own ⚠️ would be a second one.
  if (reason) lines.push(texts.t(reason).replace(/^⚠️\s*/, ''));
  // Download links did reach the chat: "no file reached you" would contradict the line above. A
  // resend that gets through is charged, so the button's sentence says how much.
  const links = reason === 'tracking-undelivered-links' ? 'yes' : 'no';
  const price = order.priceStars !== null ? orderPrice(texts, order) : '';
  lines.push(texts.t('tracking-undelivered', { next, links, price }));
  return { text: lines.join('\n'), keyboard: finalKeyboard(texts, order, next) };
}

function deliveryLines(texts: Texts, order: OrderRecord, now: number, delivery?: DeliverySummary): string[] {
  const lines: string[] = [];
  const total = order.result?.length ?? 0;
  if (delivery) {
    if (total === 0) lines.push('', texts.t('tracking-no-files'));
    else if (delivery.expired >= total) lines.push('', texts.t('tracking-files-expired'));
    else if (delivery.expired > 0) lines.push('', texts.t('tracking-files-partly-expired'));
    if (delivery.linked > 0) lines.push('', texts.t('tracking-files-as-links'));
    // All failed means nothing was sent: that order gets the undelivered view instead.
    if (delivery.failed > 0) lines.push('', texts.t('tracking-files-failed'));
  }
  const expires = order.resultExpiresAt;
  if (total > 0 && expires && expires.getTime() > now && (!delivery || delivery.sent + delivery.linked > 0)) {
    lines.push('', texts.t('tracking-kept-until', { date: texts.dateTime(expires, new Date(now)) }));
  }
  return lines;
}

/** Kept for callers that render the message of a just-placed order. */
export async function orderStatusText(
  ctx: Texts,
  order: OrderRecord,
  now = Date.now(),
  flags: StatusFlags = {},
): Promise<OrderStatusView> {
  return renderOrderStatus(ctx, order, now, flags);
}
