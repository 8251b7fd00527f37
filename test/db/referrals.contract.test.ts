/**
 * First-touch attribution and the referral rewards, on every engine the run has: only the update
 * that created a user's row attributes it, once, also when two replicas handle it; a referee's paid
 * top-up rewards the referrer once (redelivered or raced), within the daily cap, never for oneself,
 * and a refund takes the reward back once. A property over random duplicated payments and refunds
 * checks the referral Stars against a plain model and the ledger against the wallets' balances.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import type { ReferralRules } from '../../src/domain/referral.js';
import { DAY_MS } from '../../src/domain/utc-day.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const REFERRER = 1;
const REFEREE = 2;

async function join(store: Store, id: number, updateId: number) {
  return store.users.touch({ id, firstName: `U${id}`, updateId }, false);
}

function credit(store: Store, rules: ReferralRules, chargeId: string, stars: number, userId = REFEREE) {
  return store.wallet.creditPayment({ chargeId, userId, stars, topupId: undefined }, (tx, topup) =>
    store.referrals.rewardTopup(tx, rules, topup),
  );
}

async function referralEntries(database: TestDatabase) {
  return database.query<{ key: string; user_id: number; delta: number }>`
    select key, user_id, delta from wallet_entries where kind = 'referral' order by id`;
}

describe.each(availableEngines())('referrals on %s', (engine) => {
  let database: TestDatabase;
  let now: number;
  let a: Store;
  let b: Store;
  const rules: ReferralRules = { bonusStars: 10, percent: 10, days: 90, dailyCapStars: 1000 };

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    now = Date.UTC(2026, 0, 1, 12);
    a = await database.open(() => now);
    b = await database.open(() => now);
  });
  afterEach(async () => {
    await database.drop();
  });

  describe('attribution', () => {
    it('only the update that created the row attaches, once; later payloads change nothing', async () => {
      await join(a, REFERRER, 10);
      await join(a, REFEREE, 11);
      expect(await a.referrals.attribute(REFEREE, 11, { referrerId: REFERRER })).toBe(true);
      // The same update again (a redelivery) and a later /start with another payload: nothing.
      expect(await b.referrals.attribute(REFEREE, 11, { referrerId: 3 })).toBe(false);
      const campaign = (await a.campaigns.create({ code: 'spring', name: 'Spring', createdBy: 9 }))!;
      await join(a, REFEREE, 12);
      expect(await a.referrals.attribute(REFEREE, 12, { campaignId: campaign.id })).toBe(false);
      expect(await a.users.find(REFEREE)).toMatchObject({ referredBy: REFERRER, campaignId: null });
    });

    it('a user who wrote before their first /start is not new at it', async () => {
      await join(a, REFEREE, 20); // "hi" first
      await join(a, REFEREE, 21); // then /start r_...
      expect(await a.referrals.attribute(REFEREE, 21, { referrerId: REFERRER })).toBe(false);
      expect((await a.users.find(REFEREE))?.referredBy).toBeNull();
    });

    it('two replicas attributing the same new user at once: exactly one wins', async () => {
      await join(a, REFEREE, 30);
      const wins = await Promise.all([
        a.referrals.attribute(REFEREE, 30, { referrerId: REFERRER }),
        b.referrals.attribute(REFEREE, 30, { referrerId: 5 }),
        b.referrals.attribute(REFEREE, 30, { campaignId: 1 }),
      ]);
      expect(wins.filter(Boolean)).toHaveLength(1);
      const row = (await a.users.find(REFEREE))!;
      expect([row.referredBy !== null, row.campaignId !== null].filter(Boolean)).toHaveLength(1);
    });

    it('no self-referral', async () => {
      await join(a, REFERRER, 40);
      expect(await a.referrals.attribute(REFERRER, 40, { referrerId: REFERRER })).toBe(false);
    });

    it('a referral code is stable, unique and looked up', async () => {
      await join(a, REFERRER, 50);
      let n = 0;
      const code = await a.referrals.codeOf(REFERRER, () => `code${n++}`);
      expect(await b.referrals.codeOf(REFERRER, () => 'other')).toBe(code);
      await join(a, 3, 51);
      // The first draw collides with the referrer's code: the next one is taken.
      const draws = ['code0', 'fresh'];
      expect(await a.referrals.codeOf(3, () => draws.shift()!)).toBe('fresh');
      expect((await a.referrals.findByCode('fresh'))?.telegramId).toBe(3);
    });
  });

  describe('rewards', () => {
    beforeEach(async () => {
      await join(a, REFERRER, 1);
      await join(a, REFEREE, 2);
      await a.referrals.attribute(REFEREE, 2, { referrerId: REFERRER });
    });

    it('bonus plus share for the first top-up, once however often it is delivered; then the share only', async () => {
      const first = await credit(a, rules, 'ch1', 50);
      expect(first).toMatchObject({ kind: 'credited', referral: { referrerId: REFERRER, stars: 15 } });
      const again = await credit(b, rules, 'ch1', 50);
      expect(again.kind).toBe('duplicate');
      expect(await a.wallet.balance(REFERRER)).toBe(15);
      expect(await credit(a, rules, 'ch2', 100)).toMatchObject({ referral: { stars: 10 } });
      expect(await a.wallet.balance(REFERRER)).toBe(25);
      expect(await a.referrals.inviteStats(REFERRER)).toEqual({ joined: 1, paid: 1, earnedStars: 25 });
    });

    it('two replicas crediting the same payment at once reward once', async () => {
      // SQLite serves one process (its writers queue in it); PostgreSQL replicas each have their own.
      const other = engine === 'sqlite' ? a : b;
      const outcomes = await Promise.all([credit(a, rules, 'ch1', 50), credit(other, rules, 'ch1', 50)]);
      expect(outcomes.filter((o) => o.kind === 'credited' && o.referral)).toHaveLength(1);
      expect(await referralEntries(database)).toHaveLength(1);
      expect(await a.wallet.balance(REFERRER)).toBe(15);
    });

    it('the daily cap holds per referrer and UTC day', async () => {
      const capped = { ...rules, dailyCapStars: 20 };
      expect((await credit(a, capped, 'ch1', 50)).kind === 'credited').toBe(true);
      expect(await credit(a, capped, 'ch2', 100)).toMatchObject({ referral: { stars: 5 } });
      expect(await credit(a, capped, 'ch3', 100)).toMatchObject({ kind: 'credited', referral: undefined });
      now += DAY_MS;
      expect(await credit(a, capped, 'ch4', 100)).toMatchObject({ referral: { stars: 10 } });
      expect(await a.wallet.balance(REFERRER)).toBe(30);
    });

    it('no share after REFERRAL_DAYS', async () => {
      now += 91 * DAY_MS;
      expect(await credit(a, rules, 'ch1', 50)).toMatchObject({ referral: { stars: 10 } });
      expect(await credit(a, rules, 'ch2', 50)).toMatchObject({ referral: undefined });
    });

    it('grants and the welcome bonus earn nothing; a user without a referrer earns nobody anything', async () => {
      await a.wallet.book({ key: 'grant:x', userId: REFEREE, kind: 'grant', delta: 40, stars: 40 });
      await join(a, 3, 3);
      await credit(a, rules, 'ch9', 50, 3);
      expect(await referralEntries(database)).toEqual([]);
    });

    it("a refund (Telegram's or an admin's) takes the reward back once", async () => {
      await credit(a, rules, 'ch1', 50);
      await a.wallet.bookTelegramRefund({ chargeId: 'ch1', userId: REFEREE, stars: 50 });
      await b.wallet.bookTelegramRefund({ chargeId: 'ch1', userId: REFEREE, stars: 50 });
      expect(await a.wallet.balance(REFERRER)).toBe(0);
      await a.wallet.createTopup({ id: 't2', userId: REFEREE, chatId: REFEREE, stars: 100, orderId: null });
      await a.wallet.creditPayment({ chargeId: 'ch2', userId: REFEREE, stars: 100, topupId: 't2' }, (tx, t) =>
        a.referrals.rewardTopup(tx, rules, t),
      );
      expect(await a.wallet.balance(REFERRER)).toBe(10);
      const start = await a.wallet.beginRefund('ch2', 99);
      expect(start.kind).toBe('started');
      await a.wallet.finishRefund('ch2');
      await b.wallet.finishRefund('ch2');
      expect(await a.wallet.balance(REFERRER)).toBe(0);
      expect((await referralEntries(database)).map((e) => [e.key, Number(e.delta)])).toEqual([
        ['referral:ch1', 15],
        ['referral_undo:ch1', -15],
        ['referral:ch2', 10],
        ['referral_undo:ch2', -10],
      ]);
      // Granted Stars: a reward is never refundable.
      expect(await a.wallet.paidBalance(REFERRER)).toBe(0);
    });
  });
});

type Step = { kind: 'pay'; charge: number; stars: number } | { kind: 'refund'; charge: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    charge: fc.integer({ min: 0, max: 5 }),
    stars: fc.integer({ min: 1, max: 200 }),
  }),
  fc.record({ kind: fc.constant('refund' as const), charge: fc.integer({ min: 0, max: 5 }) }),
);

describe.each(availableEngines())(
  'referral rewards under duplicated payments and refunds on %s',
  (engine) => {
    let database: TestDatabase;
    let store: Store;
    const rules: ReferralRules = { bonusStars: 7, percent: 13, days: 90, dailyCapStars: 40 };

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      store = await database.open(() => Date.UTC(2026, 0, 1, 12));
    });
    afterAll(async () => {
      await database.drop();
    });

    it('grant exactly what the rules allow, to the referrer, within the daily cap', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
          await database.execute`delete from wallet_entries`;
          await database.execute`delete from users`;
          await join(store, REFERRER, 1);
          await join(store, REFEREE, 2);
          await store.referrals.attribute(REFEREE, 2, { referrerId: REFERRER });
          // The model: what each credited charge earned, and the day's net earnings.
          const paid = new Map<number, { stars: number; reward: number; refunded: boolean }>();
          let earned = 0;
          let everPaid = false;
          for (const s of steps) {
            if (s.kind === 'pay') {
              await credit(store, rules, `c${s.charge}`, s.stars);
              if (paid.has(s.charge)) continue; // a redelivery: the first amount stands
              const wanted = (everPaid ? 0 : rules.bonusStars) + Math.floor((s.stars * rules.percent) / 100);
              const reward = Math.min(wanted, Math.max(0, rules.dailyCapStars - earned));
              everPaid = true;
              earned += reward;
              paid.set(s.charge, { stars: s.stars, reward, refunded: false });
            } else {
              const charge = paid.get(s.charge);
              await store.wallet.bookTelegramRefund({
                chargeId: `c${s.charge}`,
                userId: REFEREE,
                stars: charge?.stars ?? 1,
              });
              if (charge && !charge.refunded) {
                charge.refunded = true;
                earned -= charge.reward;
              }
            }
          }
          expect(await store.wallet.balance(REFERRER)).toBe(earned);
          const rewards = await referralEntries(database);
          // The day's cap, read from what the ledger booked (not from the model's own arithmetic).
          const net = rewards.reduce((sum, r) => sum + Number(r.delta), 0);
          expect(net).toBeLessThanOrEqual(rules.dailyCapStars);
          expect(rewards.every((r) => Number(r.user_id) === REFERRER)).toBe(true);
          const granted = rewards.filter((r) => Number(r.delta) > 0);
          const allowed =
            (paid.size > 0 ? rules.bonusStars : 0) +
            [...paid.values()].reduce((sum, c) => sum + Math.floor((c.stars * rules.percent) / 100), 0);
          expect(granted.reduce((sum, r) => sum + Number(r.delta), 0)).toBeLessThanOrEqual(allowed);
          expect(new Set(rewards.map((r) => r.key)).size).toBe(rewards.length);
        }),
        { numRuns: engine === 'postgres' ? 40 : 80 },
      );
      // A budget, not a timing goal: 40 runs of real PostgreSQL transactions on a busy 2-core machine.
    }, 120_000);
  },
);
