/**
 * The referrer's notice (issue 38): a referee's delivered order that earns a reward tells the
 * referrer once, only after the capture committed; a settlement replayed tells nothing more, a
 * released hold and a capture rolled back tell nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ReferralRules } from '../../src/domain/referral.js';
import { ReferralProgram, type RewardNotice } from '../../src/services/referrals.js';
import { WalletService } from '../../src/services/wallet/wallet.js';
import { type Harness, STARS_BILLING, silentLogger, startHarness } from './harness.js';

const REFERRER = 3001;
const REFEREE = 3002;
const rules: ReferralRules = { bonusStars: 10, percent: 10, days: 90, dailyCapStars: 1000 };

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function setUp() {
  h = await startHarness({ billing: STARS_BILLING });
  const t = h;
  await t.store.users.touch({ id: REFERRER, firstName: 'Alice', updateId: 1 }, false);
  await t.store.users.touch({ id: REFEREE, firstName: 'Bob', updateId: 2 }, false);
  expect(await t.store.referrals.attribute(REFEREE, 2, { referrerId: REFERRER })).toBe(true);
  const program = new ReferralProgram({
    referrals: t.store.referrals,
    campaigns: t.store.campaigns,
    rules,
    logger: silentLogger,
  });
  const told: RewardNotice[] = [];
  program.bindNotices({ rewardEarned: async (notice) => void told.push(notice) });
  // The wallet as the app builds it, on the harness's ledger; the harness's own wallet holds at Confirm.
  const wallet = new WalletService({
    ledger: t.store.wallet,
    config: STARS_BILLING,
    logger: silentLogger,
    rewardSpend: program.rewardSpend,
    rewardBooked: (reward) => program.rewardBooked(reward),
  });
  const { payload } = await wallet.createTopup(REFEREE, REFEREE, 100, null);
  await wallet.creditPayment({ chargeId: 'stx-1', userId: REFEREE, stars: 100, payload });
  /** A confirmed order of the referee, completed upstream, its delivery recorded as `outcome`. */
  const order = async (prompt: string, outcome: 'sent' | 'none') => {
    const draft = await t.ordering.prepare({
      chatId: REFEREE,
      userId: REFEREE,
      locale: 'en',
      modelId: 203,
      request: { model_id: 203, prompt },
    });
    expect((await t.ordering.confirm(draft.id, REFEREE)).kind).toBe('ordered');
    const row = (await t.ordering.orders.find(draft.id))!;
    t.clock.advance(30_000);
    await t.ordering.recordUpstreamState(draft.id, await t.client.getOrder(row.upstreamOrderId!));
    expect(await t.ordering.orders.markDelivered(draft.id, outcome)).toBe(true);
    return draft.id;
  };
  return { t, program, told, wallet, order };
}

describe("the referrer's reward notice", () => {
  it('is sent once, after the capture, with the amount and the new balance; a replayed settlement sends nothing more', async () => {
    const { t, program, told, wallet, order } = await setUp();
    const id = await order('a lighthouse', 'sent');
    await wallet.settle(id);
    await wallet.settle(id);
    await wallet.sweep();
    await program.whenIdle();
    expect(told).toEqual([
      { referrerId: REFERRER, stars: 10, balance: await t.store.wallet.balance(REFERRER) },
    ]);
    expect(await t.store.wallet.balance(REFERRER)).toBe(10);
  });

  it('is not sent for a released hold, nor for a capture whose transaction rolled back', async () => {
    const { t, program, told, wallet, order } = await setUp();
    await wallet.settle(await order('nothing reached the chat', 'none'));
    const id = await order('rolled back', 'sent');
    await expect(
      t.store.engine.transaction(async (tx) => {
        await wallet.settle(id, tx);
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    await program.whenIdle();
    expect(told).toEqual([]);
    expect(await t.store.wallet.balance(REFERRER)).toBe(0);
    // Settled again on its own, the capture commits: now, and only now, the referrer hears.
    await wallet.settle(id);
    await program.whenIdle();
    expect(told).toHaveLength(1);
  });
});
