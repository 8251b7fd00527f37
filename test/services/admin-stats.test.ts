import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrdersRepository, Store } from '../../src/db/index.js';
import type { Order } from '../../src/reseller/schemas.js';
import { AdminStatsService, periodStarts } from '../../src/services/admin-stats.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Wednesday 2025-03-12 10:00 UTC. */
const NOW = Date.UTC(2025, 2, 12, 10);
const TODAY = Date.UTC(2025, 2, 12);

let database: TestDatabase;
let store: Store;
let clock: number;
let repo: OrdersRepository;
let stats: AdminStatsService;

beforeEach(async () => {
  database = await createTestDatabase();
  clock = NOW;
  store = await database.open(() => clock);
  repo = store.orders;
  stats = new AdminStatsService(store, () => NOW);
});
afterEach(async () => {
  await database.drop();
});

/** A user first seen at `createdAt` and last at `seenAt`. */
async function addUser(id: number, createdAt: number, seenAt: number) {
  const before = clock;
  clock = createdAt;
  await store.users.touch({ id, firstName: `u${id}` }, false);
  clock = seenAt;
  await store.users.touch({ id, firstName: `u${id}` }, false);
  clock = before;
}

/** An order created at `at`, placed upstream and (optionally) brought to `status`. */
async function order(
  at: number,
  opts: { model?: string; status?: Order['status']; cost?: string; stage?: 'draft' | 'lost' } = {},
) {
  clock = at;
  const row = await repo.insertDraft({
    id: randomUUID(),
    chatId: 1,
    userId: 1,
    locale: 'en',
    modelId: 1,
    modelName: opts.model ?? 'Lumen',
    modelType: 'image',
    request: { model_id: 1, prompt: 'x' },
    priceUsd: opts.cost ?? '0.10',
    idempotencyKey: randomUUID(),
  });
  if (opts.stage === 'draft') return row;
  await repo.beginSubmission(row.id, row.idempotencyKey);
  const upstreamId = `up-${row.id}`;
  const base: Order = {
    id: upstreamId,
    model_id: 1,
    status: 'queued',
    cost_usd: opts.cost ?? '0.10',
    result: [],
    expires_at: null,
    error: null,
  };
  await repo.markSubmitted(row.id, row.idempotencyKey, base);
  if (opts.status && opts.status !== 'queued')
    await repo.updateFromUpstream(row.id, { ...base, status: opts.status });
  if (opts.stage === 'lost') await repo.markLost(row.id);
  return row;
}

describe('periodStarts', () => {
  it('starts today at 00:00 UTC and counts 7 and 30 days including today', async () => {
    const since = periodStarts(new Date(Date.UTC(2025, 2, 1, 0, 30)));
    expect(since.today.toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(since.week.toISOString()).toBe('2025-02-23T00:00:00.000Z');
    expect(since.month.toISOString()).toBe('2025-01-31T00:00:00.000Z');
  });
});

describe('AdminStatsService', () => {
  it('is all zeros on an empty database', async () => {
    const s = await stats.collect();
    expect(s.users).toEqual({ total: 0, newToday: 0, newWeek: 0, activeWeek: 0 });
    expect(s.orders.month).toEqual({
      total: 0,
      completed: 0,
      failed: 0,
      cancelled: 0,
      active: 0,
      spentUsd: '0.00',
    });
    expect(s.topModels).toEqual([]);
    expect(s.activeNow).toEqual({ queued: 0, processing: 0 });
  });

  it('counts users: total, new today and in 7 days (UTC days), active in 7 days', async () => {
    await addUser(1, TODAY + HOUR, NOW); // new today
    await addUser(2, TODAY - 1, NOW - DAY); // yesterday 23:59:59.999: not today, but this week
    await addUser(3, TODAY - 6 * DAY, TODAY - 6 * DAY); // first day of the 7
    await addUser(4, TODAY - 7 * DAY, TODAY - 7 * DAY); // just outside: neither new nor active
    await addUser(5, TODAY - 90 * DAY, NOW); // old but active
    expect((await stats.collect()).users).toEqual({ total: 5, newToday: 1, newWeek: 3, activeWeek: 4 });
  });

  it('counts placed orders per period by outcome and sums completed costs exactly', async () => {
    // Ten completed orders at 0.1 today: floats would give 0.9999999999999999.
    for (let i = 0; i < 10; i++) await order(TODAY + i * 60_000, { status: 'completed', cost: '0.1' });
    await order(TODAY + HOUR, { status: 'failed', cost: '0.50' });
    await order(TODAY + 2 * HOUR, { status: 'processing' });
    await order(TODAY - 3 * DAY, { status: 'completed', cost: '1.234567' });
    await order(TODAY - 3 * DAY, { status: 'cancelled', cost: '2.00' });
    await order(TODAY - 20 * DAY, { status: 'completed', cost: '100.000001' });
    await order(TODAY - 30 * DAY, { status: 'completed', cost: '7.00' }); // outside every period
    await order(TODAY + HOUR, { stage: 'draft', cost: '9.99' }); // never placed: not counted

    const s = await stats.collect();
    expect(s.orders.today).toEqual({
      total: 12,
      completed: 10,
      failed: 1,
      cancelled: 0,
      active: 1,
      spentUsd: '1.00',
    });
    expect(s.orders.week).toEqual({
      total: 14,
      completed: 11,
      failed: 1,
      cancelled: 1,
      active: 1,
      spentUsd: '2.234567',
    });
    expect(s.orders.month).toEqual({
      total: 15,
      completed: 12,
      failed: 1,
      cancelled: 1,
      active: 1,
      spentUsd: '102.234568',
    });
  });

  it('ranks the top models of 30 days by orders, then by name, at most five', async () => {
    const plan: Array<[string, number]> = [
      ['Vela', 4],
      ['Lumen', 3],
      ['Aster', 3],
      ['Nova', 2],
      ['Orbit', 1],
      ['Zephyr', 1],
    ];
    for (const [model, n] of plan)
      for (let i = 0; i < n; i++) await order(TODAY - DAY, { model, status: 'completed' });
    await order(TODAY - 40 * DAY, { model: 'Old', status: 'completed' });
    for (let i = 0; i < 5; i++) await order(TODAY - 40 * DAY, { model: 'Old', status: 'completed' });
    expect((await stats.collect()).topModels).toEqual([
      { modelName: 'Vela', orders: 4 },
      { modelName: 'Aster', orders: 3 },
      { modelName: 'Lumen', orders: 3 },
      { modelName: 'Nova', orders: 2 },
      { modelName: 'Orbit', orders: 1 },
    ]);
  });

  it('counts orders in progress now, whenever they were placed, without lost ones', async () => {
    await order(TODAY - 60 * DAY, { status: 'queued' });
    await order(TODAY, { status: 'queued' });
    await order(TODAY, { status: 'processing' });
    await order(TODAY, { status: 'processing', stage: 'lost' });
    await order(TODAY, { status: 'completed' });
    expect((await stats.collect()).activeNow).toEqual({ queued: 2, processing: 1 });
  });
});
