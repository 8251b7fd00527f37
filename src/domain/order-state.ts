/**
 * The rules of an order's state, in one place: our pipeline's stages and the moves between them,
 * which upstream statuses are active or final, what a lost order is, when an order is polled and
 * when its outcome still has to reach the chat. Pure functions on plain fields; the reseller client
 * reads the wire into these types, and the repositories, the tracker, the notifier and the bot all
 * ask here.
 */

/**
 * Where a generation attempt is in OUR pipeline (the upstream `status` is a separate field):
 * - awaiting_confirmation: priced draft shown to the user; its idempotency key was never used for an order
 * - submitting: the user confirmed; POST /orders may have been sent, so only the SAME key may be sent again
 * - submitted: upstream accepted it; `upstreamOrderId` is set
 * - rejected: closed for good because an order may exist under a key we cannot trust (idempotency_conflict)
 * - abandoned: the user cancelled the draft (or it went stale)
 */
export const ORDER_STAGES = [
  'awaiting_confirmation',
  'submitting',
  'submitted',
  'rejected',
  'abandoned',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/**
 * The moves between stages (see "One order per confirmation" in docs/architecture.md). A draft is
 * confirmed, dropped, or priced again under a fresh key; a submission is accepted, refused for
 * good, or handed back to the draft when upstream said no order was made (a fresh key is drawn
 * then); nothing leaves `submitted`, `rejected` or `abandoned`. The orders repository guards each
 * move with the stages it may come from (`stagesInto`), in one conditional UPDATE.
 */
export const STAGE_TRANSITIONS: { readonly [S in OrderStage]: readonly OrderStage[] } = {
  awaiting_confirmation: ['submitting', 'abandoned', 'awaiting_confirmation'],
  submitting: ['submitted', 'rejected', 'awaiting_confirmation'],
  submitted: [],
  rejected: [],
  abandoned: [],
};

/** The stages a row may be in to move to `to`. */
export function stagesInto(to: OrderStage): OrderStage[] {
  return ORDER_STAGES.filter((from) => STAGE_TRANSITIONS[from].includes(to));
}

/**
 * How the delivery of a completed order's results ended, recorded with `delivered_at`: `sent` when
 * at least one result file reached the chat (the Stars are spent), `none` when nothing did (the
 * Stars come back). The wallet settles from this record, so a restart settles what a crash left.
 */
export const DELIVERY_OUTCOMES = ['sent', 'none'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** Upstream's order statuses (spec 2.5); an unknown one is read as `processing` by the client. */
export const ORDER_STATUSES = ['queued', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Upstream is done with it: the outcome goes to the chat once. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['completed', 'failed', 'cancelled'];

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

/** Everything past `expires_at` is gone upstream: no need to ask. */
export function resultsExpired(order: { resultExpiresAt: Date | null }, now: number): boolean {
  return !!order.resultExpiresAt && order.resultExpiresAt.getTime() <= now;
}
