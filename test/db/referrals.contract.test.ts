/**
 * First-touch attribution and the referral rewards, on every engine the run has: only the update
 * that created a user's row attributes it, once, also when two replicas handle it; the paid Stars a
 * referee spends on a delivered result (a capture) reward the referrer once (replayed or raced),
 * within the daily cap, never for oneself; a top-up alone rewards nothing, so refunding it takes
 * nothing back (issue 38). A property over random duplicated captures, top-ups and refunds checks
 * the referral Stars against a plain model and the ledger against the wallets' balances. Two bots on
 * one database keep their referrals apart: the same people, codes and charges in both, each bot's
 * attribution, rewards, take-backs and figures its own.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RewardClawback, type Store, storeOn } from '../../src/db/index.js';
import type { ReferralRules } from '../../src/domain/referral.js';
import { DAY_MS } from '../../src/domain/utc-day.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const REFERRER = 1;
const REFEREE = 2;

async function join(store: Store, id: number, updateId: number) {
  return store.users.touch({ id, firstName: `U${id}`, updateId }, false);
}

/**
 * The user's order `key` is delivered: its hold of `stars` is captured, and the reward is booked in the
 * capture's transaction, as WalletRepository.settleOrder does. Undefined: no reward booked now.
 */
function capture(store: Store, rules: ReferralRules, key: string, stars: number, userId = REFEREE) {
  const hold = `hold:o-${key}:k`;
  return store.engine.transaction(async (tx) => {
    await store.wallet.book({ key: hold, userId, kind: 'hold', delta: -stars, stars }, tx);
    const settle = `settle:${hold}`;
    const booked = await store.wallet.book(
      { key: settle, userId, kind: 'capture', delta: 0, stars, orderId: `o-${key}` },
      tx,
    );
    if (!booked) return undefined;
    return store.referrals.rewardSpend(tx, rules, {
      userId,
      orderId: `o-${key}`,
      key: settle,
      fundedBy: hold,
    });
  });
}

/** The user tops up `stars` (charge `key`) and spends them all on an order delivered now. */
async function credit(store: Store, rules: ReferralRules, key: string, stars: number, userId = REFEREE) {
  await store.wallet.creditPayment({ chargeId: key, userId, stars, topupId: undefined });
  return capture(store, rules, key, stars, userId);
}

/** The referral program's take-back hook, as ReferralProgram.rewardClawback hands it to the wallet. */
const clawBack =
  (store: Store): RewardClawback =>
  (tx, refunded) =>
    store.referrals.clawBack(tx, refunded);

