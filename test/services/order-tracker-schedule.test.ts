/** The tracker's pure parts: the poll schedule, error classes, the rate limiter and the semaphore. */
import { describe, expect, it } from 'vitest';
import { ResellerError } from '../../src/reseller/errors.js';
import {
  classifyPollError,
  failureDelay,
  jittered,
  lastInterval,
  nextInterval,
  type PollPolicy,
} from '../../src/services/poll-schedule.js';
import { RateLimiter, Semaphore } from '../../src/services/rate-limiter.js';

const policy: PollPolicy = { minIntervalMs: 2_000, maxIntervalMs: 30_000, factor: 1.5, jitter: 0.2 };
const mid = () => 0.5; // jitter factor exactly 1
const scheduled = (intervalMs: number) => ({
  updatedAt: new Date(1_000_000),
  nextPollAt: new Date(1_000_000 + intervalMs),
});

describe('poll schedule', () => {
  it('grows x1.5 from the stored interval while unchanged, capped at the maximum', () => {
    const seen: number[] = [];
    let interval = 0; // a fresh row: next_poll_at = submission time
    for (let i = 0; i < 9; i++) {
      interval = nextInterval(scheduled(interval), false, policy, mid);
      seen.push(interval);
    }
    expect(seen).toEqual([3_000, 4_500, 6_750, 10_125, 15_188, 22_782, 30_000, 30_000, 30_000]);
  });

  it('resets to the minimum on a status change', () => {
    expect(nextInterval(scheduled(30_000), true, policy, mid)).toBe(2_000);
  });

  it('reads the last interval from the row, within the bounds', () => {
    expect(lastInterval(scheduled(7_000), policy)).toBe(7_000);
    expect(lastInterval(scheduled(-5), policy)).toBe(2_000);
    expect(lastInterval({ updatedAt: new Date(0), nextPollAt: null }, policy)).toBe(2_000);
    expect(lastInterval(scheduled(10 * 60_000), policy)).toBe(30_000);
  });

  it('jitters by +-20%', () => {
    expect(jittered(10_000, policy, () => 0)).toBe(8_000);
    expect(jittered(10_000, policy, () => 0.999_999)).toBe(12_000);
  });

  it('failures double from the minimum, never give up, and wait at least Retry-After', () => {
    const delays = [1, 2, 3, 4, 5, 50, 1_000].map((n) => failureDelay(n, undefined, policy, mid));
    expect(delays).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(failureDelay(1, 45_000, policy, mid)).toBe(45_000);
    expect(failureDelay(5, 1_000, policy, mid)).toBe(30_000);
  });

  it('classifies poll errors', () => {
    const err = (code: string, httpStatus?: number, retryAfterMs?: number) =>
      new ResellerError(code, code, {
        ...(httpStatus !== undefined && { httpStatus }),
        details: retryAfterMs === undefined ? {} : { retryAfterMs },
      });
    expect(classifyPollError(err('order_not_found', 404))).toBe('lost');
    expect(classifyPollError(err('aborted'))).toBe('aborted');
    expect(classifyPollError(err('server_busy', 429))).toBe('throttled');
    expect(classifyPollError(err('server_busy', 503, 5_000))).toBe('throttled');
    expect(classifyPollError(err('server_busy', 503))).toBe('transient');
    expect(classifyPollError(err('internal_error', 500))).toBe('transient');
    expect(classifyPollError(err('network_error'))).toBe('transient');
    expect(classifyPollError(err('timeout'))).toBe('transient');
    expect(classifyPollError(err('unauthorized', 401))).toBe('unexpected');
    expect(classifyPollError(err('not_found', 404))).toBe('unexpected'); // a bare 404 is not "lost"
    expect(classifyPollError(new TypeError('bug'))).toBe('unexpected');
  });
});

describe('RateLimiter', () => {
  /** Takes every call as soon as allowed between 0 and `ms`, stepping 1 ms; returns the start times. */
  function drive(limiter: RateLimiter, ms: number, from = 0): number[] {
    const taken: number[] = [];
    for (let now = from; now < from + ms; now++) {
      if (limiter.waitMs(now) === 0) {
        limiter.take(now);
        taken.push(now);
      }
    }
    return taken;
  }
  const maxInWindow = (times: number[], windowMs: number) =>
    Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + windowMs).length));

  it('allows at most perSecond calls in any one-second window, evenly spread', () => {
    const exact = drive(new RateLimiter(5, 0), 60_000);
    expect(maxInWindow(exact, 1_000)).toBe(5);
    expect(exact.length).toBeGreaterThanOrEqual(299);
    expect(exact.length).toBeLessThanOrEqual(300);
    expect(Math.min(...exact.slice(1).map((t, i) => t - exact[i]!))).toBeGreaterThanOrEqual(180);
    // The default keeps a 20 ms margin for arrival jitter: 5 per 1020 ms.
    const margin = drive(new RateLimiter(5), 60_000);
    expect(maxInWindow(margin, 1_020)).toBe(5);
    expect(margin.length).toBeGreaterThanOrEqual(294);
  });

  it('handles fractional rates', () => {
    const times = drive(new RateLimiter(0.5, 0), 20_000);
    expect(times).toEqual([0, 2_000, 4_000, 6_000, 8_000, 10_000, 12_000, 14_000, 16_000, 18_000]);
  });

  it('pauseUntil holds every call and never shortens an earlier pause', () => {
    const limiter = new RateLimiter(10);
    limiter.pauseUntil(5_000);
    limiter.pauseUntil(1_000);
    expect(limiter.waitMs(0)).toBe(5_000);
    expect(drive(limiter, 6_000)[0]).toBe(5_000);
  });
});

describe('Semaphore', () => {
  it('runs at most `limit` at once, in FIFO order, and frees the slot on errors', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (i: number) =>
      gate.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setImmediate(r));
        order.push(i);
        running--;
        if (i === 1) throw new Error('boom');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map(job));
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
