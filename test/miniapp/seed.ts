/**
 * Seeded orders, payments and users for the Mini App's figures, at fixed times: the same rows the
 * figures test reads and the browser test shows.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Store } from '../../src/db/index.js';
import type { Order } from '../../src/reseller/schemas.js';
import type { CampaignRow } from '../../src/services/admin/campaigns.js';
import { DashboardService } from '../../src/services/admin/dashboard.js';
import { createTestDatabase, type EngineName, type TestDatabase } from '../support/databases.js';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
/** Wednesday 2025-03-12 10:00 UTC. */
export const NOW = Date.UTC(2025, 2, 12, 10);
export const TODAY = Date.UTC(2025, 2, 12);

export interface Seeder {
  store: Store;
  /** The store's clock: every row is written at the time set here. */
  setClock(at: number): void;
}

export async function addUser(s: Seeder, id: number, at: number, name = `u${id}`): Promise<void> {
  s.setClock(at);
  await s.store.users.touch({ id, firstName: name, username: `user${id}` }, false);
}

/** An order of `userId` created at `at`, placed upstream and brought to `status` `finishMs` later. */
export async function addOrder(
  s: Seeder,
  at: number,
  opts: {
    userId?: number;
    model?: string;
    status?: Order['status'];
    cost?: string;
    finishMs?: number;
    stars?: number;
  } = {},
): Promise<string> {
  const repo = s.store.orders;
  const userId = opts.userId ?? 1;
  s.setClock(at);
  const row = await repo.insertDraft({
    id: randomUUID(),
    chatId: userId,
    userId,
    locale: 'en',
    modelId: 1,
    modelName: opts.model ?? 'Lumen',
    modelType: 'image',
    request: { model_id: 1, prompt: 'x' },
    priceUsd: opts.cost ?? '0.10',
    idempotencyKey: randomUUID(),
  });
  await repo.beginSubmission(row.id, row.idempotencyKey);
  const base: Order = {
    id: `up-${row.id}`,
    model_id: 1,
    status: 'queued',
    cost_usd: opts.cost ?? '0.10',
    result: [],
    expires_at: null,
    error: null,
  };
  await repo.markSubmitted(row.id, row.idempotencyKey, base);
  if (opts.stars !== undefined) {
    await s.store.wallet.book({
      key: `test-hold:${row.id}`,
      userId,
      kind: 'hold',
      delta: -opts.stars,
      stars: opts.stars,
      orderId: row.id,
    });
  }
  if (opts.status && opts.status !== 'queued') {
    s.setClock(at + (opts.finishMs ?? 0));
    await repo.updateFromUpstream(row.id, { ...base, status: opts.status });
  }
  if (opts.stars !== undefined && opts.status === 'completed') {
    await s.store.wallet.book({
      key: `test-capture:${row.id}`,
      userId,
      kind: 'capture',
      delta: 0,
      stars: opts.stars,
      orderId: row.id,
    });
  }
  return row.id;
}

export async function addLedger(
  s: Seeder,
  at: number,
  entry: { userId: number; kind: 'topup' | 'refund' | 'telegram_refund' | 'hold'; stars: number },
): Promise<void> {
  s.setClock(at);
  const delta = entry.kind === 'topup' ? entry.stars : -entry.stars;
  await s.store.wallet.book({ key: `test-${randomUUID()}`, ...entry, delta, orderId: null });
}

/** A small business: three customers, two models, payments, a refund, over the last weeks. */
export async function seedBusiness(s: Seeder): Promise<void> {
  await addUser(s, 11, TODAY - 40 * DAY, 'Ada');
  await addUser(s, 12, TODAY - 5 * DAY, 'Boris');
  await addUser(s, 13, TODAY + HOUR, '=cmd()');
  await addLedger(s, TODAY - 20 * DAY, { userId: 11, kind: 'topup', stars: 500 });
  await addLedger(s, TODAY - 2 * DAY, { userId: 12, kind: 'topup', stars: 250 });
  await addLedger(s, TODAY - DAY, { userId: 12, kind: 'refund', stars: 50 });
  await addLedger(s, TODAY + HOUR, { userId: 13, kind: 'topup', stars: 100 });
  await addLedger(s, TODAY + HOUR, { userId: 13, kind: 'hold', stars: 20 });
  // Ten orders at 0.1 today: floats would make 0.9999999999999999 of them.
  for (let i = 0; i < 10; i++) {
    await addOrder(s, TODAY + i * 60_000, {
      userId: 13,
      status: 'completed',
      cost: '0.1',
      stars: 8,
      finishMs: 30_000,
    });
  }
  await addOrder(s, TODAY - 3 * DAY, {
    userId: 12,
    model: 'Vela Video',
    status: 'completed',
    cost: '1.234567',
    stars: 120,
    finishMs: 90_000,
  });
  await addOrder(s, TODAY - 3 * DAY, { userId: 12, model: 'Vela Video', status: 'failed', cost: '1.00' });
  await addOrder(s, TODAY - 2 * HOUR, { userId: 12, status: 'processing' });
  await addOrder(s, TODAY - 20 * DAY, {
    userId: 11,
    model: 'Vela Video',
    status: 'completed',
    cost: '100.000001',
    stars: 300,
    finishMs: 60_000,
  });
  await addOrder(s, TODAY - 25 * DAY, { userId: 11, status: 'cancelled', cost: '2.00' });
  await addOrder(s, TODAY - 60 * DAY, { userId: 11, status: 'completed', cost: '7.00', stars: 5 });
  await addReminders(s);
}

