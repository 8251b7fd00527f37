/**
 * When to poll an order next, as pure functions of the stored row, so the schedule survives a restart
 * with nothing kept in memory: `next_poll_at` says when, and the gap between `updated_at` (written by
 * the same `setNextPoll` call) and `next_poll_at` is the interval last chosen, from which the backoff
 * continues.
 */
import type { OrderRecord } from '../db/index.js';
import { ResellerError } from '../reseller/errors.js';

export interface PollPolicy {
  minIntervalMs: number;
  maxIntervalMs: number;
  /** Growth of the interval per unchanged poll (1.5: 2 s, 3 s, 4.5 s ... up to the maximum). */
  factor: number;
  /** Relative spread, 0.2 = +-20%: orders created together drift apart instead of polling in lockstep. */
  jitter: number;
  /**
   * The pace for an order upstream has kept in a status we do not know for too long (at least
   * maxIntervalMs): still polled, so a final status that comes later is seen, but cheaply.
   */
  staleIntervalMs?: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function jittered(ms: number, policy: PollPolicy, random: () => number): number {
  return Math.max(1, Math.round(ms * (1 - policy.jitter + 2 * policy.jitter * random())));
}

/** The interval chosen at the last `setNextPoll` of this row, within [min, max]. */
export function lastInterval(row: Pick<OrderRecord, 'nextPollAt' | 'updatedAt'>, policy: PollPolicy): number {
  const gap = row.nextPollAt ? row.nextPollAt.getTime() - row.updatedAt.getTime() : 0;
  return clamp(gap, policy.minIntervalMs, policy.maxIntervalMs);
}

/** After a successful poll: back to the minimum on a status change, else `factor` times the last one. */
export function nextInterval(
  row: Pick<OrderRecord, 'nextPollAt' | 'updatedAt'>,
  statusChanged: boolean,
  policy: PollPolicy,
  random: () => number,
): number {
  const base = statusChanged
    ? policy.minIntervalMs
    : clamp(lastInterval(row, policy) * policy.factor, policy.minIntervalMs, policy.maxIntervalMs);
  return jittered(base, policy, random);
}

/** After a successful poll of an order stuck in a status we do not know (see staleIntervalMs). */
export function staleStatusInterval(policy: PollPolicy, random: () => number): number {
  return jittered(Math.max(policy.staleIntervalMs ?? 0, policy.maxIntervalMs), policy, random);
}

/**
 * After a failed poll (`failures` in a row, counting this one): doubling from the minimum up to the
 * maximum, never sooner than a stated Retry-After. There is no last attempt: an active order is
 * polled until upstream gives a final answer.
 */
export function failureDelay(
  failures: number,
  retryAfterMs: number | undefined,
  policy: PollPolicy,
  random: () => number,
): number {
  const backoff = clamp(policy.minIntervalMs * 2 ** Math.max(0, failures - 1), 1, policy.maxIntervalMs);
  return Math.max(jittered(backoff, policy, random), retryAfterMs ?? 0);
}

export type PollErrorKind =
  /** order_not_found: upstream does not know the order; polling it again cannot help. */
  | 'lost'
  /** Our own abort (stop()): not a failure, the schedule stays as it was. */
  | 'aborted'
  /** 429 or a stated Retry-After: the whole account is asked to slow down. */
  | 'throttled'
  /** 5xx, server_busy, network, timeout. */
  | 'transient'
  /** Anything else (401, a bad body, a bug): logged loudly, still retried with backoff. */
  | 'unexpected';

export function classifyPollError(err: unknown): PollErrorKind {
  if (!(err instanceof ResellerError)) return 'unexpected';
  if (err.code === 'order_not_found') return 'lost';
  if (err.code === 'aborted') return 'aborted';
  if (err.httpStatus === 429 || err.details.retryAfterMs !== undefined) return 'throttled';
  return err.retryable ? 'transient' : 'unexpected';
}
