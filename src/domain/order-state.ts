/**
 * The rules of an order's state, in one place: which upstream statuses are active or final, what a
 * lost order is, when an order is polled and when its outcome still has to reach the chat. Pure
 * functions on plain fields; the repositories, the tracker, the notifier and the bot all ask here.
 */
import { FINAL_ORDER_STATUSES, type OrderStatus } from '../reseller/schemas.js';

export { FINAL_ORDER_STATUSES };

/** Upstream still works on it (spec 2.5): polled until it leaves these. */
export const ACTIVE_ORDER_STATUSES: readonly OrderStatus[] = ['queued', 'processing'];

/** The error code the tracker stores when upstream answers order_not_found for a submitted order. */
export const LOST_ORDER_CODE = 'order_not_found';

export function isFinalStatus(status: string | null | undefined): boolean {
  return !!status && (FINAL_ORDER_STATUSES as readonly string[]).includes(status);
}

/**
 * How long upstream may report an order in a status we do not know (read as `processing`) before the
 * admins are told, once, and the order stops counting against MAX_ACTIVE_ORDERS_PER_USER: the
 * customer should not be blocked for ever by an order upstream may never finish. It is still polled
 * (slowly), so a final status that comes later is delivered and settled as usual.
 */
export const UNKNOWN_STATUS_REPORT_AFTER_MS = 24 * 60 * 60_000;

/** Upstream has kept the order in a status we do not know for at least `afterMs` by `now`. */
export function unknownStatusOverdue(
  row: { unknownStatusSince: Date | null },
  now: number,
  afterMs: number = UNKNOWN_STATUS_REPORT_AFTER_MS,
): boolean {
  return row.unknownStatusSince !== null && now - row.unknownStatusSince.getTime() >= afterMs;
}

/** Queued or processing; a row without a status yet (just submitted) counts as active. */
export function isActiveStatus(status: string | null | undefined): boolean {
  return (
    status === null || status === undefined || (ACTIVE_ORDER_STATUSES as readonly string[]).includes(status)
  );
}

/**
 * Upstream said order_not_found (`lostAt` is when we learned it): the row keeps its last active
 * status, with LOST_ORDER_CODE as its error, and is no longer polled.
 */
export function isLostOrder(row: { status: string | null; lostAt: Date | null }): boolean {
  return row.lostAt !== null && isActiveStatus(row.status) && row.status !== null;
}

interface TrackedFields {
  stage: string;
  status: string | null;
  lostAt: Date | null;
  upstreamOrderId: string | null;
  deliveredAt: Date | null;
}

/** What the tracker polls: submitted, known upstream, active and not lost. */
export function isPollable(row: TrackedFields): boolean {
  return (
    row.stage === 'submitted' &&
    !!row.upstreamOrderId &&
    row.status !== null &&
    isActiveStatus(row.status) &&
    !isLostOrder(row)
  );
}

/** Final (or lost) and submitted, but its outcome has not reached the chat yet. */
export function awaitsDelivery(row: TrackedFields): boolean {
  return row.stage === 'submitted' && !row.deliveredAt && (isFinalStatus(row.status) || isLostOrder(row));
}