/** Reminders of three days ago (issue 44): two welcome ones, one acted on, and a plan one. */
async function addReminders(s: Seeder): Promise<void> {
  s.setClock(TODAY - 3 * DAY);
  const { reminders } = s.store;
  const sent = [
    { key: 'welcome:11', userId: 11, rule: 'welcome_unused' as const, subject: '11' },
    { key: 'welcome:12', userId: 12, rule: 'welcome_unused' as const, subject: '12' },
    { key: 'plan:24h:c13', userId: 13, rule: 'plan_ending' as const, subject: 'c13' },
  ];
  await reminders.plan(sent);
  for (const r of sent) {
    await reminders.startSending(r.key);
    await reminders.settle(r.key, 'sent');
  }
  const t = s.store.engine.tables.reminders;
  await s.store.engine.run((db) =>
    db
      .update(t)
      .set({ actedAt: new Date(TODAY - 2 * DAY) })
      .where(s.store.scope.where(t, eq(t.key, 'welcome:11'))),
  );
}

/** A fresh database on `engine` with seedBusiness in it, and the figures' service over it at NOW. */
export async function seededDashboard(
  engine: EngineName,
  opts: { payoutUsdPerStar?: string | undefined; upstreamBalance?: () => Promise<string> } = {},
): Promise<{ database: TestDatabase; store: Store; dashboard: DashboardService }> {
  const database = await createTestDatabase(engine);
  let clock = NOW;
  const store = await database.open(() => clock);
  await seedBusiness({
    store,
    setClock: (at) => {
      clock = at;
    },
  });
  return { database, store, dashboard: dashboardOn(store, opts) };
}

export function dashboardOn(
  store: Store,
  opts: {
    payoutUsdPerStar?: string | undefined;
    upstreamBalance?: () => Promise<string>;
    now?: number;
    campaigns?: CampaignRow[];
  } = {},
): DashboardService {
  return new DashboardService({
    dashboard: store.dashboard,
    wallet: store.wallet,
    orders: store.orders,
    broadcasts: store.broadcasts,
    campaigns: { list: async () => opts.campaigns ?? [] },
    reminders: store.reminders,
    payoutUsdPerStar: 'payoutUsdPerStar' in opts ? opts.payoutUsdPerStar : '0.013',
    upstreamBalance: opts.upstreamBalance ?? (async () => '12.50'),
    now: () => opts.now ?? NOW,
  });
}

/**
 * Today, four customers whose orders were paid four ways (issue 38, defect 5): paid Stars, a promo
 * code's, a referral reward's mixed with paid Stars, and a subscription's allowance. At 0.013 per
 * Star: revenue 466 Stars (10 + 6 paid, 450 subscription) = $6.058; cost $0.39, of which $0.08 was
 * paid with granted Stars (the promo order whole, 4 of the mixed order's 10 Stars); margin $5.668.
 */
export async function seedMixedFunding(s: Seeder): Promise<void> {
  const book = async (
    at: number,
    userId: number,
    kind: 'topup' | 'promo' | 'referral',
    stars: number,
  ): Promise<void> => {
    s.setClock(at);
    await s.store.wallet.book({ key: `test-${kind}:${randomUUID()}`, userId, kind, delta: stars, stars });
  };
  for (const id of [21, 22, 23, 24]) await addUser(s, id, TODAY + HOUR, `buyer${id}`);
  await book(TODAY + 2 * HOUR, 21, 'topup', 100);
  await addOrder(s, TODAY + 3 * HOUR, { userId: 21, status: 'completed', cost: '0.05', stars: 10 });
  await book(TODAY + 2 * HOUR, 22, 'promo', 50);
  await addOrder(s, TODAY + 3 * HOUR, { userId: 22, status: 'completed', cost: '0.04', stars: 5 });
  await book(TODAY + 2 * HOUR, 23, 'referral', 4);
  await book(TODAY + 2 * HOUR, 23, 'topup', 20);
  await addOrder(s, TODAY + 3 * HOUR, { userId: 23, status: 'completed', cost: '0.10', stars: 10 });
  s.setClock(TODAY + 2 * HOUR);
  await s.store.subscriptions.recordPayment({
    chargeId: 'sub-charge-24',
    userId: 24,
    planId: 'pro',
    stars: 450,
    allowance: 600,
    expiresAt: new Date(TODAY + 30 * DAY),
    periodSeconds: 30 * 24 * 3600,
    first: true,
  });
  await addOrder(s, TODAY + 3 * HOUR, { userId: 24, status: 'completed', cost: '0.20', stars: 20 });
}
