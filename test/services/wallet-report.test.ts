/** /stats' Stars figures: what the captured Stars earn at Telegram's payout, against upstream's cost. */
import { afterEach, describe, expect, it } from 'vitest';
import type { StarsBilling } from '../../src/config.js';
import { type Harness, STARS_BILLING, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const USER = 2101;
/** Telegram's payout differs from the customer's rate: the report must use the payout. */
const BILLING: StarsBilling = { ...STARS_BILLING, payoutUsdPerStar: '0.013' };

describe('wallet report', () => {
  it('earnings are the captured Stars at STARS_PAYOUT_USD, exactly, not at STARS_PER_USD', async () => {
    h = await startHarness({ billing: BILLING });
    const t = h;
    const wallet = t.wallet!;
    const { payload } = await wallet.createTopup(USER, USER, 50, null);
    await wallet.creditPayment({ chargeId: 'ch-report', userId: USER, stars: 50, payload });
    // Lumen Text to Image: 0.04 USD; x 1.5 x 77 = 4.62 -> 5 Stars.
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

    const report = await wallet.report();
    expect(report.totals.capturedStars).toBe(5);
    // 5 x 0.013 = 0.065 (at 1/77 it would have been 0.064935); upstream cost 0.04.
    expect(report).toMatchObject({ spentUsd: '0.04', earnedUsd: '0.065', marginUsd: '0.025' });
  });
});