/** Telegram refunds the referee's payment `chargeId` of `stars` itself (a refunded_payment). */
function telegramRefund(store: Store, chargeId: string, stars: number) {
  return store.wallet.bookTelegramRefund({ chargeId, userId: REFEREE, stars }, clawBack(store));
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

    it('bonus plus share for the first paid Stars spent, once however often it is replayed; then the share only', async () => {
      expect(await credit(a, rules, 'ch1', 50)).toEqual({
        referrerId: REFERRER,
        stars: 15,
        key: 'referral:settle:hold:o-ch1:k',
        balance: 15,
      });
      expect(await credit(b, rules, 'ch1', 50)).toBeUndefined();
      expect(await a.wallet.balance(REFERRER)).toBe(15);
      expect(await credit(a, rules, 'ch2', 100)).toMatchObject({
        referrerId: REFERRER,
        stars: 10,
        balance: 25,
      });
      expect(await a.wallet.balance(REFERRER)).toBe(25);
      expect(await a.referrals.inviteStats(REFERRER)).toEqual({ joined: 1, paid: 1, earnedStars: 25 });
    });

    it('a top-up alone earns nothing; only the paid Stars of a capture count, not granted ones', async () => {
      await a.wallet.creditPayment({ chargeId: 'ch1', userId: REFEREE, stars: 100, topupId: undefined });
      expect(await a.wallet.balance(REFERRER)).toBe(0);
      // 30 granted Stars are spent first: of a 50-Star capture, 20 are paid.
      await a.wallet.book({ key: 'promo:GIFT:2', userId: REFEREE, kind: 'promo', delta: 30, stars: 30 });
      expect(await capture(a, rules, 'o1', 50)).toMatchObject({ referrerId: REFERRER, stars: 10 + 2 });
      // A capture of granted Stars only earns nothing.
      await a.wallet.book({ key: 'grant:x', userId: REFEREE, kind: 'grant', delta: 40, stars: 40 });
      expect(await capture(a, rules, 'o2', 40)).toBeUndefined();
    });

    it('Bob tops up, Alice cannot spend a reward before Bob spends; the refund of the unspent top-up takes nothing', async () => {
      // The attack of issue 38: top up, let the referrer spend the reward, refund the top-up.
      await a.wallet.createTopup({ id: 't1', userId: REFEREE, chatId: REFEREE, stars: 100, orderId: null });
      await a.wallet.creditPayment({ chargeId: 'ch1', userId: REFEREE, stars: 100, topupId: 't1' });
      expect(await a.wallet.balance(REFERRER)).toBe(0);
      expect((await a.wallet.beginRefund('ch1', 99)).kind).toBe('started');
      await a.wallet.finishRefund('ch1');
      expect(await a.wallet.balance(REFERRER)).toBe(0);
      expect(await referralEntries(database)).toEqual([]);
    });

    it('two replicas capturing the same hold at once reward once', async () => {
      await a.wallet.creditPayment({ chargeId: 'ch1', userId: REFEREE, stars: 50, topupId: undefined });
      // SQLite serves one process (its writers queue in it); PostgreSQL replicas each have their own.
      const other = engine === 'sqlite' ? a : b;
      const outcomes = await Promise.all([capture(a, rules, 'o1', 50), capture(other, rules, 'o1', 50)]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await referralEntries(database)).toHaveLength(1);
      expect(await a.wallet.balance(REFERRER)).toBe(15);
    });

    it('the daily cap holds per referrer and UTC day', async () => {
      const capped = { ...rules, dailyCapStars: 20 };
      expect(await credit(a, capped, 'ch1', 50)).toBeDefined();
      expect(await credit(a, capped, 'ch2', 100)).toMatchObject({ stars: 5 });
      expect(await credit(a, capped, 'ch3', 100)).toBeUndefined();
      now += DAY_MS;
      expect(await credit(a, capped, 'ch4', 100)).toMatchObject({ stars: 10 });
      expect(await a.wallet.balance(REFERRER)).toBe(30);
    });

    it('no share after REFERRAL_DAYS', async () => {
      now += 91 * DAY_MS;
      expect(await credit(a, rules, 'ch1', 50)).toMatchObject({ stars: 10 });
      expect(await credit(a, rules, 'ch2', 50)).toBeUndefined();
    });

    it('a user without a referrer earns nobody anything', async () => {
      await join(a, 3, 3);
      await credit(a, rules, 'ch9', 50, 3);
      expect(await referralEntries(database)).toEqual([]);
    });

    it('Telegram refunding spent Stars takes back what that spending earned, in proportion, once, within what is left', async () => {
      expect(await credit(a, rules, 'ch1', 50)).toMatchObject({ stars: 10 + 5 });
      expect(await credit(a, rules, 'ch2', 100)).toMatchObject({ stars: 10 });
      // 25 Stars earned on 150 paid Stars spent; the refund of ch2 undoes 100 of them: 25 × 100/150,
      // rounded up. Seen twice (two replicas), taken once.
      expect((await telegramRefund(a, 'ch2', 100))?.clawedBack).toEqual({ referrerId: REFERRER, stars: 17 });
      expect(await telegramRefund(b, 'ch2', 100)).toBeUndefined();
      expect(await a.wallet.balance(REFERRER)).toBe(25 - 17);
      expect(await a.wallet.balance(REFEREE)).toBe(-100);
      // The refund of ch1 would take 9 (25 × 50/150): only the 8 not taken back yet go.
      expect((await telegramRefund(a, 'ch1', 50))?.clawedBack).toEqual({ referrerId: REFERRER, stars: 8 });
      expect(await a.wallet.balance(REFERRER)).toBe(0);
      expect((await referralEntries(database)).map((e) => [e.key, Number(e.delta)])).toEqual([
        ['referral:settle:hold:o-ch1:k', 15],
        ['referral:settle:hold:o-ch2:k', 10],
        ['referral_clawback:tgrefund:ch2', -17],
        ['referral_clawback:tgrefund:ch1', -8],
      ]);
      expect(await a.referrals.inviteStats(REFERRER)).toMatchObject({ earnedStars: 0 });
    });

    it('a refund the paid Stars still in the wallet cover takes nothing back; a referrer already spent goes below zero', async () => {
      expect(await credit(a, rules, 'ch1', 50)).toMatchObject({ stars: 15 });
      await a.wallet.creditPayment({ chargeId: 'ch2', userId: REFEREE, stars: 100, topupId: undefined });
      expect((await telegramRefund(a, 'ch2', 100))?.clawedBack).toBeUndefined();
      expect(await a.wallet.balance(REFERRER)).toBe(15);
      // The referrer spends their reward; then the spent top-up is refunded: the take-back stands.
      await a.wallet.book({ key: 'hold:r:1', userId: REFERRER, kind: 'hold', delta: -15, stars: 15 });
      expect((await telegramRefund(a, 'ch1', 50))?.clawedBack).toEqual({ referrerId: REFERRER, stars: 15 });
      expect(await a.wallet.balance(REFERRER)).toBe(-15);
    });

    it('a legacy top-up reward (before issue 38) is still taken back once by a refund', async () => {
      await a.wallet.creditPayment({ chargeId: 'ch1', userId: REFEREE, stars: 50, topupId: undefined });
      await a.wallet.book({
        key: 'referral:ch1',
        userId: REFERRER,
        kind: 'referral',
        delta: 15,
        stars: 15,
        chargeId: 'ch1',
        note: String(REFEREE),
      });
      await a.wallet.bookTelegramRefund({ chargeId: 'ch1', userId: REFEREE, stars: 50 });
      await b.wallet.bookTelegramRefund({ chargeId: 'ch1', userId: REFEREE, stars: 50 });
      expect(await a.wallet.balance(REFERRER)).toBe(0);
      expect((await referralEntries(database)).map((e) => [e.key, Number(e.delta)])).toEqual([
        ['referral:ch1', 15],
        ['referral_undo:ch1', -15],
      ]);
    });
  });
});

