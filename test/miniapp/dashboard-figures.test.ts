/**
 * The Mini App's figures on seeded orders and payments, on both engines: exact money per day and in
 * total, per model, customers, and the same numbers as /stats for the same period.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { AdminStatsService } from '../../src/services/admin-stats.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { DAY, dashboardOn, NOW, type Seeder, seedBusiness, seedMixedFunding, TODAY } from './seed.js';

describe.each(availableEngines())('dashboard figures on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  let clock = NOW;
  let seeder: Seeder;

  const dashboard = (billing: 'stars' | 'off' = 'stars') =>
    dashboardOn(store, billing === 'stars' ? {} : { payoutUsdPerStar: undefined });

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await database.open(() => clock);
    seeder = {
      store,
      setClock: (at) => {
        clock = at;
      },
    };
    await seedBusiness(seeder);
  });
  afterEach(async () => {
    await database.drop();
  });

  it('sums money over 7 and 30 days exactly, with the margin at STARS_PAYOUT_USD', async () => {
    const week = await dashboard().money(7);
    expect(week.since).toBe('2025-03-06');
    expect(week.series).toHaveLength(7);
    expect(week.totals).toEqual({
      orders: 13,
      starsBought: 350,
      starsEarned: 200,
      // Every Star spent was a paid one: all of them are revenue, none of the cost was given away.
      revenueStars: 200,
      subscriptionStars: 0,
      revenueUsd: '2.60',
      costUsd: '2.234567',
      givenAwayUsd: '0.00',
      // 200 x 0.013 = 2.6, minus 2.234567.
      marginUsd: '0.365433',
      refundedStars: 50,
    });
    expect(week.series.at(-1)).toEqual({
      day: '2025-03-12',
      orders: 10,
      starsBought: 100,
      starsEarned: 80,
      revenueStars: 80,
      subscriptionStars: 0,
      revenueUsd: '1.04',
      // Ten times 0.1 is exactly 1.
      costUsd: '1.00',
      givenAwayUsd: '0.00',
      marginUsd: '0.04',
      refundedStars: 0,
    });
    const month = await dashboard().money(30);
    expect(month.totals).toMatchObject({
      orders: 15,
      starsBought: 850,
      starsEarned: 500,
      costUsd: '102.234568',
      marginUsd: '-95.734568',
    });
    // Without Stars billing there is no margin to show.
    expect((await dashboard('off').money(7)).totals.marginUsd).toBeNull();
  });

  it('matches /stats for the same periods: orders placed and upstream cost', async () => {
    const stats = await new AdminStatsService(store, () => NOW).collect();
    const week = await dashboard().money(7);
    const month = await dashboard().money(30);
    expect(week.totals.orders).toBe(stats.orders.week.total);
    expect(week.totals.costUsd).toBe(stats.orders.week.spentUsd);
    expect(month.totals.orders).toBe(stats.orders.month.total);
    expect(month.totals.costUsd).toBe(stats.orders.month.spentUsd);
    expect(week.series.at(-1)?.orders).toBe(stats.orders.today.total);
    expect(week.series.at(-1)?.costUsd).toBe(stats.orders.today.spentUsd);
    const byModel = (await dashboard().models(30)).models;
    expect(byModel.reduce((n, m) => n + m.orders, 0)).toBe(stats.orders.month.total);
    expect(byModel.reduce((n, m) => n + m.failed, 0)).toBe(stats.orders.month.failed);
    const newThisWeek = (await dashboard().customers(7)).series.reduce((n, d) => n + d.new, 0);
    expect(newThisWeek).toBe(stats.users.newWeek);
  });

  it('breaks the orders down by model: failures, Stars earned, cost, margin, time to result', async () => {
    expect((await dashboard().models(30)).models).toEqual([
      {
        modelName: 'Lumen',
        orders: 12,
        failed: 0,
        starsEarned: 80,
        costUsd: '1.00',
        givenAwayUsd: '0.00',
        marginUsd: '0.04',
        avgSecondsToResult: 30,
      },
      {
        modelName: 'Vela Video',
        orders: 3,
        failed: 1,
        starsEarned: 420,
        costUsd: '101.234568',
        givenAwayUsd: '0.00',
        marginUsd: '-95.774568',
        avgSecondsToResult: 75,
      },
    ]);
  });

  it('counts new, active and paying customers by day, the wallets, and the top spenders', async () => {
    const c = await dashboard().customers(7);
    const day = (d: string) => c.series.find((s) => s.day === d);
    expect(day('2025-03-07')).toEqual({ day: '2025-03-07', new: 1, active: 0, paying: 0 });
    expect(day('2025-03-10')).toEqual({ day: '2025-03-10', new: 0, active: 0, paying: 1 });
    expect(day('2025-03-12')).toEqual({ day: '2025-03-12', new: 1, active: 1, paying: 1 });
    // 850 bought, 50 refunded, 20 held by a running order, 505 spent on orders.
    expect(c.wallets).toEqual({ balanceStars: 275, heldStars: 20 });
    expect(c.top).toEqual([
      { userId: 12, name: 'Boris', username: 'user12', starsSpent: 120, orders: 3 },
      { userId: 13, name: '=cmd()', username: 'user13', starsSpent: 80, orders: 10 },
    ]);
    expect((await dashboard('off').customers(7)).wallets).toBeNull();
  });

  it('shows operations: upstream balance (or none), active orders, broadcasts', async () => {
    const ops = await dashboard().operations();
    expect(ops).toEqual({
      upstreamBalanceUsd: '12.50',
      activeOrders: { queued: 0, processing: 1 },
      broadcasts: [],
    });
    const down = dashboardOn(store, {
      payoutUsdPerStar: undefined,
      upstreamBalance: () => Promise.reject(new Error('upstream down')),
      now: NOW + 90 * DAY,
    });
    expect((await down.operations()).upstreamBalanceUsd).toBeNull();
    // 90 days later, today's orders are the first day of the 90.
    expect((await down.money(90)).series[0]).toMatchObject({ day: '2025-03-13' });
    expect(TODAY).toBeLessThan(NOW);
  });
});

describe.each(availableEngines())('revenue, given-away cost and margin on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    let clock = NOW;
    store = await database.open(() => clock);
    await seedMixedFunding({ store, setClock: (at) => (clock = at) });
  });
  afterEach(async () => {
    await database.drop();
  });

  it('counts only what customers paid as revenue, and what granted Stars paid for as given away', async () => {
    const week = await dashboardOn(store).money(7);
    expect(week.totals).toEqual({
      orders: 4,
      starsBought: 120,
      starsEarned: 45,
      revenueStars: 466,
      subscriptionStars: 450,
      revenueUsd: '6.058',
      costUsd: '0.39',
      givenAwayUsd: '0.08',
      marginUsd: '5.668',
      refundedStars: 0,
    });
    // The promo order alone: no revenue, its whole cost given away.
    const lumen = (await dashboardOn(store).models(7)).models[0]!;
    expect(lumen).toMatchObject({ costUsd: '0.39', givenAwayUsd: '0.08', marginUsd: '-0.182' });
  });

  it('gives /stats the same figures for today, 7 and 30 days', async () => {
    const stats = await dashboardOn(store).statsMoney();
    const week = (await dashboardOn(store).money(7)).totals;
    const month = (await dashboardOn(store).money(30)).totals;
    expect(stats.week).toEqual(week);
    expect(stats.month).toEqual(month);
    expect(stats.today).toEqual({ ...(await dashboardOn(store).money(7)).series.at(-1), day: undefined });
  });
});
