/**
 * The order tracker against the real simulator over HTTP and a real database. Time is a
 * ManualClock shared by the simulator, the services and the tracker's timer, so every assertion is
 * about counts and clock instants, never about how long something took.
 */
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderRecord, Store } from '../../src/db/index.js';
import { isLostOrder, UNKNOWN_STATUS_REPORT_AFTER_MS } from '../../src/domain/order-state.js';
import { ResellerClient } from '../../src/reseller/client.js';
import type { Order, OrderStatus } from '../../src/reseller/schemas.js';
import { CatalogService } from '../../src/services/catalog.js';
import { OrderTracker, type TrackerEvents, type TrackerOptions } from '../../src/services/order-tracker.js';
import { OrderingService } from '../../src/services/ordering.js';
import { LimitError, UserLimits } from '../../src/services/user-limits.js';
import { ManualClock, type RunningSimulator, startSimulator } from '../../src/simulator/server.js';
import { createTestDatabase } from '../support/databases.js';
import { ManualTimers } from '../support/manual-timers.js';
import { API_KEY, silentLogger } from './harness.js';

const CHAT = 3003;
const STAGE_MS = 3_000;
const ORDER_PATH = /^\/orders\/[^/]+$/;

type EventLog =
  | { type: 'status'; orderId: string; status: OrderStatus | null; previous: OrderStatus | null }
  | { type: 'final'; orderId: string; status: OrderStatus | null }
  | { type: 'lost'; orderId: string };

/** Records every event; by default delivers like the bot does (markDelivered). */
class Recorder implements TrackerEvents {
  readonly log: EventLog[] = [];
  /** Set to make finalReached / orderLost throw (a failed Telegram send). */
  failDelivery = false;
  /** Set to return without marking delivery (a crash right after sending). */
  skipMark = false;
  constructor(private readonly ordering: () => OrderingService) {}
  async statusChanged(order: OrderRecord, previous: OrderStatus | null) {
    this.log.push({ type: 'status', orderId: order.id, status: order.status, previous });
  }
  async finalReached(order: OrderRecord) {
    this.log.push({ type: 'final', orderId: order.id, status: order.status });
    if (this.failDelivery) throw new Error('telegram is down');
    if (!this.skipMark) await this.ordering().orders.markDelivered(order.id);
  }
  async orderLost(order: OrderRecord) {
    this.log.push({ type: 'lost', orderId: order.id });
    if (this.failDelivery) throw new Error('telegram is down');
    if (!this.skipMark) await this.ordering().orders.markDelivered(order.id);
  }
  of<T extends EventLog['type']>(type: T, orderId?: string): Extract<EventLog, { type: T }>[] {
    return this.log.filter(
      (e): e is Extract<EventLog, { type: T }> =>
        e.type === type && (orderId === undefined || e.orderId === orderId),
    );
  }
}

interface Rig {
  /** Orders whose onFinalState hook ran (the wallet settles there), once per run. */
  finalHooks: string[];
  sim: RunningSimulator;
  clock: ManualClock;
  timers: ManualTimers;
  ordering: OrderingService;
  /** The store of the latest process (restart() opens a new one on the same database). */
  store: Store;
  events: Recorder;
  tracker: OrderTracker;
  /** A new process on the same database: new connection, services and tracker (not started). */
  restart(overrides?: RigTrackerOptions): Promise<OrderTracker>;
  /** Moves the clock in steps, firing the tracker's timer and waiting for its work after each. */
  run(ms: number, step?: number): Promise<void>;
  order(prompt?: string): Promise<OrderRecord>;
  gets(upstreamOrderId?: string): RunningSimulator['requests'];
  close(): Promise<void>;
}

function withoutRigOptions({ sharedBudget: _, ...options }: RigTrackerOptions): Partial<TrackerOptions> {
  return options;
}

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** `sharedBudget`: the tracker takes its polls from the store's cluster-wide budget. */
type RigTrackerOptions = Partial<TrackerOptions> & { sharedBudget?: boolean };

