/**
 * The order tracker's delivery side (docs/architecture.md, "A result delivered once"): which final
 * or lost orders still wait for `finalReached`/`orderLost` in this process, when each is tried again,
 * and the store's claim that keeps every other process out while one delivers.
 */
import type { OrderRecord, OrdersRepository } from '../db/index.js';
import { isFinalStatus, isLostOrder } from '../domain/order-state.js';
import type { Logger } from '../logger.js';
import { metrics } from '../metrics.js';

/** The two handlers a delivery calls (see `TrackerEvents`). */
export interface DeliveryEvents {
  finalReached(order: OrderRecord): Promise<void>;
  orderLost(order: OrderRecord): Promise<void>;
}

export interface OrderDeliveriesOptions {
  orders: OrdersRepository;
  events: DeliveryEvents;
  logger: Logger;
  /** Who holds this process's delivery claims. */
  owner: string;
  /** How long a claim holds before another process may take it. */
  leaseMs: number;
  /** Calls per order per process when the handler throws. */
  attempts: number;
  /** Wait before calling a failed handler again. */
  retryMs: number;
  now: () => number;
  /** The tracker is stopping: a failure then hands the claim back instead of retrying. */
  stopping: () => boolean;
}

interface PendingDelivery {
  /** Calls made so far in this process. */
  attempts: number;
  /** When to call next; Infinity while a call is queued or running. */
  at: number;
}

export class OrderDeliveries {
  readonly #opts: OrderDeliveriesOptions;
  readonly #log: Logger;
  readonly #pending = new Map<string, PendingDelivery>();
  /** Deliveries running in this process, by order id. */
  readonly #running = new Map<string, Promise<void>>();

  constructor(opts: OrderDeliveriesOptions) {
    this.#opts = opts;
    this.#log = opts.logger;
  }

  /** Orders waiting for a delivery call in this process (queued, running or retrying). */
  get size(): number {
    return this.#pending.size;
  }

  /** Delivers `orderId` at `at` unless it is already waiting. */
  schedule(orderId: string, at: number): void {
    if (!this.#pending.has(orderId)) this.#pending.set(orderId, { attempts: 0, at });
  }

  clear(): void {
    this.#pending.clear();
  }

  /** Queues every undelivered final (or lost) order in the store, except those `skip` names. */
  async sweep(now: number, skip: (orderId: string) => boolean): Promise<number> {
    const undelivered = [
      ...(await this.#opts.orders.listUndelivered()),
      ...(await this.#opts.orders.listLostUndelivered()),
    ];
    for (const row of undelivered) {
      if (!skip(row.id)) this.schedule(row.id, now);
    }
    return undelivered.length;
  }

  /** Hands every due delivery to `start`; returns when the next one falls due (Infinity if none). */
  startDue(now: number, start: (orderId: string) => void): number {
    let next = Number.POSITIVE_INFINITY;
    for (const [id, pending] of this.#pending) {
      if (pending.at > now) {
        next = Math.min(next, pending.at);
        continue;
      }
      pending.at = Number.POSITIVE_INFINITY;
      start(id);
    }
    return next;
  }

  /**
   * Calls finalReached / orderLost for an undelivered order; on failure schedules a bounded retry.
   * `current`: the row just written by a poll (saves a read); otherwise it is read afresh.
   */
  async deliver(id: string, current?: OrderRecord): Promise<void> {
    // The store's claim keeps other processes out; a claim is this process's own (its owner), so a
    // second call here (a poll and a customer's Cancel at once) must wait for the first to end.
    const running = this.#running.get(id);
    if (running) {
      await running;
      return this.deliver(id);
    }
    const delivery = this.#deliverOnce(id, current);
    this.#running.set(id, delivery);
    try {
      await delivery;
    } finally {
      this.#running.delete(id);
    }
  }

  async #deliverOnce(id: string, current?: OrderRecord): Promise<void> {
    const { orders, events, owner } = this.#opts;
    const row = current ?? (await orders.find(id));
    const lost = !!row && isLostOrder(row);
    if (!row || row.deliveredAt || (!lost && !isFinalStatus(row.status))) {
      this.#pending.delete(id);
      return;
    }
    if (!(await orders.claimDelivery(id, owner, this.#opts.leaseMs))) {
      // Another process is delivering it (or did, and is about to record it).
      this.#pending.delete(id);
      return;
    }
    const attempt = (this.#pending.get(id)?.attempts ?? 0) + 1;
    try {
      if (lost) await events.orderLost(row);
      else await events.finalReached(row);
      this.#pending.delete(id);
    } catch (err) {
      metrics.deliveryFailures.inc();
      const log = { orderId: id, attempt, err };
      if (this.#opts.stopping()) {
        // Cut short by shutdown: the claim goes back, so another process delivers it at its next sweep.
        this.#pending.delete(id);
        await orders.releaseDelivery(id, owner).catch(() => undefined);
        this.#log.warn(log, 'delivery cut short by shutdown: handed back');
      } else if (attempt >= this.#opts.attempts) {
        this.#pending.delete(id);
        this.#log.error(log, 'delivery failed: giving up until the next sweep');
      } else {
        this.#pending.set(id, { attempts: attempt, at: this.#opts.now() + this.#opts.retryMs });
        this.#log.warn(log, 'delivery failed: will retry');
      }
    }
  }
}
