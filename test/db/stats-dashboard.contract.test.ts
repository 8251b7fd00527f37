/**
 * /stats and the admin dashboard read one bot's figures (issue 40): two stores on one database, the
 * main bot's and bot 2's, each with the same Telegram user, wallet keys, charge id and promo code.
 * Rows other than orders are written behind the stores' back, so that these tests depend on no
 * other repository's scoping.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NewOrder, type Store, storeOn } from '../../src/db/index.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const USER = 10;

/** Ledger rows in a stable order (the dashboard does not sort them): charges, then top-ups. */
const byKind = <T extends { kind: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.kind.localeCompare(b.kind));

describe.each(availableEngines())('StatsRepository and DashboardRepository on %s', (engine) => {
  let database: TestDatabase;
  let now: number;
  let one: Store;
  let two: Store;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    now = Date.UTC(2025, 0, 10, 12);
    one = await database.open(() => now);
    two = storeOn(one.engine, { bot: 2, now: () => now });
  });
  afterEach(async () => {
    await database.drop();
  });

  /** An order of `store`'s bot placed upstream (queued), by USER in their private chat. */
  async function placed(store: Store, over: Partial<NewOrder>) {
    const row = await store.orders.insertDraft({
      id: randomUUID(),
      chatId: USER,
      userId: USER,
      locale: 'en',
      modelId: 401,
      modelName: 'Clean Cutout',
      modelType: 'remove_bg',
      request: { model_id: 401 },
      priceUsd: '0.02',
      idempotencyKey: 'same-key',
      ...over,
    });
    expect(await store.orders.beginSubmission(row.id, row.idempotencyKey)).toBe(true);
    const order = {
      id: `up_${row.id}`,
      model_id: 401,
      status: 'queued' as const,
      cost_usd: row.priceUsd,
      result: [],
      expires_at: null,
      error: null,
    };
    expect(await store.orders.markSubmitted(row.id, row.idempotencyKey, order)).toBe(true);
    return row;
  }

  async function user(bot: number, telegramId: number, firstName: string) {
    const at = new Date(now - 60_000);
    await database.execute`insert into users (bot_id, telegram_id, first_name, created_at, seen_at)
      values (${bot}, ${telegramId}, ${firstName}, ${at}, ${at})`;
  }

  async function entry(bot: number, key: string, kind: string, delta: number, orderId: string | null = null) {
    await database.execute`insert into wallet_entries (bot_id, key, user_id, kind, delta, stars, order_id, created_at)
      values (${bot}, ${key}, ${USER}, ${kind}, ${delta}, ${Math.abs(delta)}, ${orderId}, ${new Date(now - 30_000)})`;
  }

  async function period(bot: number, stars: number) {
    await database.execute`insert into subscription_periods
      (bot_id, charge_id, user_id, subscription_id, plan_id, stars, allowance, starts_at, ends_at, status, first)
      values (${bot}, ${'ch_same'}, ${USER}, ${'sub'}, ${'plan'}, ${stars}, ${100}, ${new Date(now - 20_000)},
        ${new Date(now + 86_400_000)}, ${'paid'}, ${true})`;
  }

  async function promoCode(bot: number, stars: number) {
    await database.execute`insert into promo_codes (bot_id, code, stars, uses, created_by, created_at)
      values (${bot}, ${'SPRING'}, ${stars}, ${5}, ${1}, ${new Date(now)})`;
  }

  /**
   * Bot 1: users 10 (Ann) and 11, two orders, a grant, a top-up, a charge for its first order, a
   * period, a promo code and a broadcast. Bot 2: user 10 (Boris), one order, a top-up and a charge
   * under the same key, naming bot 1's order; the same period charge id and promo code.
   */
  async function seedBoth() {
    await user(1, USER, 'Ann');
    await user(1, 11, 'Cleo');
    await user(2, USER, 'Boris');
    const first = await placed(one, {});
    await placed(one, { idempotencyKey: 'another-key' });
    const theirs = await placed(two, { modelName: 'Upscale', priceUsd: '0.03' });
    await entry(1, 'grant:1', 'grant', 50);
    await entry(1, 'topup:1', 'topup', 100);
    await entry(1, 'charge:1', 'charge', -20, first.id);
    await entry(2, 'topup:1', 'topup', 30);
    // An order id is unique across bots: this entry's order is not one of bot 2's.
    await entry(2, 'charge:1', 'charge', -20, first.id);
    await period(1, 300);
    await period(2, 500);
    await promoCode(1, 5);
    await promoCode(2, 7);
    await database.execute`insert into broadcasts
      (bot_id, created_by, admin_chat_id, locale, content_json, audience_json, status, total, created_at, updated_at)
      values (${1}, ${1}, ${1}, ${'en'}, '{"kind":"text","text":"hi","entities":[]}', '{"kind":"all"}', ${'done'},
        ${2}, ${new Date(now)}, ${new Date(now)})`;
    return { first, theirs };
  }

  it("/stats counts only the store's bot: users, orders by status, top models, a customer's orders", async () => {
    await seedBoth();
    const since = { today: new Date(now - 3_600_000), week: new Date(now - 86_400_000), month: new Date(0) };

    const mine = await one.stats.collect(since, 5);
    expect(mine.users).toEqual({ total: 2, newToday: 2, newWeek: 2, activeWeek: 2 });
    expect(mine.byStatus).toEqual([{ status: 'queued', today: 2, week: 2, month: 2 }]);
    expect(mine.topModels).toEqual([{ modelName: 'Clean Cutout', orders: 2 }]);
    const theirs = await two.stats.collect(since, 5);
    expect(theirs.users).toEqual({ total: 1, newToday: 1, newWeek: 1, activeWeek: 1 });
    expect(theirs.byStatus).toEqual([{ status: 'queued', today: 1, week: 1, month: 1 }]);
    expect(theirs.topModels).toEqual([{ modelName: 'Upscale', orders: 1 }]);

    expect(await one.stats.activeOrdersOf(USER)).toBe(2);
    expect(await two.stats.activeOrdersOf(USER)).toBe(1);
    expect(await one.stats.customerOrders(USER)).toEqual({
      orders: 2,
      completed: 0,
      prices: ['0.02', '0.02'],
    });
    expect(await two.stats.customerOrders(USER)).toEqual({ orders: 1, completed: 0, prices: ['0.03'] });
    const day = [new Date(now - 86_400_000), new Date(now + 1)] as const;
    expect(await one.stats.confirmedPricesOf(USER, ...day)).toEqual(['0.02', '0.02']);
    expect(await two.stats.confirmedPricesOf(USER, ...day)).toEqual(['0.03']);
  });

  it("the dashboard reads only the store's bot: orders, ledger and its funding, joins, periods, names", async () => {
    const { first, theirs } = await seedBoth();
    const since = new Date(now - 86_400_000);

    const mine = await one.dashboard.rowsSince(since);
    expect(mine.orders).toHaveLength(2);
    expect(mine.orders.map((o) => o.id)).toContain(first.id);
    expect(byKind(mine.ledger)).toEqual([
      expect.objectContaining({
        kind: 'charge',
        stars: 20,
        orderId: first.id,
        modelName: 'Clean Cutout',
        // Bot 1's grant pays first.
        funding: { allowance: 0, granted: 20, paid: 0 },
      }),
      expect.objectContaining({ kind: 'topup', stars: 100, modelName: null, funding: null }),
    ]);
    expect(mine.joined).toHaveLength(2);
    expect(mine.subscriptions).toEqual([{ stars: 300, at: new Date(now - 20_000) }]);

    const other = await two.dashboard.rowsSince(since);
    expect(other.orders.map((o) => o.id)).toEqual([theirs.id]);
    expect(byKind(other.ledger)).toEqual([
      // Not bot 1's order, nor bot 1's grant: paid Stars only.
      expect.objectContaining({
        kind: 'charge',
        orderId: first.id,
        modelName: null,
        funding: { allowance: 0, granted: 0, paid: 20 },
      }),
      expect.objectContaining({ kind: 'topup', stars: 30 }),
    ]);
    expect(other.joined).toEqual([new Date(now - 60_000)]);
    expect(other.subscriptions).toEqual([{ stars: 500, at: new Date(now - 20_000) }]);

    expect(await one.dashboard.walletBalance()).toBe(130);
    expect(await two.dashboard.walletBalance()).toBe(10);
    expect(await one.dashboard.names([USER, 11])).toEqual(
      new Map([
        [USER, { firstName: 'Ann', username: null }],
        [11, { firstName: 'Cleo', username: null }],
      ]),
    );
    expect(await two.dashboard.names([USER, 11])).toEqual(
      new Map([[USER, { firstName: 'Boris', username: null }]]),
    );
    expect((await one.dashboard.promoCodes(10)).map((p) => [p.code, p.stars, p.botId])).toEqual([
      ['SPRING', 5, 1],
    ]);
    expect((await two.dashboard.promoCodes(10)).map((p) => [p.code, p.stars, p.botId])).toEqual([
      ['SPRING', 7, 2],
    ]);
    expect(await one.dashboard.broadcasts(10)).toHaveLength(1);
    expect(await two.dashboard.broadcasts(10)).toEqual([]);
  });
});
