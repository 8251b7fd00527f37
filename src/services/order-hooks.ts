/**
 * The public vocabulary of the order pipeline: the hooks other parts (a Stars wallet) plug in, and
 * what a confirmation can end in.
 */
import type { OrderRecord } from '../db/index.js';
import type { ResellerError } from '../reseller/errors.js';

export type { OrderRecord };

/**
 * Extension points, each called at one well-defined step. A wallet would hold funds in
 * beforeSubmit, release them in onNotOrdered, and settle (or refund failed/cancelled) in onFinalState.
 * Hooks must be idempotent per (order.id, order.idempotencyKey): after a crash a step may run again.
 */
export interface OrderPipelineHooks {
  /**
   * Before a draft's key is first sent: the row is still `awaiting_confirmation` and nothing was sent.
   * Throwing refuses (outcome `refused`); the draft stays confirmable. Re-sends of a `submitting` row
   * (double press, restart) do not call it again; a crash right after it may (same idempotencyKey).
   */
  beforeSubmit?(order: OrderRecord): Promise<void>;
  /**
   * A submission that passed beforeSubmit ended with upstream creating no order (business error or
   * stale quote): the row is back to `awaiting_confirmation` with a new key, or closed for good
   * (`rejected`, an idempotency conflict). A row still `submitting` or `submitted` belongs to a
   * newer submission under its current key, which must be left alone.
   */
  onNotOrdered?(order: OrderRecord, error: ResellerError): Promise<void>;
  /**
   * Once per order when it reaches completed/failed/cancelled, or is lost (upstream answered
   * order_not_found; see isLostOrder); retried at start-up if it threw.
   */
  onFinalState?(order: OrderRecord): Promise<void>;
  /**
   * The delivery of a completed order's results was recorded (`deliveryOutcome`: a file reached the
   * chat, or nothing did), or a later resend reached it. Runs again after a crash (a sweep).
   */
  onDelivered?(order: OrderRecord): Promise<void>;
}

export type ConfirmOutcome =
  /** Upstream has the order. firstTime: this call recorded it (false for repeats and joiners). */
  | { kind: 'ordered'; order: OrderRecord; firstTime: boolean }
  /** The confirmed price is no longer valid; a new one is stored (new key): the user must confirm it. */
  | { kind: 'requoted'; order: OrderRecord; previousPriceUsd: string; previousPriceStars: number | null }
  /** No order; the draft is confirmable again (new key if a request had been sent). */
  | { kind: 'rejected'; order: OrderRecord; error: ResellerError }
  /** Outcome unknown or transient failure: stays `submitting` with the SAME key, re-sent later. */
  | { kind: 'pending'; order: OrderRecord; error: ResellerError }
  /** beforeSubmit threw (`reason`); nothing was sent, the draft is confirmable again. */
  | { kind: 'refused'; order: OrderRecord; reason: unknown }
  /** Unknown id or another chat's order. */
  | { kind: 'not_found' }
  /** Abandoned or rejected for good. */
  | { kind: 'closed'; order: OrderRecord };