describe.each(availableEngines())('referrals of two bots sharing one %s database', (engine) => {
  let database: TestDatabase;
  let now: number;
  let one: Store;
  let two: Store;
  const rules: ReferralRules = { bonusStars: 10, percent: 10, days: 90, dailyCapStars: 1000 };

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    now = Date.UTC(2026, 0, 1, 12);
    one = await database.open(() => now);
    two = storeOn(one.engine, { bot: 2, now: () => now });
  });
  afterEach(async () => {
    await database.drop();
  });

  /** A customer of bot 2, written as a row (the users repository is not what is tested here). */
  async function customerOfTwo(id: number, updateId: number, referredBy: number | null = null) {
    const at = new Date(now);
    await one.engine.run((db) =>
      db.insert(one.engine.tables.users).values({
        botId: 2,
        telegramId: id,
        firstName: `U${id}`,
        createdAt: at,
        seenAt: at,
        createdUpdateId: updateId,
        referredBy,
        attributedAt: referredBy === null ? null : at,
      }),
    );
  }
  const referrerOf = async (bot: number, id: number) => {
    const [row] = await database.query<{ referred_by: number | null }>`
      select referred_by from users where bot_id = ${bot} and telegram_id = ${id}`;
    return row?.referred_by === null || row?.referred_by === undefined
      ? row?.referred_by
      : Number(row.referred_by);
  };

  it('attributes, rewards, takes back and counts within each bot, under the same ids, codes and charges', async () => {
    await join(one, REFERRER, 10);
    await join(one, REFEREE, 11);
    await join(one, 4, 12);
    await customerOfTwo(REFERRER, 20);
    await customerOfTwo(REFEREE, 11);
    await customerOfTwo(3, 23);
    await customerOfTwo(4, 24, REFERRER);

    // The same user and update id in both bots: each bot attributes its own row, once.
    expect(await two.referrals.attribute(REFEREE, 11, { referrerId: REFERRER })).toBe(true);
    expect(await referrerOf(1, REFEREE)).toBeNull();
    expect(await one.referrals.attribute(REFEREE, 11, { referrerId: REFERRER })).toBe(true);
    expect(await one.referrals.attribute(REFEREE, 11, { referrerId: 4 })).toBe(false);
    expect(await referrerOf(2, REFEREE)).toBe(REFERRER);

    // The same personal code in both bots, each naming its own customer.
    expect(await one.referrals.codeOf(REFERRER, () => 'SAME')).toBe('SAME');
    expect(await two.referrals.codeOf(3, () => 'SAME')).toBe('SAME');
    expect(await one.referrals.codeOf(3, () => 'NEW')).toBeUndefined();
    expect((await one.referrals.findByCode('SAME'))?.telegramId).toBe(REFERRER);
    expect((await two.referrals.findByCode('SAME'))?.telegramId).toBe(3);

    // The referee spends the same charge in both bots: each bot's referrer earns the first bonus.
    const reward = { referrerId: REFERRER, stars: 15, key: 'referral:settle:hold:o-ch1:k', balance: 15 };
    expect(await credit(one, rules, 'ch1', 50)).toEqual(reward);
    expect(await credit(two, rules, 'ch1', 50)).toEqual(reward);
    // Customer 4 pays in bot 1, where nobody brought them (bot 2's referral of 4 is bot 2's).
    await one.wallet.creditPayment({ chargeId: 'ch4', userId: 4, stars: 30, topupId: undefined });
    expect(await one.referrals.inviteStats(REFERRER)).toEqual({ joined: 1, paid: 1, earnedStars: 15 });
    expect(await two.referrals.inviteStats(REFERRER)).toEqual({ joined: 2, paid: 1, earnedStars: 15 });
    expect(await one.referrals.totals()).toEqual({
      rewardStars: 15,
      referredCustomers: 1,
      referredTopups: 1,
      referredTopupStars: 50,
    });
    expect(await two.referrals.totals()).toMatchObject({ referredCustomers: 2, referredTopups: 1 });

    // Telegram refunds the spent charge in bot 2: bot 2's referrer gives the reward back, bot 1's keeps it.
    const refunded = await two.wallet.bookTelegramRefund(
      { chargeId: 'ch1', userId: REFEREE, stars: 50 },
      (tx, spend) => two.referrals.clawBack(tx, spend),
    );
    expect(refunded?.clawedBack).toEqual({ referrerId: REFERRER, stars: 15 });
    expect(await two.wallet.balance(REFERRER)).toBe(0);
    expect(await one.wallet.balance(REFERRER)).toBe(15);
    expect(await one.referrals.inviteStats(REFERRER)).toMatchObject({ earnedStars: 15 });
    const booked = await database.query<{ bot_id: number; key: string }>`
      select bot_id, key from wallet_entries where kind = 'referral' order by id`;
    expect(booked.map((r) => [Number(r.bot_id), r.key])).toEqual([
      [1, 'referral:settle:hold:o-ch1:k'],
      [2, 'referral:settle:hold:o-ch1:k'],
      [2, 'referral_clawback:tgrefund:ch1'],
    ]);
  });
});

