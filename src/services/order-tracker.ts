/**
 * The order tracker (docs/architecture.md, "A result delivered once"): polls every active order upstream until it is final and
 * reports what changed through `TrackerEvents`, with no Telegram in sight.
 *
 * - The schedule lives in the store (`next_poll_at`, `poll_failures`), so a restart resumes it as it was.
 * - Reads are awaited, so the loop (`#pump`) runs one pass at a time: a pump asked for while one runs
 *   makes that one look again instead of starting a second, so the queue, the limiter and `busy`
 *   are only changed by one pass. Polls run beside it; a row is re-read before each poll.
 * - One timer wakes the loop at the earliest due time; due rows are read in batches and run through a
 *   concurrency cap and a global rate limit (every GET counts against the upstream account).
 * - Results are delivered once: `finalReached`/`orderLost` run until the bot records delivery with
 *   `orders.markDelivered`; a handler that throws is retried a bounded number of times, and again
 *   after a restart while `delivered_at` is still null.
 * - An order upstream keeps in a status we do not know for a day is reported to the admins once in
 *   the cluster (a marker in the store) and stops counting against the customer's active-order
 *   limit; it is still polled, slowly, so a final status that comes later is delivered as usual.
 */
import { hostname } from 'node:os';
import type { OrderRecord, OrdersRepository, PollBudgetRepository } from '../db/index.js';
import type { OrderStatus } from '../domain/order-state.js';
import {
  awaitsDelivery,
  isFinalStatus,
  isPollable,
  UNKNOWN_STATUS_REPORT_AFTER_MS,
  unknownStatusOverdue,
} from '../domain/order-state.js';
import { realTimers, type Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';
import type { ResellerClient } from '../reseller/client.js';
import { ResellerError } from '../reseller/errors.js';
import type { Order } from '../reseller/schemas.js';
import type { AdminAlerts } from './admin-alerts.js';
import { OrderDeliveries } from './order-deliveries.js';
import type { OrderingService } from './ordering.js';
import {
  classifyPollError,
  failureDelay,
  nextInterval,
  type PollPolicy,
  staleStatusInterval,
} from './poll-schedule.js';
import { RateLimiter, Semaphore, SharedPollBudget } from './rate-limiter.js';

export interface TrackerEvents {
  /** The status changed (queued -> processing, or to a final state): edit the order's status message. */
  statusChanged(order: OrderRecord, previous: OrderStatus | null): Promise<void>;
  /**
   * Final and not yet delivered (`delivered_at` null): deliver the results or explain the failure,
   * then call `orders.markDelivered(id)`. Called once per order per process when it succeeds; if it
   * throws, again after `deliveryRetryMs` (at most `deliveryAttempts` calls); after a restart or
   * the next delivery sweep again while `delivered_at` is null.
   */
  finalReached(order: OrderRecord): Promise<void>;
  /**
   * Upstream answered order_not_found: the row keeps its status, `error` is `{code: 'order_not_found'}`
   * and it is no longer polled (see `isLostOrder`). Tell the user, then `orders.markDelivered(id)`;
   * same delivery rules as finalReached.
   */
  orderLost(order: OrderRecord): Promise<void>;
}

/** The loop's one timer; injectable so tests can drive it with a manual clock. */
export type TrackerTimers = Timers;

export interface TrackerOptions {
  /** Best given a client without retries of its own (`retry: { retries: 0 }`): then every GET passes the limiter. */
  client: Pick<ResellerClient, 'getOrder'>;
  ordering: OrderingService;
  /** The same repository (and clock) as `ordering.orders`. */
  orders: OrdersRepository;
  logger: Logger;
  events: TrackerEvents;
  /** ORDER_POLL_MIN_MS / ORDER_POLL_MAX_MS: per-order backoff bounds, reset on each status change. */
  minIntervalMs: number;
  maxIntervalMs: number;
  /** GET /orders/{id} in flight at once (default 8). */
  maxConcurrency?: number;
  /** Global cap on upstream polls (default 5 per second, in any one-second window). */
  maxRequestsPerSecond?: number;
  /**
   * Where processes sharing the database take their polls from (Store.pollBudget): with it, the cap
   * holds for all of them together (per wall-clock second), not for each. Without it, per process.
   */
  budget?: Pick<PollBudgetRepository, 'take'>;
  /**
   * Deliveries running at once (default 16); an order is not polled again until its handlers end.
   * The downloads inside them have a smaller limit of their own (the notifier's).
   */
  eventConcurrency?: number;
  /** Calls of finalReached/orderLost per order per process when they throw (default 5). */
  deliveryAttempts?: number;
  /** Wait before calling a failed finalReached/orderLost again (default maxIntervalMs). */
  deliveryRetryMs?: number;
  /**
   * Who owns this process's delivery and poll claims (default: the host name, so a process
   * restarted on the same host takes up its own claims at once). Processes sharing a database
   * deliver each outcome once: the first to claim it (OrdersRepository.claimDelivery).
   */
  owner?: string;
  /** How long a delivery claim holds before another process may take it (default 10 minutes). */
  deliveryLeaseMs?: number;
  /**
   * How long a poll claim holds (default 60 s): a process that dies mid-poll delays that order this
   * long, unless it is restarted under the same `owner`, which takes its claims back at once.
   */
  pollLeaseMs?: number;
  /**
   * How often undelivered final orders are looked for (default 1 minute): deliveries that gave up
   * are tried again, those handed back by a process that stopped are taken, and those another
   * process claimed and then died holding are taken over once the claim lapses.
   */
  deliverySweepMs?: number;
  /**
   * Where an order stuck in a status we do not know is reported (the admins' alerts); without it the
   * order is still marked reported (and stops counting against the customer's limit), unannounced.
   */
  alerts?: Pick<AdminAlerts, 'orderStatusUnknown'>;
  /** How long a status we do not know may last before that report (default 24 hours). */
  unknownStatusReportAfterMs?: number;
  /** How often an order past that point is polled (default 15 minutes, at least maxIntervalMs). */
  staleStatusPollMs?: number;
  /** Interval growth per unchanged poll (default 1.5). */
  backoffFactor?: number;
  /** Longest global pause a Retry-After can impose (default 5 minutes). */
  maxPauseMs?: number;
  now?: () => number;
  /** Jitter source in [0, 1). */
  random?: () => number;
  timers?: TrackerTimers;
}

export interface TrackerStats {
  /** GET /orders/{id} started since construction. */
  polls: number;
  /** Polls that failed (any reason but our own abort). */
  failures: number;
  /** 429 / Retry-After answers that paused every poll. */
  throttled: number;
  inFlight: number;
  pendingDeliveries: number;
}

export class OrderTracker {
  readonly #client: TrackerOptions['client'];
  readonly #ordering: OrderingService;
  readonly #orders: OrdersRepository;
  readonly #log: Logger;
  readonly #events: TrackerEvents;
  readonly #policy: PollPolicy;
  readonly #maxConcurrency: number;
  readonly #owner: string;
  readonly #pollLeaseMs: number;
  readonly #deliverySweepMs: number;
  readonly #alerts: TrackerOptions['alerts'];
  readonly #unknownStatusReportAfterMs: number;
  #nextSweepAt = 0;
  /** Until when this process claimed the polls it is running (to undo a claim cut short). */
  readonly #pollClaims = new Map<string, Date>();
  readonly #maxPauseMs: number;
  readonly #batchSize: number;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #timers: TrackerTimers;
  readonly #limiter: RateLimiter;
  readonly #budget: SharedPollBudget | undefined;
  readonly #eventGate: Semaphore;

  #stopped = true;
  #abort = new AbortController();
  #timer: unknown;
  #timerAt = Number.POSITIVE_INFINITY;
  /** Ids read from the due batch (or pushed by pollNow), polled in this order. */
  readonly #queue: string[] = [];
  readonly #queued = new Set<string>();
  /** Orders being polled or running their handlers: never polled twice at once. */
  readonly #busy = new Set<string>();
  /** pollNow() while busy: poll again as soon as the running poll ends. */
  readonly #repoll = new Set<string>();
  readonly #deliveries: OrderDeliveries;
  readonly #tasks = new Set<Promise<void>>();
  #polling = 0;
  /** A pass of the loop is running; `#pumpAgain`: something changed meanwhile, look once more. */
  #pumping = false;
  #pumpAgain = false;
  readonly #stats = { polls: 0, failures: 0, throttled: 0 };

  constructor(opts: TrackerOptions) {
    if (!(opts.minIntervalMs > 0) || !(opts.maxIntervalMs >= opts.minIntervalMs)) {
      throw new RangeError('need 0 < minIntervalMs <= maxIntervalMs');
    }
    this.#client = opts.client;
    this.#ordering = opts.ordering;
    this.#orders = opts.orders;
    this.#log = opts.logger.child({ component: 'order-tracker' });
    this.#events = opts.events;
    this.#policy = {
      minIntervalMs: opts.minIntervalMs,
      maxIntervalMs: opts.maxIntervalMs,
      factor: opts.backoffFactor ?? 1.5,
      jitter: 0.2,
      staleIntervalMs: opts.staleStatusPollMs ?? 15 * 60_000,
    };
    this.#maxConcurrency = opts.maxConcurrency ?? 8;
    const perSecond = opts.maxRequestsPerSecond ?? 5;
    this.#limiter = new RateLimiter(perSecond);
    this.#budget = opts.budget && new SharedPollBudget(opts.budget, perSecond);
    this.#eventGate = new Semaphore(opts.eventConcurrency ?? 16);
    this.#owner = opts.owner ?? hostname();
    this.#pollLeaseMs = opts.pollLeaseMs ?? 60_000;
    this.#deliverySweepMs = opts.deliverySweepMs ?? 60_000;
    this.#alerts = opts.alerts;
    this.#unknownStatusReportAfterMs = opts.unknownStatusReportAfterMs ?? UNKNOWN_STATUS_REPORT_AFTER_MS;
    this.#maxPauseMs = opts.maxPauseMs ?? 5 * 60_000;
    // A couple of seconds of work per read: fewer queries, while rows stay fresh enough.
    this.#batchSize = Math.min(500, Math.max(this.#maxConcurrency * 4, Math.ceil(perSecond * 2)));
    this.#now = opts.now ?? Date.now;
    this.#random = opts.random ?? Math.random;
    this.#timers = opts.timers ?? realTimers;
    this.#deliveries = new OrderDeliveries({
      orders: this.#orders,
      events: this.#events,
      logger: this.#log,
      owner: this.#owner,
      leaseMs: opts.deliveryLeaseMs ?? 10 * 60_000,
      attempts: Math.max(1, opts.deliveryAttempts ?? 5),
      retryMs: opts.deliveryRetryMs ?? opts.maxIntervalMs,
      now: this.#now,
      stopping: () => this.#stopped,
    });
  }

  /**
   * Starts the loop: every pollable order in the store is polled when its `next_poll_at` comes (at once
   * if overdue), and final or lost orders never delivered (a crash before delivery) are delivered.
   */
  async start(): Promise<void> {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#abort = new AbortController();
    const now = this.#now();
    // Polls a dead predecessor on this host claimed (kill -9 mid-poll) are due now, not when their
    // lease lapses: nothing of this process is polling yet.
    const reclaimedPolls = await this.#orders.releasePollClaimsOf(this.#owner, new Date(now));
    const undelivered = await this.#sweepUndelivered(now);
    this.#log.info({ undelivered, reclaimedPolls }, 'order tracker started');
    this.#pump();
  }

  /** Stops scheduling, cuts running GETs short (they are repeated after a restart) and waits for handlers. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#clearTimer();
    this.#abort.abort();
    await this.whenIdle();
    this.#queue.length = 0;
    this.#queued.clear();
    this.#repoll.clear();
    this.#deliveries.clear();
    this.#log.info(this.stats(), 'order tracker stopped');
  }

  /**
   * An order upstream has just told us about (submitted, re-sent, cancelled): a pollable one gets its
   * first poll after minIntervalMs; one already final (or lost) and not delivered is delivered now.
   * Every path that records an upstream state calls this, so no final order waits for a restart.
   */
  track(orderId: string): void {
    this.#spawn(async () => {
      const row = await this.#orders.find(orderId);
      if (!row) return;
      if (awaitsDelivery(row)) {
        this.#deliveries.schedule(orderId, this.#now());
        return;
      }
      if (!isPollable(row)) return;
      await this.#orders.setNextPoll(orderId, new Date(this.#now() + this.#policy.minIntervalMs), 0);
    });
  }

  /**
   * An order that became final outside a poll (a customer's Cancel): its outcome is delivered now,
   * under the same claim as every other (one replica, once), and retried like them if it fails.
   */
  deliverNow(orderId: string): void {
    this.#spawn(() => this.#eventGate.run(() => this.#deliveries.deliver(orderId)));
  }

  /** Poll as soon as the rate limit allows, ahead of other due orders (e.g. after a cancel request). */
  pollNow(orderId: string): void {
    this.#spawn(async () => {
      const row = await this.#orders.find(orderId);
      if (!row || !isPollable(row)) return;
      if (this.#busy.has(orderId)) {
        this.#repoll.add(orderId); // the running GET may have left before the cancel: poll once more after it
        return;
      }
      await this.#orders.setNextPoll(orderId, new Date(this.#now()), row.pollFailures);
      this.#toFront(orderId);
    });
  }

  /** Resolves once no poll or handler is running (tests, shutdown). */
  async whenIdle(): Promise<void> {
    while (this.#tasks.size > 0) await Promise.allSettled([...this.#tasks]);
  }

  stats(): TrackerStats {
    return {
      ...this.#stats,
      inFlight: this.#polling,
      pendingDeliveries: this.#deliveries.size,
    };
  }

  // ---------------------------------------------------------------- the loop

  /** Starts whatever is due within the limits, then sleeps until the next thing can happen. */
  #pump(): void {
    if (this.#stopped) return;
    if (this.#pumping) {
      this.#pumpAgain = true;
      return;
    }
    this.#pumping = true;
    const pass: Promise<void> = (async () => {
      do {
        this.#pumpAgain = false;
        const now = this.#now();
        try {
          await this.#fill(now);
        } catch (err) {
          // A database error must not end the loop (it runs from timers): log it and look again later.
          this.#log.error({ err }, 'order tracker loop failed');
          this.#arm(now + this.#policy.minIntervalMs, now);
        }
      } while (this.#pumpAgain && !this.#stopped);
    })().finally(() => {
      this.#pumping = false;
      this.#tasks.delete(pass);
    });
    this.#tasks.add(pass);
  }

  async #fill(now: number): Promise<void> {
    if (now >= this.#nextSweepAt) await this.#sweepUndelivered(now);
    let wakeAt = Math.min(this.#startDueDeliveries(now), this.#nextSweepAt);
    while (this.#polling < this.#maxConcurrency) {
      const wait = this.#limiter.waitMs(now);
      if (wait > 0) {
        wakeAt = Math.min(wakeAt, now + wait);
        break;
      }
      const row = await this.#nextDue(now);
      if (!row) {
        const next = await this.#orders.nextPollAfter(new Date(now));
        if (next) wakeAt = Math.min(wakeAt, next.getTime());
        break;
      }
      const budgetWait = this.#budget ? await this.#budget.take(now) : 0;
      if (budgetWait > 0) {
        // The cluster used this second's polls: the claim is undone, the row stays due.
        const until = this.#pollClaims.get(row.id);
        this.#pollClaims.delete(row.id);
        if (until) await this.#orders.releasePoll(row.id, until, row.nextPollAt);
        this.#toFront(row.id);
        wakeAt = Math.min(wakeAt, now + budgetWait);
        break;
      }
      this.#limiter.take(now);
      this.#spawn(() => this.#poll(row));
    }
    // At full concurrency a finishing poll pumps again; the timer is then only a safety net.
    this.#arm(wakeAt, now);
  }

  /** The next queued row that is still pollable and due; reads a new batch when the queue is empty. */
  async #nextDue(now: number): Promise<OrderRecord | undefined> {
    for (;;) {
      if (this.#queue.length === 0 && !(await this.#refill(now))) return undefined;
      const id = this.#queue.shift();
      if (id === undefined) continue;
      this.#queued.delete(id);
      if (this.#busy.has(id)) continue;
      const row = await this.#orders.find(id); // the batch may be a few seconds old
      if (!row || !isPollable(row) || (row.nextPollAt?.getTime() ?? 0) > now) continue;
      // Processes sharing the database: whoever moves next_poll_at first polls it this time.
      const claimedUntil = new Date(now + this.#pollLeaseMs);
      if (await this.#orders.claimPoll(row, claimedUntil, this.#owner)) {
        this.#pollClaims.set(row.id, claimedUntil);
        return row;
      }
    }
  }

  async #refill(now: number): Promise<boolean> {
    // Busy rows may still be due (their GET is running): ask for enough to fill a batch without them.
    const rows = await this.#orders.listDue({
      dueAt: new Date(now),
      limit: this.#batchSize + this.#busy.size,
    });
    for (const row of rows) {
      if (this.#busy.has(row.id) || this.#queued.has(row.id)) continue;
      this.#queue.push(row.id);
      this.#queued.add(row.id);
    }
    return this.#queue.length > 0;
  }

  #toFront(id: string): void {
    if (this.#queued.has(id)) this.#queue.splice(this.#queue.indexOf(id), 1);
    this.#queue.unshift(id);
    this.#queued.add(id);
  }

  #arm(at: number, now: number): void {
    // Wake at least every maxIntervalMs: rows written by someone who did not call track() are found too.
    const target = Math.min(at, now + this.#policy.maxIntervalMs);
    if (this.#timer !== undefined && this.#timerAt <= target) return;
    this.#clearTimer();
    this.#timerAt = target;
    this.#timer = this.#timers.set(
      () => {
        this.#timer = undefined;
        this.#timerAt = Number.POSITIVE_INFINITY;
        this.#pump();
      },
      Math.max(1, Math.ceil(target - now)),
    );
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.#timers.clear(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
  }

  /** Runs a task in the background; its end may free capacity, so the loop looks again. */
  #spawn(run: () => Promise<void>): void {
    const task: Promise<void> = run()
      .catch((err: unknown) => this.#log.error({ err }, 'order tracker task failed'))
      .finally(() => {
        this.#tasks.delete(task);
        this.#pump();
      });
    this.#tasks.add(task);
  }

  // ---------------------------------------------------------------- one poll

  async #poll(row: OrderRecord): Promise<void> {
    const id = row.id;
    this.#busy.add(id);
    this.#polling++;
    this.#stats.polls++;
    let holdsSlot = true;
    const releaseSlot = () => {
      if (!holdsSlot) return;
      holdsSlot = false;
      this.#polling--;
      this.#pump(); // the next GET need not wait for this order's handlers
    };
    try {
      let upstream: Order;
      try {
        upstream = await this.#client.getOrder(row.upstreamOrderId!, { signal: this.#abort.signal });
      } catch (err) {
        releaseSlot();
        await this.#onPollError(row, err);
        return;
      }
      const recorded = await this.#record(row, upstream);
      releaseSlot();
      if (recorded) {
        await this.#reportUnknownStatus(recorded.order, upstream);
        await this.#report(recorded.order, row.status);
      }
    } finally {
      releaseSlot();
      this.#busy.delete(id);
      this.#pollClaims.delete(id);
      if (this.#repoll.delete(id) && !this.#stopped) this.pollNow(id);
    }
  }

  /** Stores the upstream state and the next poll time; undefined if storing failed (retried later). */
  async #record(row: OrderRecord, upstream: Order): Promise<{ order: OrderRecord } | undefined> {
    let order: OrderRecord;
    try {
      ({ order } = await this.#ordering.recordUpstreamState(row.id, upstream));
    } catch (err) {
      this.#log.error({ orderId: row.id, err }, 'could not record the polled order');
      await this.#scheduleFailure(row, undefined);
      return undefined;
    }
    if (isPollable(order)) {
      const changed = order.status !== row.status;
      const delay = this.#unknownStatusOverdue(order)
        ? staleStatusInterval(this.#policy, this.#random)
        : nextInterval(row, changed, this.#policy, this.#random);
      await this.#orders.setNextPoll(row.id, new Date(this.#now() + delay), 0);
    } else if (order.pollFailures > 0) {
      await this.#orders.setNextPoll(row.id, null, 0);
      order = { ...order, pollFailures: 0 };
    }
    return { order };
  }

  async #report(order: OrderRecord, previous: OrderStatus | null): Promise<void> {
    if (order.status !== previous) {
      try {
        await this.#events.statusChanged(order, previous);
      } catch (err) {
        // Not retried: the next change edits the same message again.
        this.#log.warn({ orderId: order.id, err }, 'statusChanged handler failed');
      }
    }
    // Only deliveries take an event slot: a status edit never waits behind a slow download.
    if (isFinalStatus(order.status) && !order.deliveredAt) {
      await this.#eventGate.run(() => this.#deliveries.deliver(order.id, order));
    }
  }

  #unknownStatusOverdue(order: OrderRecord): boolean {
    return unknownStatusOverdue(order, this.#now(), this.#unknownStatusReportAfterMs);
  }

  /**
   * A status we do not know, for too long: whoever claims the report in the store tells the admins
   * (once in the cluster, also across restarts). A failure is logged and tried again at the next poll.
   */
  async #reportUnknownStatus(order: OrderRecord, upstream: Order): Promise<void> {
    if (upstream.unknown_status === undefined || order.unknownStatusReportedAt !== null) return;
    if (!this.#unknownStatusOverdue(order)) return;
    const cutoff = new Date(this.#now() - this.#unknownStatusReportAfterMs);
    let claimed: OrderRecord | undefined;
    try {
      claimed = await this.#orders.claimUnknownStatusReport(order.id, cutoff);
    } catch (err) {
      this.#log.error({ orderId: order.id, err }, 'could not record the report of an unknown status');
      return;
    }
    if (!claimed?.unknownStatusSince) return;
    this.#log.warn(
      { orderId: order.id, status: upstream.unknown_status, since: claimed.unknownStatusSince },
      'order stuck in an unknown status: reported, no longer counts against the customer limit',
    );
    this.#alerts?.orderStatusUnknown({
      orderId: claimed.id,
      modelName: claimed.modelName,
      status: upstream.unknown_status,
      since: claimed.unknownStatusSince,
    });
  }

  async #onPollError(row: OrderRecord, err: unknown): Promise<void> {
    const kind = classifyPollError(err);
    if (kind === 'aborted') {
      // Stopped mid-poll: the row is due again as it was, for whoever polls next.
      const claimed = this.#pollClaims.get(row.id);
      if (claimed) await this.#orders.releasePoll(row.id, claimed, row.nextPollAt);
      return;
    }
    this.#stats.failures++;
    const log = { orderId: row.id, upstreamOrderId: row.upstreamOrderId, err };
    if (kind === 'lost') {
      if (await this.#ordering.recordLost(row.id)) {
        this.#log.warn(log, 'upstream does not know the order: marked lost');
        await this.#eventGate.run(() => this.#deliveries.deliver(row.id));
      }
      return;
    }
    const retryAfterMs = err instanceof ResellerError ? err.details.retryAfterMs : undefined;
    if (kind === 'throttled') {
      // Retry-After speaks for the whole account: every poll waits, not just this order.
      this.#stats.throttled++;
      const pause = Math.min(retryAfterMs ?? this.#policy.minIntervalMs, this.#maxPauseMs);
      this.#limiter.pauseUntil(this.#now() + pause);
    }
    const failures = await this.#scheduleFailure(row, retryAfterMs);
    if (kind === 'unexpected') this.#log.error({ ...log, failures }, 'order poll failed');
    // Transient trouble often hits every order at once: one line per order on the 1st, 10th, 20th...
    else if (failures === 1 || failures % 10 === 0) this.#log.warn({ ...log, failures }, 'order poll failed');
  }

  async #scheduleFailure(row: OrderRecord, retryAfterMs: number | undefined): Promise<number> {
    const failures = row.pollFailures + 1;
    const delay = failureDelay(failures, retryAfterMs, this.#policy, this.#random);
    await this.#orders.setNextPoll(row.id, new Date(this.#now() + delay), failures);
    return failures;
  }

  // ---------------------------------------------------------------- delivery

  /** Queues every undelivered final (or lost) order this process is not already delivering or polling. */
  async #sweepUndelivered(now: number): Promise<number> {
    this.#nextSweepAt = now + this.#deliverySweepMs;
    return this.#deliveries.sweep(now, (id) => this.#busy.has(id));
  }

  /** Starts deliveries that are due; returns when the next one falls due (Infinity if none). */
  #startDueDeliveries(now: number): number {
    return this.#deliveries.startDue(now, (id) =>
      this.#spawn(() => this.#eventGate.run(() => this.#deliveries.deliver(id))),
    );
  }
}
