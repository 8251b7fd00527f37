/**
 * /stats' money through the whole pipeline (issue 38, defect 5): what customers paid earns revenue at
 * Telegram's payout; an order paid with promo Stars earns nothing and its upstream cost is "given
 * away": the margin counts it as a cost, never its Stars as income.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StarsBilling } from '../../src/config.js';
import { DashboardService } from '../../src/services/admin/dashboard.js';
import { type Harness, STARS_BILLING, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const USER = 2101;
/** Telegram's payout differs from the customer's rate: the report must use the payout. */
const BILLING: StarsBilling = { ...STARS_BILLING, payoutUsdPerStar: '0.013' };

/** A Lumen Text to Image order (0.04 USD; x 1.5 x 77 = 4.62 -> 5 Stars), delivered. */
async function deliveredOrder(t: Harness): Promise<void> {
  const draft = await t.ordering.prepare({
    chatId: USER,
    userId: USER,
    locale: 'en',
    modelId: 203,
    request: { model_id: 203, prompt: 'a lighthouse at dawn' },
  });
  expect((await t.ordering.confirm(draft.id, USER)).kind).toBe('ordered');
  const row = (await t.ordering.orders.find(draft.id))!;
  t.clock.advance(30_000);
  await t.ordering.recordUpstreamState(draft.id, await t.client.getOrder(row.upstreamOrderId!));
  // Stars are captured once a result file reached the customer (the delivery's record).
  expect(await t.ordering.orders.markDelivered(draft.id, 'sent')).toBe(true);
  await t.ordering.deliveryRecorded(draft.id);
}

const statsMoney = (t: Harness) =>
  new DashboardService({
    dashboard: t.store.dashboard,
    wallet: t.store.wallet,
    orders: t.store.orders,
    broadcasts: t.store.broadcasts,
    campaigns: { list: async () => [] },
    reminders: t.store.reminders,
    payoutUsdPerStar: BILLING.payoutUsdPerStar,
    upstreamBalance: async () => '0',
    now: () => t.clock.now(),
  }).statsMoney();

describe('wallet report', () => {
  it('paid Stars spent are revenue at STARS_PAYOUT_USD, exactly, not at STARS_PER_USD', async () => {
    h = await startHarness({ billing: BILLING });
    const { payload } = await h.wallet!.createTopup(USER, USER, 50, null);
    await h.wallet!.creditPayment({ chargeId: 'ch-report', userId: USER, stars: 50, payload });
    await deliveredOrder(h);
    expect((await h.wallet!.report()).totals.capturedStars).toBe(5);
    // 5 x 0.013 = 0.065 (at 1/77 it would have been 0.064935); upstream cost 0.04.
    expect((await statsMoney(h)).today).toMatchObject({
      revenueStars: 5,
      revenueUsd: '0.065',
      costUsd: '0.04',
      givenAwayUsd: '0.00',
      marginUsd: '0.025',
    });
  });

  it('an order paid with promo Stars earns nothing: its cost is given away and the margin is negative', async () => {
    h = await startHarness({ billing: BILLING });
    await h.store.wallet.book({ key: 'promo:GIFT:2101', userId: USER, kind: 'promo', delta: 50, stars: 50 });
    await deliveredOrder(h);
    expect((await h.wallet!.report()).totals.capturedStars).toBe(5);
    expect((await statsMoney(h)).today).toMatchObject({
      starsBought: 0,
      starsEarned: 5,
      revenueStars: 0,
      revenueUsd: '0.00',
      costUsd: '0.04',
      givenAwayUsd: '0.04',
      marginUsd: '-0.04',
    });
  });
});
