/**
 * Orders left `submitting` (upstream unreachable after the client's retries, or a crash between
 * sending and hearing back) are sent again with the SAME key, at start-up and then every
 * interval, so the user does not have to press Confirm again. Upstream answers a repeated key
 * with the order it already has, so this can never order twice.
 */
import type { Logger } from '../logger.js';
import type { OrderRecord } from './order-hooks.js';
import type { OrderingService } from './ordering.js';

export interface SubmissionRetrierOptions {
  ordering: Pick<OrderingService, 'resumeSubmissions'>;
  intervalMs: number;
  logger: Logger;
  /** A resent order that upstream now has: start tracking it and show its status. */
  onOrdered(order: OrderRecord): void;
}

export class SubmissionRetrier {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(private readonly opts: SubmissionRetrierOptions) {}

  /** One pass; concurrent calls share it. */
  runOnce(): Promise<void> {
    this.#running ??= this.#pass().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  start(): void {
    this.#timer = setInterval(() => void this.runOnce(), this.opts.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }

  async #pass(): Promise<void> {
    try {
      const results = await this.opts.ordering.resumeSubmissions();
      for (const { order, outcome } of results) {
        if (outcome.kind === 'ordered') this.opts.onOrdered(outcome.order);
        else
          this.opts.logger.info({ orderId: order.id, outcome: outcome.kind }, 'submission still not through');
      }
      if (results.length > 0)
        this.opts.logger.info({ count: results.length }, 'resent interrupted submissions');
    } catch (err) {
      this.opts.logger.warn({ err }, 'resending submissions failed');
    }
  }
}
