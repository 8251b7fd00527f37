/**
 * Properties of the Stars arithmetic and the ledger, over thousands of generated cases:
 * - a price is the exact ceiling of usd x (1 + markup) x rate, never below the minimum, monotonic;
 * - whatever sequence of payments (redelivered too), holds, settlements (repeated too), grants and
 *   refunds happens, the balance never goes negative, equals a simple model's, every charge is
 *   credited once and every hold settled at most once;
 * - two bots on one database keep their ledgers apart: the same user, charge and ledger key live in
 *   both independently, and nothing one bot books or settles is read, counted or moved by the other.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InsufficientStarsError, type Store, storeOn } from '../../src/db/index.js';
import { moneyFromMicros } from '../../src/domain/money.js';
import { type HoldVerdict, ledgerKeys } from '../../src/domain/wallet.js';
import { convertToStars, StarPricing } from '../../src/services/wallet/star-pricing.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const micros = (max: number) => fc.bigInt({ min: 0n, max: BigInt(max) }).map(moneyFromMicros);
const decimal = (m: bigint) => `${m / 1_000_000n}.${(m % 1_000_000n).toString().padStart(6, '0')}`;

describe('Stars pricing', () => {
  it('is the exact ceiling of usd x (100 + markup)% x rate', async () => {
    fc.assert(
      fc.property(micros(1_000_000_000), micros(500_000_000), micros(200_000_000), (usd, markup, rate) => {
        const stars = convertToStars(usd, markup, rate);
        const exact = usd * (100_000_000n + markup) * rate; // in units of 1e-20 Stars
        const unit = 10n ** 20n;
        expect(stars * unit >= exact).toBe(true);
        expect(exact === 0n ? stars === 0n : (stars - 1n) * unit < exact).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('never goes below the minimum and never falls when the upstream price rises', async () => {
    fc.assert(
      fc.property(
        micros(100_000_000),
        micros(100_000_000),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 300 }),
        (a, b, min, markup) => {
          const pricing = new StarPricing({
            starsPerUsd: '76.92',
            markupPercent: String(markup),
            minPriceStars: min,
            overrides: new Map(),
          });
          const [low, high] = a <= b ? [a, b] : [b, a];
          const pLow = pricing.starsFor(1, decimal(low));
          const pHigh = pricing.starsFor(1, decimal(high));
          expect(pLow).toBeGreaterThanOrEqual(min);
          expect(pLow).toBeLessThanOrEqual(pHigh);
          expect(Number.isInteger(pHigh)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('known figures: 0.04 USD at 77 Stars/USD and 50% markup is 5 Stars; 0.13 at 100 and 0% is 13', async () => {
    const at = (rate: string, markup: string) =>
      new StarPricing({ starsPerUsd: rate, markupPercent: markup, minPriceStars: 1, overrides: new Map() });
    expect(at('77', '50').starsFor(1, '0.04')).toBe(5);
    expect(at('100', '0').starsFor(1, '0.13')).toBe(13);
    // 0.1 + 0.2 style drift would give 31 here with floats: 0.3 x 100 = 30.000000000000004.
    expect(at('100', '0').starsFor(1, '0.3')).toBe(30);
    expect(at('1', '0').starsFor(1, '0.000001')).toBe(1);
  });
});

type Action =
  | { kind: 'pay'; charge: number; stars: number }
  | { kind: 'hold'; order: number; attempt: number; stars: number }
  | { kind: 'settle'; order: number; capture: boolean }
  | { kind: 'grant'; stars: number }
  | { kind: 'refund'; charge: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('pay'),
    charge: fc.integer({ min: 0, max: 5 }),
    stars: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({
    kind: fc.constant('hold'),
    order: fc.integer({ min: 0, max: 3 }),
    attempt: fc.integer({ min: 0, max: 1 }),
    stars: fc.integer({ min: 1, max: 60 }),
  }),
  fc.record({ kind: fc.constant('settle'), order: fc.integer({ min: 0, max: 3 }), capture: fc.boolean() }),
  fc.record({ kind: fc.constant('grant'), stars: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('refund'), charge: fc.integer({ min: 0, max: 5 }) }),
) as fc.Arbitrary<Action>;

describe.each(availableEngines())('the ledger on %s', (engine) => {
  // One database for all runs, emptied before each: a fresh PostgreSQL database per run costs more
  // than the run itself.
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    store = await database.open();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('never goes negative, books every event once and agrees with a plain model', async () => {
    const USER = 7;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 40 }), async (actions) => {
        await database.execute`delete from wallet_entries`;
        await database.execute`delete from star_topups`;
        const ledger = store.wallet;
        // The model: spendable balance, charges paid (stars, refunded?), open holds per key.
        let balance = 0;
        // The paid part of the balance: spending takes granted Stars first (each hold remembers how
        // many, a release gives them back), a refund may take paid Stars only.
        let paid = 0;
        let granted = 0;
        const takenFromGrants = new Map<string, number>();
        const spend = (key: string, stars: number) => {
          const take = Math.min(granted, stars);
          granted -= take;
          paid -= stars - take;
          takenFromGrants.set(key, take);
        };
        const charges = new Map<number, { stars: number; refunded: boolean }>();
        const openHolds = new Map<string, { order: number; stars: number }>();
        const settledHolds = new Map<string, { order: number; stars: number; released: boolean }>();
        const charged = new Set<string>();
        await database.execute`delete from orders`;
        const ensureOrder = async (n: number) => {
          if (await store.orders.find(`o${n}`)) return;
          await store.orders.insertDraft({
            id: `o${n}`,
            chatId: USER,
            userId: USER,
            locale: 'en',
            modelId: 1,
            modelName: 'm',
            modelType: 'image',
            request: { model_id: 1 },
            priceUsd: '0.01',
            idempotencyKey: `draft-${n}`,
          });
        };
        for (const [step, a] of actions.entries()) {
          switch (a.kind) {
            case 'pay': {
              const topup = await ledger.createTopup({
                id: `t${step}`,
                userId: USER,
                chatId: USER,
                stars: a.stars,
                orderId: null,
              });
              const known = charges.get(a.charge);
              const out = await ledger.creditPayment({
                chargeId: `c${a.charge}`,
                userId: USER,
                stars: known?.stars ?? a.stars,
                topupId: topup.id,
              });
              expect(out.kind).toBe(known ? 'duplicate' : 'credited');
              if (!known) {
                charges.set(a.charge, { stars: a.stars, refunded: false });
                balance += a.stars;
                paid += a.stars;
              }
              break;
            }
            case 'hold': {
              const key = `o${a.order}:k${a.attempt}`;
              const fresh = !openHolds.has(key) && !settledHolds.has(key);
              try {
                await store.engine.transaction((tx) =>
                  ledger.hold(tx, {
                    userId: USER,
                    orderId: `o${a.order}`,
                    idempotencyKey: `k${a.attempt}`,
                    stars: a.stars,
                  }),
                );
                if (fresh) {
                  expect(balance).toBeGreaterThanOrEqual(a.stars);
                  openHolds.set(key, { order: a.order, stars: a.stars });
                  balance -= a.stars;
                  spend(key, a.stars);
                }
              } catch (err) {
                expect(err).toBeInstanceOf(InsufficientStarsError);
                expect(fresh && balance < a.stars).toBe(true);
              }
              break;
            }
            case 'settle': {
              const expected = { captured: 0, released: 0, charged: 0, rewards: [] }; // no reward hook here
              for (const [key, hold] of openHolds) {
                if (hold.order !== a.order) continue;
                expected[a.capture ? 'captured' : 'released'] += hold.stars;
                if (!a.capture) {
                  balance += hold.stars;
                  const take = takenFromGrants.get(key) ?? 0;
                  granted += take;
                  paid += hold.stars - take;
                }
                openHolds.delete(key);
                settledHolds.set(key, { ...hold, released: !a.capture });
              }
              // A released hold whose order turns out delivered after all is charged, once.
              for (const [key, hold] of settledHolds) {
                if (hold.order !== a.order || !a.capture || !hold.released || charged.has(key)) continue;
                charged.add(key);
                expected.charged += hold.stars;
                balance -= hold.stars;
                spend(`charge:${key}`, hold.stars);
              }
              await ensureOrder(a.order);
              const rule = (): HoldVerdict => (a.capture ? 'capture' : 'release');
              expect(await ledger.settleOrder(`o${a.order}`, rule)).toEqual(expected);
              break;
            }
            case 'grant':
              await ledger.book({
                key: `grant:${step}`,
                userId: USER,
                kind: 'grant',
                delta: a.stars,
                stars: a.stars,
              });
              balance += a.stars;
              granted += a.stars;
              break;
            case 'refund': {
              const charge = charges.get(a.charge);
              const start = await ledger.beginRefund(`c${a.charge}`, 1);
              if (!charge) expect(start.kind).toBe('unknown');
              else if (charge.refunded) expect(start.kind).toBe('already_refunded');
              else if (paid < charge.stars) expect(start.kind).toBe('spent');
              else {
                expect(start.kind).toBe('started');
                await ledger.finishRefund(`c${a.charge}`);
                charge.refunded = true;
                balance -= charge.stars;
                paid -= charge.stars;
              }
              break;
            }
          }
          const booked = await ledger.balance(USER);
          expect(booked).toBe(balance);
          expect(await ledger.paidBalance(USER)).toBe(paid);
          // Only a late charge (a resend that reached the chat) may take the balance below zero.
          if (charged.size === 0) expect(booked).toBeGreaterThanOrEqual(0);
        }
        const held = [...openHolds.values()].reduce((s, h) => s + h.stars, 0);
        expect((await ledger.totals()).heldStars).toBe(held);
        const [topups] = await database.query<{ n: number | string }>`
            select count(*) as n from wallet_entries where kind = 'topup'`;
        expect(Number(topups?.n)).toBe(charges.size);
      }),
      { numRuns: engine === 'sqlite' ? 150 : 60 },
    );
  }, 120_000);
});

describe.each(availableEngines())('two bots sharing one %s database', (engine) => {
  const USER = 7;
  let database: TestDatabase;
  let one: Store;
  let two: Store;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    one = await database.open();
    two = storeOn(one.engine, { bot: 2 });
  });
  afterEach(async () => {
    await database.drop();
  });

  /** An order draft of `bot`, written as a row (the orders repository is not what is tested here). */
  const orderOf = async (bot: number, id: string) => {
    const at = new Date();
    await one.engine.run((db) =>
      db.insert(one.engine.tables.orders).values({
        id,
        botId: bot,
        chatId: USER,
        userId: USER,
        locale: 'en',
        modelId: 1,
        modelName: 'm',
        modelType: 'image',
        request: { model_id: 1 },
        priceUsd: '0.01',
        idempotencyKey: `key-${id}`,
        stage: 'awaiting_confirmation',
        createdAt: at,
        updatedAt: at,
      }),
    );
    return ledgerKeys.hold(id, `key-${id}`);
  };
  const entriesOfBot = async (bot: number) =>
    (
      await database.query<{ key: string }>`select key from wallet_entries where bot_id = ${bot} order by id`
    ).map((r) => r.key);

  it('keeps top-ups, balances and refunds apart under the same user and charge ids', async () => {
    await one.wallet.createTopup({ id: 't-one', userId: USER, chatId: USER, stars: 50, orderId: null });
    await two.wallet.createTopup({ id: 't-two', userId: USER, chatId: USER, stars: 30, orderId: null });
    expect(await two.wallet.findTopup('t-one')).toBeUndefined();
    expect(await one.wallet.findTopup('t-one')).toMatchObject({ botId: 1, stars: 50 });
    // Bot 2 is told of a payment naming bot 1's invoice: it credits its own customer, marks nothing.
    const stray = await two.wallet.creditPayment({
      chargeId: 'c0',
      userId: USER,
      stars: 5,
      topupId: 't-one',
    });
    expect(stray).toEqual({ kind: 'credited', topup: undefined, balance: 5 });
    expect((await one.wallet.findTopup('t-one'))?.status).toBe('pending');
    // The same charge id in both bots: two payments, each credited once in its own ledger.
    expect(
      await one.wallet.creditPayment({ chargeId: 'c1', userId: USER, stars: 50, topupId: 't-one' }),
    ).toMatchObject({ kind: 'credited', balance: 50, topup: { id: 't-one', status: 'paid' } });
    expect(
      await two.wallet.creditPayment({ chargeId: 'c1', userId: USER, stars: 30, topupId: 't-two' }),
    ).toMatchObject({ kind: 'credited', balance: 35, topup: { id: 't-two', status: 'paid', botId: 2 } });
    expect(
      await two.wallet.creditPayment({ chargeId: 'c1', userId: USER, stars: 30, topupId: 't-two' }),
    ).toMatchObject({ kind: 'duplicate', balance: 35 });
    expect(await one.wallet.balance(USER)).toBe(50);
    expect(await two.wallet.paidBalance(USER)).toBe(35);
    expect((await one.wallet.findTopupByCharge('c1'))?.id).toBe('t-one');
    expect((await two.wallet.findTopupByCharge('c1'))?.id).toBe('t-two');
    expect(await two.wallet.claimNotification('t-one')).toBe(false);
    expect(await one.wallet.claimNotification('t-one')).toBe(true);
    expect((await one.wallet.history(USER, 10)).map((e) => [e.key, e.botId])).toEqual([['topup:c1', 1]]);
    expect((await two.wallet.paidTopups()).map((t) => t.id)).toEqual(['t-two']);
    expect((await one.wallet.topupEntries()).map((e) => e.stars)).toEqual([50]);
    expect((await one.wallet.totals()).paidStars).toBe(50);
    expect((await two.wallet.totals()).paidStars).toBe(35);

    // Bot 2 refunds its charge c1: bot 1's invoice of the same charge stays paid, its Stars stay.
    expect(await two.wallet.beginRefund('c1', 1)).toMatchObject({ kind: 'started', topup: { id: 't-two' } });
    await two.wallet.finishRefund('c1');
    expect(await two.wallet.balance(USER)).toBe(5);
    expect(await one.wallet.findTopupByCharge('c1')).toMatchObject({ status: 'paid', refundAttempts: 0 });
    expect(await one.wallet.balance(USER)).toBe(50);
    // ...and bot 1 may still refund its own, then Telegram refuses and it is undone in bot 1 only.
    expect(await one.wallet.beginRefund('c1', 1)).toMatchObject({ kind: 'started', attempt: 1 });
    await one.wallet.undoRefund('c1', 1);
    expect((await one.wallet.findTopupByCharge('c1'))?.status).toBe('paid');
    expect((await two.wallet.findTopupByCharge('c1'))?.status).toBe('refunded');

    // Telegram refunding a charge only bot 1 credited books nothing in bot 2.
    await one.wallet.creditPayment({ chargeId: 'c3', userId: USER, stars: 10, topupId: undefined });
    expect(await two.wallet.bookTelegramRefund({ chargeId: 'c3', userId: USER, stars: 10 })).toBeUndefined();
    expect(await two.wallet.balance(USER)).toBe(5);
    expect(await one.wallet.bookTelegramRefund({ chargeId: 'c3', userId: USER, stars: 10 })).toMatchObject({
      balance: 50,
    });
    expect(await entriesOfBot(2)).toEqual(['topup:c0', 'topup:c1', 'refund:c1:1']);
  });

  it("holds and settles by its own ledger keys: another bot's entry under the same key counts for nothing", async () => {
    const hold = await orderOf(1, 'o1');
    // The same grant key in both bots: booked in each.
    const grant = { key: 'grant:1', userId: USER, kind: 'grant' as const, delta: 20, stars: 20 };
    expect(await one.wallet.book(grant)).toBe(true);
    expect(await two.wallet.book(grant)).toBe(true);
    expect(await two.wallet.book(grant)).toBe(false);
    // Bot 2's ledger happens to hold the very keys of bot 1's hold and its settlement.
    const stray = { userId: USER, stars: 5, orderId: 'o1' };
    await two.wallet.book({ ...stray, key: hold, kind: 'hold', delta: -5 });
    await two.wallet.book({ ...stray, key: ledgerKeys.settle(hold), kind: 'capture', delta: 0 });

    await one.engine.transaction((tx) =>
      one.wallet.hold(tx, { userId: USER, orderId: 'o1', idempotencyKey: 'key-o1', stars: 20 }),
    );
    expect(await one.wallet.balance(USER)).toBe(0);
    // Bot 1's hold is open (its order is a draft: not live), whatever bot 2 booked under its keys.
    expect(await one.wallet.ordersToSettle()).toEqual(['o1']);
    expect(await one.wallet.settleOrder('o1', () => 'release')).toEqual({
      captured: 0,
      released: 20,
      charged: 0,
      rewards: [],
    });
    expect(await one.wallet.balance(USER)).toBe(20);
    expect(await one.wallet.settlementsOf('o1')).toEqual({ captured: 0, released: 20 });
    expect(await two.wallet.settlementsOf('o1')).toEqual({ captured: 5, released: 0 });
    expect(await two.wallet.balance(USER)).toBe(15);

    // The order is delivered after all: its released hold is owed a charge, in bot 1's ledger.
    await database.execute`update orders set stage = 'submitted', status = 'completed',
      delivered_at = ${new Date(2_000)}, delivery_outcome = 'sent' where id = 'o1'`;
    await two.wallet.book({ ...stray, key: ledgerKeys.charge(hold), kind: 'charge', delta: -5 });
    expect(await one.wallet.ordersToSettle()).toEqual(['o1']);
    expect((await one.wallet.settleOrder('o1', () => 'capture')).charged).toBe(20);
    expect(await one.wallet.ordersToSettle()).toEqual([]);

    // Bot 1's order is not bot 2's: bot 2 neither lists nor settles it, even with a hold naming it.
    await two.wallet.book({ ...stray, key: ledgerKeys.hold('o1', 'other'), kind: 'hold', delta: -5 });
    expect(await two.wallet.ordersToSettle()).toEqual([]);
    expect(await two.wallet.settleOrder('o1', () => 'release')).toEqual({
      captured: 0,
      released: 0,
      charged: 0,
      rewards: [],
    });
    // Its own order is: the open hold of bot 2's draft o2 is listed by bot 2 alone.
    const hold2 = await orderOf(2, 'o2');
    await two.wallet.book({ ...stray, orderId: 'o2', key: hold2, kind: 'hold', delta: -5 });
    expect(await two.wallet.ordersToSettle()).toEqual(['o2']);
    expect(await one.wallet.ordersToSettle()).toEqual([]);
    expect(await one.wallet.balance(USER)).toBe(0);
  });

  it("expires one bot's ended subscription periods in that bot's ledger only", async () => {
    const past = new Date(Date.now() - 86_400_000);
    await one.engine.run((db) =>
      db.insert(one.engine.tables.subscriptionPeriods).values({
        botId: 1,
        chargeId: 'sc1',
        userId: USER,
        subscriptionId: 'sub-1',
        planId: 'plan',
        stars: 100,
        allowance: 100,
        startsAt: new Date(past.getTime() - 86_400_000),
        endsAt: past,
        status: 'paid',
        first: true,
      }),
    );
    await one.wallet.book({
      key: 'sub:sc1',
      userId: USER,
      kind: 'allowance',
      delta: 100,
      stars: 100,
      chargeId: 'sc1',
    });
    // Bot 2 has no period: nothing of bot 1's ends in its ledger.
    expect(await two.wallet.expireAllowancesNow(USER)).toBe(0);
    expect(await entriesOfBot(2)).toEqual([]);
    // A period closed in bot 2 under the same charge id leaves bot 1's open until it expires there.
    await two.wallet.book({
      key: 'sub_expire:sc1',
      userId: USER,
      kind: 'allowance_expire',
      delta: 0,
      stars: 0,
      chargeId: 'sc1',
    });
    expect(await one.engine.transaction((tx) => one.wallet.expireAllowances(tx, USER))).toBe(100);
    expect(await one.wallet.balance(USER)).toBe(0);
    expect(await entriesOfBot(1)).toEqual(['sub:sc1', 'sub_expire:sc1']);
  });
});
