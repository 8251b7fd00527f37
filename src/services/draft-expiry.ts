/**
 * Drafts nobody confirmed are closed after a while (`abandoned`): /orders and the stats stop
 * carrying them, and a Confirm pressed on a very old summary says the order is closed instead of
 * ordering at a price seen days ago. Runs at start-up and then every interval, on injected timers.
 */
import type { OrdersRepository } from '../db/index.js';
import { Periodic } from '../lib/periodic.js';
import type { Timers } from '../lib/timers.js';
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
  readonly #periodic: Periodic<number>;

  constructor(opts: DraftExpiryOptions) {
    const now = opts.now ?? Date.now;
    this.#periodic = new Periodic({
      name: 'close-old-drafts',
      intervalMs: opts.intervalMs,
      logger: opts.logger,
      ...(opts.timers ? { timers: opts.timers } : {}),
      run: async () => {
        const closed = await opts.orders.abandonDraftsOlderThan(new Date(now() - opts.maxAgeMs));
        if (closed > 0) opts.logger.info({ closed }, 'abandoned drafts closed');
        return closed;
      },
    });
  }

  /** One pass (concurrent calls share it): how many drafts it closed (0 if it failed). Never throws. */
  async runOnce(): Promise<number> {
    return (await this.#periodic.runOnce()) ?? 0;
  }

  start(): void {
    this.#periodic.start();
  }

  stop(): Promise<void> {
    return this.#periodic.stop();
  }
}
