/**
 * Orders left `submitting` (upstream unreachable after the client's retries, or a crash between
 * sending and hearing back) are sent again with the SAME key, at start-up and then every
 * interval, so the user does not have to press Confirm again. Upstream answers a repeated key
 * with the order it already has, so this can never order twice.
 */
import { Periodic } from '../lib/periodic.js';
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
  readonly #periodic: Periodic;

  constructor(private readonly opts: SubmissionRetrierOptions) {
    this.#periodic = new Periodic({
      name: 'resubmit-stuck-orders',
      intervalMs: opts.intervalMs,
      logger: opts.logger,
      run: () => this.#pass(),
    });
  }

  /** One pass; concurrent calls share it. */
  async runOnce(): Promise<void> {
    await this.#periodic.runOnce();
  }

  start(): void {
    this.#periodic.start();
  }

  stop(): Promise<void> {
    return this.#periodic.stop();
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