async function startRig(overrides: RigTrackerOptions = {}): Promise<Rig> {
  const clock = new ManualClock();
  const sim = await startSimulator({ port: 0, clock, orderStageMs: STAGE_MS, activeOrderCap: 100 });
  sim.state.setBalance(API_KEY, '1000.00');
  // Orders are created with the retrying client; the tracker's client has no retries of its own, so
  // each of its calls is one request that went through its limiter.
  const submitClient = new ResellerClient({
    baseUrl: sim.baseUrl,
    apiKey: API_KEY,
    sleep: async (ms) => clock.advance(ms),
  });
  const pollClient = new ResellerClient({ baseUrl: sim.baseUrl, apiKey: API_KEY, retry: { retries: 0 } });
  const catalog = new CatalogService(submitClient, { logger: silentLogger, allowedModelIds: null });
  const database = await createTestDatabase();
  const timers = new ManualTimers(clock);
  const trackers: OrderTracker[] = [];

  let ordering: OrderingService;
  let latestStore: Store;
  const events = new Recorder(() => ordering);
  const finalHooks: string[] = [];
  const newTracker = async ({ sharedBudget, ...extra }: RigTrackerOptions) => {
    const store = await database.open(() => clock.now());
    latestStore = store;
    ordering = new OrderingService({
      orders: store.orders,
      client: submitClient,
      catalog,
      logger: silentLogger,
      now: () => clock.now(),
      hooks: { onFinalState: async (order) => void finalHooks.push(order.id) },
    });
    const tracker = new OrderTracker({
      client: pollClient,
      ordering,
      orders: ordering.orders,
      logger: silentLogger,
      events,
      minIntervalMs: 1_000,
      maxIntervalMs: 4_000,
      maxConcurrency: 4,
      maxRequestsPerSecond: 20,
      deliveryRetryMs: 5_000,
      now: () => clock.now(),
      random: () => 0.5, // no jitter: exact instants in assertions
      timers,
      ...(sharedBudget || overrides.sharedBudget ? { budget: store.pollBudget } : {}),
      ...withoutRigOptions(overrides),
      ...extra,
    });
    trackers.push(tracker);
    return tracker;
  };
  const tracker = await newTracker({});

  const r: Rig = {
    finalHooks,
    sim,
    clock,
    timers,
    get ordering() {
      return ordering;
    },
    get store() {
      return latestStore;
    },
    events,
    tracker,
    restart: (extra = {}) => newTracker(extra),
    async run(ms, step = 50) {
      for (const tr of trackers) await tr.whenIdle(); // requests started now arrive now
      for (let t = 0; t < ms; t += step) {
        clock.advance(step);
        timers.fireDue();
        for (const tr of trackers) await tr.whenIdle();
      }
    },
    async order(prompt = 'a red fox in snow') {
      const draft = await ordering.prepare({
        chatId: CHAT,
        userId: CHAT,
        locale: 'en',
        modelId: 203,
        request: { model_id: 203, prompt },
      });
      const outcome = await ordering.confirm(draft.id, CHAT);
      if (outcome.kind !== 'ordered') throw new Error(`not ordered: ${outcome.kind}`);
      return outcome.order;
    },
    gets: (upstreamOrderId) =>
      sim.requests.filter(
        (q) =>
          q.method === 'GET' &&
          ORDER_PATH.test(q.path) &&
          (upstreamOrderId === undefined || q.path === `/orders/${upstreamOrderId}`),
      ),
    async close() {
      for (const t of trackers) await t.stop();
      await submitClient.close();
      await pollClient.close();
      await sim.close();
      await database.drop();
    },
  };
  rig = r;
  return r;
}

const row = async (r: Rig, id: string) => (await r.ordering.orders.find(id))!;

