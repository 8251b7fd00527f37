/**
 * Drafts nobody confirmed are closed after a while (`abandoned`): /orders and the stats stop
 * carrying them, and a Confirm pressed on a very old summary says the order is closed instead of
 * ordering at a price seen days ago. Runs at start-up and then every interval, on injected timers.
 */
import type { OrdersRepository } from '../db/index.js';
import { realTimers, type Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';

export interface DraftExpiryOptions {
  orders: Pick<OrdersRepository, 'abandonDraftsOlderThan'>;
  /** A draft untouched for this long is abandoned. */
  maxAgeMs: number;
  intervalMs: number;
  logger: Logger;
  timers?: Timers;
  now?: () => number;
}

export class DraftExpiry {
  readonly #opts: DraftExpiryOptions;
  readonly #timers: Timers;
  readonly #now: () => number;
  #timer: unknown;
  #running: Promise<number> | undefined;
  #stopped = false;

  constructor(opts: DraftExpiryOptions) {
    this.#opts = opts;
    this.#timers = opts.timers ?? realTimers;
    this.#now = opts.now ?? Date.now;
  }

  /** One pass (concurrent calls share it): how many drafts it closed. Never throws. */
  runOnce(): Promise<number> {
    this.#running ??= this.#pass().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  start(): void {
    this.#stopped = false;
    this.#arm();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== undefined) this.#timers.clear(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  #arm(): void {
    this.#timer = this.#timers.set(() => {
      void this.runOnce().finally(() => {
        if (!this.#stopped) this.#arm();
      });
    }, this.#opts.intervalMs);
  }

  async #pass(): Promise<number> {
    try {
      const closed = await this.#opts.orders.abandonDraftsOlderThan(
        new Date(this.#now() - this.#opts.maxAgeMs),
      );
      if (closed > 0) this.#opts.logger.info({ closed }, 'abandoned drafts closed');
      return closed;
    } catch (err) {
      this.#opts.logger.warn({ err }, 'closing abandoned drafts failed');
      return 0;
    }
  }
}