/** The index of the first payment of charge `c` among the steps. */
const firstPay = (steps: Step[], c: number) => steps.findIndex((x) => x.kind === 'pay' && x.charge === c);

/** pay: top up and spend it all on an order delivered now (replayed when the charge repeats). */
type Step = { kind: 'pay'; charge: number; stars: number } | { kind: 'refund'; charge: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    charge: fc.integer({ min: 0, max: 5 }),
    stars: fc.integer({ min: 1, max: 200 }),
  }),
  fc.record({ kind: fc.constant('refund' as const), charge: fc.integer({ min: 0, max: 5 }) }),
);

describe.each(availableEngines())('referral rewards under replayed captures and refunds on %s', (engine) => {
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
        const paid = new Map<number, { stars: number; reward: number }>();
        let earned = 0;
        let clawed = 0;
        let everPaid = false;
        // The referee's debt: Stars Telegram refunded after they were spent. A new top-up pays it
        // first, so that many Stars of the spending it funds are not backed and earn nothing.
        let debt = 0;
        const refunded = new Set<number>();
        for (const s of steps) {
          if (s.kind === 'pay') {
            await credit(store, rules, `c${s.charge}`, s.stars);
            if (paid.has(s.charge)) continue; // a redelivery: the first amount stands
            const basis = s.stars - debt;
            const wanted =
              basis > 0 ? (everPaid ? 0 : rules.bonusStars) + Math.floor((basis * rules.percent) / 100) : 0;
            // The cap holds the day's net: Stars taken back free room again.
            const reward = Math.min(wanted, Math.max(0, rules.dailyCapStars - (earned - clawed)));
            if (basis > 0) everPaid = true;
            earned += reward;
            paid.set(s.charge, { stars: s.stars, reward });
          } else {
            // Telegram refunds a payment whose Stars were spent: the referee's balance goes below
            // zero and the rewards that spending earned go back (in proportion, see clawBack).
            const charge = paid.get(s.charge);
            const booked = await store.wallet.bookTelegramRefund(
              { chargeId: `c${s.charge}`, userId: REFEREE, stars: charge?.stars ?? 1 },
              clawBack(store),
            );
            if (charge && !refunded.has(s.charge)) {
              refunded.add(s.charge);
              debt += charge.stars;
            }
            clawed += booked?.clawedBack?.stars ?? 0;
          }
        }
        expect(await store.wallet.balance(REFERRER)).toBe(earned - clawed);
        // Never more taken back than was given, and a fully refunded referee leaves nothing earned.
        expect(clawed).toBeLessThanOrEqual(earned);
        const refundedAll = [...paid.keys()].every((c) =>
          steps.some((x) => x.kind === 'refund' && x.charge === c && steps.indexOf(x) > firstPay(steps, c)),
        );
        if (paid.size > 0 && refundedAll) expect(earned - clawed).toBe(0);
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
});
