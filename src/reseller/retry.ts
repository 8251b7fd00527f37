/**
 * Retry timing: exponential backoff with full jitter (spreads a herd of clients after an outage) and
 * Retry-After, which wins over the backoff when the server states a wait.
 */

export interface RetryPolicy {
  /** Extra attempts after the first one. */
  retries: number;
  minDelayMs: number;
  maxDelayMs: number;
  /** A stated Retry-After longer than this is not waited out: the error goes to the caller instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  retries: 3,
  minDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
};

/** Full jitter: uniform in [0, min(max, min * 2^attempt)]; `attempt` counts from 0 for the first retry. */
function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}

/** Retry-After as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  nowMs: number = Date.now(),
): number | undefined {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.round(Number(raw) * 1000);
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/**
 * The wait before the next attempt, or undefined when the server asked for longer than we are willing
 * to block a caller (the error then carries `retryAfterMs` for the caller to schedule).
 */
export function nextDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  policy: RetryPolicy,
  random?: () => number,
): number | undefined {
  if (retryAfterMs === undefined) return backoffDelay(attempt, policy, random);
  if (retryAfterMs > policy.maxRetryAfterMs) return undefined;
  return retryAfterMs;
}
