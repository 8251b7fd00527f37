/**
 * Pacing for upstream calls, driven by an injected clock (no timers of its own: the caller asks how
 * long to wait and schedules the wake-up).
 */
import type { PollBudgetRepository } from '../db/index.js';

/**
 * At most `perSecond` calls in any sliding window of one second (so a minute never holds more than
 * 60 x perSecond), spread out by a minimum spacing of 90% of the even interval so a backlog leaves as
 * a steady stream rather than a burst; the 10% slack absorbs timer lateness without losing
 * throughput. The window is `marginMs` longer than a second because upstream counts arrivals, and
 * network and event-loop delays vary by a few milliseconds. `pauseUntil` holds every call (a
 * Retry-After applies to the whole account).
 */
export class RateLimiter {
  readonly #windowMs: number;
  readonly #spacingMs: number;
  /** Start times of the last `slots` calls, a ring. */
  readonly #ring: number[];
  #head = 0;
  #nextSpaced = Number.NEGATIVE_INFINITY;
  #pausedUntil = Number.NEGATIVE_INFINITY;

  constructor(perSecond: number, marginMs = 20) {
    if (!(perSecond > 0) || !Number.isFinite(perSecond)) throw new RangeError('perSecond must be > 0');
    // Fractional rates (0.5/s) become one call per 2 s window.
    const slots = Math.max(1, Math.ceil(perSecond));
    this.#windowMs = (slots * 1000) / perSecond + marginMs;
    this.#spacingMs = (0.9 * 1000) / perSecond;
    this.#ring = new Array<number>(slots).fill(Number.NEGATIVE_INFINITY);
  }

  /** Milliseconds until a call may start (0: now). */
  waitMs(now: number): number {
    const windowFree = this.#ring[this.#head]! + this.#windowMs;
    return Math.max(0, this.#pausedUntil - now, this.#nextSpaced - now, windowFree - now);
  }

  /** Records a call starting at `now` (call only when waitMs(now) is 0). */
  take(now: number): void {
    this.#ring[this.#head] = now;
    this.#head = (this.#head + 1) % this.#ring.length;
    this.#nextSpaced = now + this.#spacingMs;
  }

  /** No call starts before `at` (never shortens an earlier pause). */
  pauseUntil(at: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, at);
  }

  get pausedUntil(): number {
    return this.#pausedUntil;
  }
}

/** A counting semaphore: at most `limit` functions run at once, the rest wait in FIFO order. */
export class Semaphore {
  readonly #limit: number;
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(limit: number) {
    if (!(limit >= 1)) throw new RangeError('limit must be >= 1');
    this.#limit = limit;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#active >= this.#limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#active++;
    try {
      return await fn();
    } finally {
      // Hands the slot straight to the next waiter (the count stays), or frees it.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    }
  }
}

/**
 * A cap shared by every process on one database (Store.pollBudget): polls are granted per
 * wall-clock second, a fifth of the cap at a time (fewer writes; what is left unused at the end of
 * a second is lost).
 */
export class SharedPollBudget {
  readonly #store: Pick<PollBudgetRepository, 'take'>;
  readonly #perSecond: number;
  /** Polls granted for second `#second`, not yet used. */
  #granted = 0;
  #second = Number.NaN;
  #spent = false;

  constructor(store: Pick<PollBudgetRepository, 'take'>, perSecond: number) {
    this.#store = store;
    this.#perSecond = perSecond;
  }

  /** One poll: 0 if granted, else how long until the next second. */
  async take(now: number): Promise<number> {
    const second = Math.floor(now / 1000);
    if (second !== this.#second) {
      this.#second = second;
      this.#granted = 0;
      this.#spent = false;
    }
    const untilNextSecond = (second + 1) * 1000 - now;
    if (this.#granted === 0 && !this.#spent) {
      const want = Math.max(1, Math.ceil(this.#perSecond / 5));
      this.#granted = await this.#store.take(second, want, Math.max(1, Math.floor(this.#perSecond)));
      this.#spent = this.#granted === 0;
    }
    if (this.#granted === 0) return untilNextSecond;
    this.#granted--;
    return 0;
  }
}