describe('OrderTracker: order lifecycle', () => {
  it('queued -> processing -> completed: statusChanged twice, finalReached once, then polling stops', async () => {
    const r = await startRig();
    const order = await r.order();
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(10_000);

    expect(r.events.log).toEqual([
      { type: 'status', orderId: order.id, status: 'processing', previous: 'queued' },
      { type: 'status', orderId: order.id, status: 'completed', previous: 'processing' },
      { type: 'final', orderId: order.id, status: 'completed' },
    ]);
    const done = await row(r, order.id);
    expect(done).toMatchObject({ status: 'completed', nextPollAt: null, pollFailures: 0 });
    expect(done.result).toHaveLength(1);
    expect(done.deliveredAt).not.toBeNull();
    expect(done.finalHandledAt).not.toBeNull();

    const polls = r.gets(order.upstreamOrderId!).length;
    await r.run(30_000, 1_000);
    expect(r.gets(order.upstreamOrderId!)).toHaveLength(polls);
    expect(r.events.log).toHaveLength(3);
  });

  it('a [sim:fail] order reaches finalReached as failed with the upstream error', async () => {
    const r = await startRig();
    const order = await r.order('a fox [sim:fail]');
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(10_000);

    expect(r.events.of('final')).toEqual([{ type: 'final', orderId: order.id, status: 'failed' }]);
    expect(r.events.of('status').map((e) => e.status)).toEqual(['processing', 'failed']);
    expect((await row(r, order.id)).error).toMatchObject({ code: 'generation_failed' });
  });

  it('backs off x1.5 up to the maximum while unchanged, and resets to the minimum on a change', async () => {
    const r = await startRig({ minIntervalMs: 1_000, maxIntervalMs: 4_000 });
    const order = await r.order();
    const t0 = r.clock.now();
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(3 * STAGE_MS, 50);

    const at = r.gets(order.upstreamOrderId!).map((q) => q.at - t0);
    // queued until 3000, processing until 6000: 1000 (first), then +1500 -> 2500, +2250 -> 4750 sees
    // processing (change: back to +1000) -> 5750, +1500 -> 7250 sees completed.
    expect(at).toEqual([1_000, 2_500, 4_750, 5_750, 7_250]);
  });

  it('pollNow after a cancel request polls at once, then keeps polling until the order is cancelled', async () => {
    const r = await startRig({ minIntervalMs: 1_000, maxIntervalMs: 4_000 });
    const order = await r.order();
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(STAGE_MS + 2_000); // polled at 4750: processing
    expect((await row(r, order.id)).status).toBe('processing');

    r.sim.state.setCancelBehaviour(order.upstreamOrderId!, 'pending-then-cancelled');
    const cancel = await fetch(`${r.sim.baseUrl}/orders/${order.upstreamOrderId}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(((await cancel.json()) as { error: { code: string } }).error.code).toBe('cancel_pending');

    const before = r.gets(order.upstreamOrderId!).length;
    r.tracker.pollNow(order.id);
    await r.tracker.whenIdle();
    expect(r.gets(order.upstreamOrderId!)).toHaveLength(before + 1); // without moving the clock
    await r.run(5_000);

    expect(r.events.of('status').map((e) => e.status)).toEqual(['processing', 'cancelled']);
    expect(r.events.of('final')).toEqual([{ type: 'final', orderId: order.id, status: 'cancelled' }]);
  });

  it('order_not_found: the order is marked lost, orderLost is called once and polling stops', async () => {
    const r = await startRig();
    const order = await r.order();
    // The order exists in our database, but upstream answers order_not_found for it.
    r.sim.faults.add({
      method: 'GET',
      path: `/orders/${order.upstreamOrderId}`,
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'status', status: 404, code: 'order_not_found' },
    });
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(20_000, 250);

    expect(r.events.log).toEqual([{ type: 'lost', orderId: order.id }]);
    expect(r.gets(order.upstreamOrderId!)).toHaveLength(1);
    const lost = await row(r, order.id);
    expect(lost).toMatchObject({ status: 'queued', nextPollAt: null, error: { code: 'order_not_found' } });
    expect(isLostOrder(lost)).toBe(true);
    expect(await r.ordering.orders.listDue({ dueAt: new Date(r.clock.now()), limit: 10 })).toHaveLength(0);
  });
});

describe('OrderTracker: a customer cancel racing the outcome', () => {
  // What the bot's Cancel does: the ordering service records upstream's answer, the tracker delivers.
  const pressCancel = async (r: Rig, order: OrderRecord) => {
    const outcome = await r.ordering.cancel(order.id, CHAT);
    if (outcome.kind !== 'unknown') r.tracker.deliverNow(order.id);
    return outcome;
  };

  it('completed upstream while Cancel is pressed and a poll runs: delivered once, settled once', async () => {
    const r = await startRig();
    const order = await r.order();
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(STAGE_MS + 2_000); // polled at 4750: processing; next poll due at 5750
    expect((await row(r, order.id)).status).toBe('processing');
    r.clock.advance(1_000); // 6000: upstream completes it now; the bot does not know yet
    r.timers.fireDue(); // the due poll starts...
    const [outcome] = await Promise.all([pressCancel(r, order), pressCancel(r, order)]); // ...and two presses
    expect(outcome).toMatchObject({ kind: 'refused', code: 'cannot_cancel' });
    expect(outcome.kind !== 'unknown' && outcome.order.status).toBe('completed');
    await r.run(10_000);
    expect(r.events.of('final', order.id)).toEqual([
      { type: 'final', orderId: order.id, status: 'completed' },
    ]);
    expect(r.finalHooks).toEqual([order.id]);
    expect((await row(r, order.id)).deliveredAt).not.toBeNull();
  });

  it('cancelled by the customer while a poll runs: the cancelled outcome is delivered once, settled once', async () => {
    const r = await startRig();
    const order = await r.order();
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(STAGE_MS + 2_000); // processing; next poll due at 5750
    expect((await row(r, order.id)).status).toBe('processing');
    r.clock.advance(800);
    r.timers.fireDue(); // the due poll starts, still seeing processing...
    const [first, second] = await Promise.all([pressCancel(r, order), pressCancel(r, order)]);
    expect(await r.ordering.cancel(order.id, CHAT + 1)).toEqual({ kind: 'unknown' }); // another chat's button
    // One press cancels; the other finds it cancelled already (or hears so from upstream).
    expect([first.kind, second.kind]).toContain('cancelled');
    expect((await row(r, order.id)).status).toBe('cancelled');
    r.tracker.pollNow(order.id);
    await r.run(10_000);
    expect(r.events.of('final', order.id)).toEqual([
      { type: 'final', orderId: order.id, status: 'cancelled' },
    ]);
    expect(r.finalHooks).toEqual([order.id]);
  });
});

describe('OrderTracker: upstream trouble', () => {
  it('a burst of 503s delays the result but does not lose it; poll_failures resets', async () => {
    const r = await startRig({ minIntervalMs: 500, maxIntervalMs: 4_000 });
    const order = await r.order();
    r.sim.faults.add({ method: 'GET', path: ORDER_PATH, times: 6, action: { kind: 'status', status: 503 } });
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(5_000);
    expect((await row(r, order.id)).pollFailures).toBeGreaterThan(0);
    await r.run(30_000, 250);

    expect(r.gets().filter((q) => q.status === 503)).toHaveLength(6);
    expect(r.events.of('final')).toEqual([{ type: 'final', orderId: order.id, status: 'completed' }]);
    expect(await row(r, order.id)).toMatchObject({ status: 'completed', pollFailures: 0 });
    expect(r.tracker.stats().failures).toBe(6);
  });

  it('a 429 with Retry-After pauses every poll, not only the one that got it', async () => {
    const r = await startRig({ minIntervalMs: 1_000, maxIntervalMs: 2_000 });
    const a = await r.order('first');
    const b = await r.order('second');
    r.tracker.track(a.id);
    r.tracker.track(b.id);
    await r.tracker.start();
    await r.run(2_000);
    r.sim.faults.add({
      method: 'GET',
      path: ORDER_PATH,
      action: { kind: 'status', status: 429, retryAfterSeconds: 10 },
    });
    await r.run(25_000);

    const throttled = r.gets().find((q) => q.status === 429)!;
    expect(throttled).toBeDefined();
    const during = r.gets().filter((q) => q.at > throttled.at && q.at < throttled.at + 10_000);
    expect(during).toHaveLength(0);
    expect(r.gets().filter((q) => q.at >= throttled.at + 10_000).length).toBeGreaterThan(0);
    expect(
      r.events
        .of('final')
        .map((e) => e.orderId)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(r.tracker.stats().throttled).toBe(1);
  });

  it('dropped connections (before and after handling) count as failures and are retried', async () => {
    const r = await startRig({ minIntervalMs: 500, maxIntervalMs: 2_000 });
    const order = await r.order();
    r.sim.faults.add({ method: 'GET', path: ORDER_PATH, times: 2, action: { kind: 'drop-before' } });
    r.sim.faults.add({ method: 'GET', path: ORDER_PATH, times: 2, action: { kind: 'drop-after' } });
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(20_000, 250);

    expect(r.gets(order.upstreamOrderId!).length).toBeGreaterThanOrEqual(5);
    expect(r.tracker.stats().failures).toBe(4);
    expect(r.events.of('final')).toEqual([{ type: 'final', orderId: order.id, status: 'completed' }]);
  });

  it('the global rate cap holds: never more than maxRequestsPerSecond GETs in any second', async () => {
    const r = await startRig({ maxRequestsPerSecond: 2, maxConcurrency: 8, minIntervalMs: 500 });
    const orders = [];
    for (let i = 0; i < 16; i++) orders.push(await r.order(`order ${i}`));
    const t0 = r.clock.now();
    await r.tracker.start(); // all 16 are due at once (next_poll_at = submission time)
    await r.run(40_000, 50);

    const at = r.gets().map((q) => q.at);
    for (const start of at) {
      expect(at.filter((t) => t >= start && t < start + 1_000).length).toBeLessThanOrEqual(2);
    }
    // The cap is used, not just respected: the first 16 polls take 8 seconds.
    expect(at.filter((t) => t < t0 + 8_000).length).toBeGreaterThanOrEqual(15);
    expect(new Set(r.events.of('final').map((e) => e.orderId)).size).toBe(16);
  });
});

describe('OrderTracker: processes sharing a database', () => {
  it('two trackers on one database share the polls and deliver each outcome exactly once', async () => {
    const r = await startRig({ owner: 'replica-a' });
    const orders = [await r.order('one'), await r.order('two'), await r.order('three')];
    const second = await r.restart({ owner: 'replica-b' });
    for (const order of orders) {
      r.tracker.track(order.id);
      second.track(order.id);
    }
    await r.tracker.start();
    await second.start();
    await r.run(15_000);
    for (const order of orders) {
      expect(r.events.of('final', order.id)).toHaveLength(1);
      expect((await row(r, order.id)).deliveredAt).not.toBeNull();
      // Each due poll went to one of them: never two GETs of one order at the same instant.
      const at = r.gets(order.upstreamOrderId!).map((g) => g.at);
      expect(new Set(at).size).toBe(at.length);
    }
  });
});

describe('OrderTracker: the cap is for the cluster', () => {
  it('three trackers on one database never poll more than the cap per second together, and use it', async () => {
    const r = await startRig({ owner: 'a', maxRequestsPerSecond: 3, maxConcurrency: 8, sharedBudget: true });
    const orders = [];
    for (let i = 0; i < 24; i++) orders.push(await r.order(`order ${i}`));
    const others = [await r.restart({ owner: 'b' }), await r.restart({ owner: 'c' })];
    const t0 = r.clock.now();
    await r.tracker.start();
    for (const t of others) await t.start();
    await r.run(40_000, 50);

    const perSecond = new Map<number, number>();
    for (const q of r.gets())
      perSecond.set(Math.floor(q.at / 1000), (perSecond.get(Math.floor(q.at / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(3);
    // Not three times the cap, and not starved either: the first 24 polls fit in about 8 seconds.
    expect(r.gets().filter((q) => q.at < t0 + 9_000).length).toBeGreaterThanOrEqual(21);
    // And every order got to its end.
    expect(new Set(r.events.of('final').map((e) => e.orderId)).size).toBe(24);
  });
});

describe('OrderTracker: a process that dies holding a delivery', () => {
  it('another process delivers it once the claim lapses, found by its delivery sweep', async () => {
    const r = await startRig({
      owner: 'replica-a',
      deliveryLeaseMs: 120_000,
      deliverySweepMs: 60_000,
      deliveryAttempts: 1,
    });
    const order = await r.order();
    r.events.failDelivery = true;
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(10_000);
    expect(r.events.of('final', order.id)).toHaveLength(1); // claimed, tried, failed
    await r.tracker.stop(); // replica-a is gone, its claim still holds
    r.events.failDelivery = false;

    const b = await r.restart({ owner: 'replica-b' });
    await b.start();
    await r.run(60_000);
    expect(r.events.of('final', order.id)).toHaveLength(1); // the claim has not lapsed yet
    await r.run(120_000);
    expect(r.events.of('final', order.id)).toHaveLength(2);
    expect((await row(r, order.id)).deliveredAt).not.toBeNull();
    await b.stop();
  });
});

describe('OrderTracker: a process that dies mid-poll', () => {
  it.each([
    ['restarted under the same owner: polls it at once', 'replica-a', 0],
    ['another owner: waits for the claim to lapse', 'replica-b', 1],
  ] as const)('%s', async (_name, owner, waitsForLease) => {
    const r = await startRig({ owner: 'replica-a' });
    const order = await r.order();
    r.clock.advance(2 * STAGE_MS); // upstream has finished it
    // replica-a claimed the poll and died before its GET came back (kill -9: nothing was released).
    const due = (await r.ordering.orders.find(order.id))!;
    expect(await r.ordering.orders.claimPoll(due, new Date(r.clock.now() + 60_000), 'replica-a')).toBe(true);

    const next = await r.restart({ owner });
    await next.start();
    await r.run(5_000);
    expect(r.events.of('final', order.id)).toHaveLength(1 - waitsForLease);
    await r.run(60_000);
    expect(r.events.of('final', order.id)).toHaveLength(1);
    await next.stop();
  });
});

describe('OrderTracker: restarts and delivery', () => {
  it('a restart resumes the stored schedule and delivers once across both processes', async () => {
    const r = await startRig({ minIntervalMs: 1_000, maxIntervalMs: 4_000 });
    const order = await r.order();
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(5_000); // polled at 1000, 2500 (queued) and 4750 (processing), next due at 5750
    await r.tracker.stop();
    const stored = await row(r, order.id);
    expect(stored.status).toBe('processing');
    const resumeAt = stored.nextPollAt!.getTime();
    expect(resumeAt).toBeGreaterThan(r.clock.now());
    const pollsBefore = r.gets(order.upstreamOrderId!).length;

    const second = await r.restart();
    await second.start();
    await r.run(10_000);

    const after = r.gets(order.upstreamOrderId!).slice(pollsBefore);
    expect(after[0]!.at).toBe(resumeAt); // not earlier: the schedule came from SQLite
    expect(r.events.log).toEqual([
      { type: 'status', orderId: order.id, status: 'processing', previous: 'queued' },
      { type: 'status', orderId: order.id, status: 'completed', previous: 'processing' },
      { type: 'final', orderId: order.id, status: 'completed' },
    ]);
    await second.stop();
    const third = await r.restart();
    await third.start();
    await r.run(5_000);
    expect(r.events.of('final')).toHaveLength(1); // delivered_at is set: nothing to redo
  });

  it('start() delivers orders that became final but were never delivered (crash before delivery)', async () => {
    const r = await startRig();
    const done = await r.order('finished while the bot was down');
    const delivered = await r.order('already delivered');
    r.clock.advance(2 * STAGE_MS + 1);
    // A previous process recorded both as completed; it crashed before delivering the first one.
    for (const o of [done, delivered]) {
      const upstream = await fetch(`${r.sim.baseUrl}/orders/${o.upstreamOrderId}`, {
        headers: { authorization: `Bearer ${API_KEY}` },
      });
      const { order } = (await upstream.json()) as { order: Order };
      await r.ordering.recordUpstreamState(o.id, order);
    }
    await r.ordering.orders.markDelivered(delivered.id);
    const getsBefore = r.gets().length;

    await r.tracker.start();
    await r.tracker.whenIdle();
    expect(r.events.log).toEqual([{ type: 'final', orderId: done.id, status: 'completed' }]);
    expect(r.gets()).toHaveLength(getsBefore); // final orders are not polled
  });

  it('a failing finalReached is retried a bounded number of times, and again after a restart', async () => {
    // No sweep within the run: it would start another round of attempts.
    const r = await startRig({ deliveryAttempts: 3, deliveryRetryMs: 5_000, deliverySweepMs: 10 * 60_000 });
    r.events.failDelivery = true;
    const order = await r.order();
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(60_000, 500);

    expect(r.events.of('final')).toHaveLength(3);
    expect((await row(r, order.id)).deliveredAt).toBeNull();
    expect(r.tracker.stats().pendingDeliveries).toBe(0);

    await r.tracker.stop();
    r.events.failDelivery = false;
    const second = await r.restart();
    await second.start();
    await second.whenIdle();
    expect(r.events.of('final')).toHaveLength(4);
    expect((await row(r, order.id)).deliveredAt).not.toBeNull();
  });

  it('a lost order whose chat was not told is told again after a restart', async () => {
    const r = await startRig();
    r.events.skipMark = true;
    const order = await r.order();
    r.sim.faults.add({
      method: 'GET',
      path: ORDER_PATH,
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'status', status: 404, code: 'order_not_found' },
    });
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(3_000);
    expect(r.events.of('lost')).toHaveLength(1);
    await r.tracker.stop();

    r.events.skipMark = false;
    const second = await r.restart();
    await second.start();
    await second.whenIdle();
    expect(r.events.of('lost')).toHaveLength(2);
    expect(r.gets(order.upstreamOrderId!)).toHaveLength(1); // told again, not polled again
  });

  it('a database error in the loop is logged and the loop carries on', async () => {
    const lines: Array<{ level: number; msg: string; err?: { message: string } }> = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const r = await startRig({ logger });
    const order = await r.order();
    const repo = r.ordering.orders;
    const listDue = repo.listDue.bind(repo);
    let failures = 2;
    repo.listDue = (opts) => {
      if (failures-- > 0) throw new Error('SQLITE_BUSY: database is locked');
      return listDue(opts);
    };
    r.tracker.track(order.id);
    await r.tracker.start();
    await r.run(12_000);
    expect(failures).toBeLessThan(0);
    expect(r.events.of('final')).toEqual([{ type: 'final', orderId: order.id, status: 'completed' }]);
    // The operator's only signal: one error line per failed pass, naming the cause.
    const loop = lines.filter((l) => l.msg === 'order tracker loop failed');
    expect(loop.map((l) => [l.level, l.err?.message])).toEqual([
      [50, 'SQLITE_BUSY: database is locked'],
      [50, 'SQLITE_BUSY: database is locked'],
    ]);
  });

  it('stop() cuts a running GET short and leaves the stored schedule as it was', async () => {
    const r = await startRig();
    const order = await r.order();
    r.sim.faults.add({ method: 'GET', path: ORDER_PATH, action: { kind: 'latency', ms: 2_000 } });
    r.tracker.track(order.id);
    await r.tracker.start();
    r.clock.advance(1_000);
    const before = await row(r, order.id);
    r.timers.fireDue(); // the GET leaves (after the tracker's reads and claim) and the simulator holds it
    await vi.waitFor(() => expect(r.tracker.stats().inFlight).toBe(1), { timeout: 10_000, interval: 5 });
    // Claimed while it runs: another process sharing the database would not poll it meanwhile.
    expect((await row(r, order.id)).nextPollAt!.getTime()).toBeGreaterThan(r.clock.now());

    await r.tracker.stop();
    expect(r.tracker.stats()).toMatchObject({ inFlight: 0, polls: 1, failures: 0 });
    expect(await row(r, order.id)).toMatchObject({
      status: 'queued',
      nextPollAt: before.nextPollAt,
      pollFailures: 0,
    });
    expect(r.events.log).toEqual([]);
  });

  it('a handler error does not stop the tracker: other orders keep being polled', async () => {
    const r = await startRig();
    const broken = await r.order('first');
    const fine = await r.order('second');
    r.events.statusChanged = async (o) => {
      if (o.id === broken.id) throw new Error('message to edit is gone');
      r.events.log.push({ type: 'status', orderId: o.id, status: o.status, previous: null });
    };
    r.tracker.track(broken.id);
    r.tracker.track(fine.id);
    await r.tracker.start();
    await r.run(12_000);
    expect(
      r.events
        .of('final')
        .map((e) => e.orderId)
        .sort(),
    ).toEqual([broken.id, fine.id].sort());
    expect(r.events.of('status', fine.id)).toHaveLength(2);
  });
});

describe('OrderTracker: an order upstream keeps in a status we do not know', () => {
  const HOUR = 60 * 60_000;
  /** Makes every GET of `order` answer `status` (upstream's own word) until replaced or cleared. */
  function upstreamSays(r: Rig, order: OrderRecord, status: string): void {
    r.sim.faults.clear();
    r.sim.faults.add({
      method: 'GET',
      path: `/orders/${order.upstreamOrderId}`,
      times: Number.POSITIVE_INFINITY,
      action: {
        kind: 'body',
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          order: { id: order.upstreamOrderId, model_id: 203, status, cost_usd: '0.04', result: [] },
        }),
      },
    });
  }

  it('is reported to the admins once after 24 hours (two replicas), stops counting against the limit, is polled slowly, and is back to normal when its status is known again', async () => {
    const reported: Array<{ replica: string; orderId: string; status: string; since: Date }> = [];
    const alertsOf = (replica: string) => ({
      orderStatusUnknown: (a: { orderId: string; status: string; since: Date }) =>
        void reported.push({ replica, orderId: a.orderId, status: a.status, since: a.since }),
    });
    const r = await startRig({ owner: 'replica-a', alerts: alertsOf('replica-a') });
    const second = await r.restart({ owner: 'replica-b', alerts: alertsOf('replica-b') });
    const limits = new UserLimits(
      r.store.stats,
      { maxActiveOrders: 1, dailyOrders: null, dailySpendUsd: null },
      () => r.clock.now(),
    );
    const order = await r.order();
    upstreamSays(r, order, '<b>Held</b> & review');
    await r.tracker.start();
    await second.start();
    await r.run(5_000);
    const since = (await row(r, order.id)).unknownStatusSince;
    expect(since).not.toBeNull();
    expect(await row(r, order.id)).toMatchObject({ status: 'processing', unknownStatusReportedAt: null });

    // Just short of 24 hours: still counts, nobody told.
    r.clock.set(since!.getTime() + UNKNOWN_STATUS_REPORT_AFTER_MS - 60_000);
    await r.run(30_000, 1_000);
    expect(reported).toEqual([]);
    expect((await limits.usage(CHAT)).activeOrders).toBe(1);
    await expect(limits.check({ userId: CHAT, priceUsd: '0.04' })).rejects.toBeInstanceOf(LimitError);

    // Past 24 hours: one report from one of the two replicas, and the customer may order again.
    await r.run(60_000, 1_000);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ orderId: order.id, status: '<b>Held</b> & review', since });
    expect((await row(r, order.id)).unknownStatusReportedAt).not.toBeNull();
    expect((await limits.usage(CHAT)).activeOrders).toBe(0);
    await expect(limits.check({ userId: CHAT, priceUsd: '0.04' })).resolves.toBeUndefined();

    // Still tracked, at the slow pace (15 minutes), and never reported again.
    const from = r.clock.now();
    await r.run(2 * HOUR, 60_000);
    const gets = r.gets(order.upstreamOrderId!).filter((g) => g.at > from);
    expect(gets.length).toBeGreaterThanOrEqual(7);
    expect(gets.length).toBeLessThanOrEqual(9);
    for (let i = 1; i < gets.length; i++)
      expect(gets[i]!.at - gets[i - 1]!.at).toBeGreaterThanOrEqual(15 * 60_000);
    expect(reported).toHaveLength(1);

    // A status we know comes back: it counts again and is polled at the usual pace.
    upstreamSays(r, order, 'processing');
    await r.run(16 * 60_000, 60_000);
    expect(await row(r, order.id)).toMatchObject({ unknownStatusSince: null, unknownStatusReportedAt: null });
    expect((await limits.usage(CHAT)).activeOrders).toBe(1);
    const known = r.clock.now();
    await r.run(20_000, 1_000);
    expect(r.gets(order.upstreamOrderId!).filter((g) => g.at > known).length).toBeGreaterThanOrEqual(4);

    // Upstream finishes it (the simulator's own answer): delivered once, as any order.
    r.sim.faults.clear();
    await r.run(10_000, 1_000);
    expect(r.events.of('final', order.id)).toEqual([
      { type: 'final', orderId: order.id, status: 'completed' },
    ]);
    expect((await limits.usage(CHAT)).activeOrders).toBe(0);
    expect(reported).toHaveLength(1);
    await second.stop();
  });
});
