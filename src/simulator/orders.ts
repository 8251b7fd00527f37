/**
 * Order records and their state machine (spec 3). The status is never stored while the order is
 * active: it is derived from the clock (queued for `orderStageMs`, then processing for another
 * `orderStageMs`, then the outcome), so advancing a ManualClock is all it takes to move an order.
 */
import type { OptionValue, OrderStatus } from '../reseller/schemas.js';
import type { CatalogModel } from './catalog.js';
import type { Micros } from './money.js';
import { formatUsd } from './money.js';

export type CancelBehaviour = 'normal' | 'pending-then-cancelled' | 'fail';

export interface OrderFailure {
  code: string;
  message: string;
}

export interface OrderRecord {
  id: string;
  accountKey: string;
  model: CatalogModel;
  prompt: string | null;
  media: Record<string, string[]>;
  options: Record<string, OptionValue>;
  costMicros: Micros;
  quoteId?: string;
  idempotencyKey: string;
  createdAt: number;
  /** queued -> processing */
  startsAt: number;
  /** processing -> outcome */
  finishesAt: number;
  outcome: 'completed' | 'failed';
  failure?: OrderFailure;
  cancelBehaviour: CancelBehaviour;
  /** Set while a cancellation awaits confirmation (status stays processing). */
  cancelRequestedAt?: number;
  /** From this instant the order is cancelled. */
  cancelledAt?: number;
  resultCount: number;
  /** Filled once the order is seen completed. */
  resultTokens: string[];
  resultsExpireAt?: number;
  /** Final status once its side effects (refund, results) have been applied. */
  settled?: 'completed' | 'failed' | 'cancelled';
}

/** Public order object of spec 2.4 (plus `created_at`). */
export interface OrderView {
  id: string;
  model_id: number;
  status: OrderStatus;
  cost_usd: string;
  result: string[];
  expires_at: string | null;
  error: OrderFailure | null;
  can_cancel: boolean;
  created_at: string;
}

export function orderStatusAt(order: OrderRecord, now: number): OrderStatus {
  if (order.cancelledAt !== undefined && now >= order.cancelledAt) return 'cancelled';
  // A pending cancellation holds the order in processing until it is confirmed.
  if (order.cancelRequestedAt !== undefined) return 'processing';
  if (now < order.startsAt) return 'queued';
  if (now < order.finishesAt) return 'processing';
  return order.outcome;
}

export function isFinal(status: OrderStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** Cancellable: processing, no cancellation already requested, and the model supports it. */
function canCancel(order: OrderRecord, now: number): boolean {
  return (
    orderStatusAt(order, now) === 'processing' &&
    order.cancelRequestedAt === undefined &&
    order.model.sim.cancellable_when_processing
  );
}

export function orderView(order: OrderRecord, now: number, origin: string): OrderView {
  const status = orderStatusAt(order, now);
  const completed = status === 'completed' && order.resultsExpireAt !== undefined;
  return {
    id: order.id,
    model_id: order.model.id,
    status,
    cost_usd: formatUsd(order.costMicros),
    result: completed ? order.resultTokens.map((token) => `${origin}/g/${token}`) : [],
    expires_at: completed ? new Date(order.resultsExpireAt!).toISOString() : null,
    error: status === 'failed' ? (order.failure ?? defaultFailure()) : null,
    can_cancel: canCancel(order, now),
    created_at: new Date(order.createdAt).toISOString(),
  };
}

export const FAIL_MARKER = '[sim:fail]';

export function defaultFailure(): OrderFailure {
  return { code: 'generation_failed', message: 'The generation failed at the provider (simulated).' };
}
