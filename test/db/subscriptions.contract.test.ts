/**
 * Subscriptions' allowance in the ledger, over generated sequences of first payments and renewals
 * (delivered twice too), top-ups, holds, captures, releases, refunds of a period's payment and the
 * clock moving past period ends, on both engines:
 * - the balance and its paid part always equal a plain model's (allowance spent first, oldest
 *   period first; a renewal credits the first payment's allowance; a period's rest expires at its
 *   end; a release into an ended period expires again; a refunded period's spent part is taken
 *   from the paid Stars);
 * - every period is credited once and expires under its own keys;
 * - no hold ever takes allowance from a period that had ended when it was booked.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientStarsError, type Store, storeOn } from '../../src/db/index.js';
import type { PeriodPayment } from '../../src/db/repositories/subscriptions.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const PERIOD_MS = 1_000;
const USER = 7;

type Action =
  /** `dated: false`: Telegram left subscription_expiration_date out (the store's clock decides). */
  | { kind: 'subscribe'; charge: number; allowance: number; twice: boolean; dated: boolean }
  | { kind: 'topup'; stars: number }
  | { kind: 'hold'; order: number; stars: number }
  | { kind: 'settle'; order: number; capture: boolean }
  | { kind: 'refund'; charge: number }
  | { kind: 'wait'; ms: number }
  /** The periodic job: expires every ended period's rest now. */
  | { kind: 'sweep' };

const action = fc.oneof(
  fc.record({
    kind: fc.constant('subscribe' as const),
    charge: fc.integer({ min: 0, max: 4 }),
    allowance: fc.integer({ min: 1, max: 100 }),
    twice: fc.boolean(),
    dated: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('topup' as const), stars: fc.integer({ min: 1, max: 60 }) }),
  fc.record({
    kind: fc.constant('hold' as const),
    order: fc.integer({ min: 0, max: 5 }),
    stars: fc.integer({ min: 1, max: 80 }),
  }),
  fc.record({
    kind: fc.constant('settle' as const),
    order: fc.integer({ min: 0, max: 5 }),
    capture: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('refund' as const), charge: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 1_500 }) }),
  fc.record({ kind: fc.constant('sweep' as const) }),
) as fc.Arbitrary<Action>;

interface ModelPeriod {
  credited: number;
  left: number;
  /** Stars of it expired so far. */
  expired: number;
  endsAt: number;
  refunded: boolean;
}

describe.each(availableEngines())('subscription allowance in the ledger on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  let clock = 0;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    store = await database.open(() => clock);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('equals a plain model, credits each period once and never spends an expired allowance', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 40 }), async (actions) => {
        for (const table of ['wallet_entries', 'subscriptions', 'subscription_periods', 'orders']) {
          await database.execute([`delete from ${table}`] as unknown as TemplateStringsArray);
        }
        clock = 1_700_000_000_000;
        let paid = 0;
        const periods = new Map<number, ModelPeriod>();
        const holds = new Map<number, { stars: number; parts: Array<[number, number]>; settled: boolean }>();
        const expire = () => {
          for (const p of periods.values()) {
            if (p.endsAt > clock) continue;
            p.expired += p.left;
            p.left = 0;
          }
        };
        // A renewal credits the terms of the subscription's first payment (all pay its price here).
        let terms = 0;
        const balance = () => paid + [...periods.values()].reduce((s, p) => s + p.left, 0);
        for (const [step, a] of actions.entries()) {
          switch (a.kind) {
            case 'subscribe': {
              const payment = {
                chargeId: `s${a.charge}`,
                userId: USER,
                planId: 'pro',
                stars: 450,
                allowance: a.allowance,
                expiresAt: a.dated ? new Date(clock + PERIOD_MS) : undefined,
                periodSeconds: PERIOD_MS / 1000,
                first: periods.size === 0,
              };
              const out = await store.subscriptions.recordPayment(payment);
              expect(out.kind).toBe(periods.has(a.charge) ? 'duplicate' : 'credited');
              if (!periods.has(a.charge)) {
                // A renewal ends every earlier period at the latest now.
                if (!payment.first) for (const p of periods.values()) p.endsAt = Math.min(p.endsAt, clock);
                else terms = a.allowance;
                periods.set(a.charge, {
                  credited: terms,
                  left: terms,
                  expired: 0,
                  endsAt: clock + PERIOD_MS,
                  refunded: false,
                });
              }
              if (a.twice) expect((await store.subscriptions.recordPayment(payment)).kind).toBe('duplicate');
              break;
            }
            case 'topup':
              await store.wallet.creditPayment({
                chargeId: `t${step}`,
                userId: USER,
                stars: a.stars,
                topupId: undefined,
              });
              paid += a.stars;
              break;
            case 'hold': {
              const fresh = !holds.has(a.order);
              expire();
              try {
                await store.engine.transaction((tx) =>
                  store.wallet.hold(tx, {
                    userId: USER,
                    orderId: `o${a.order}`,
                    idempotencyKey: `k${a.order}`,
                    stars: a.stars,
                  }),
                );
                if (!fresh) break;
                expect(balance()).toBeGreaterThanOrEqual(a.stars);
                let rest = a.stars;
                const parts: Array<[number, number]> = [];
                for (const [charge, p] of periods) {
                  const take = Math.min(p.left, rest);
                  if (take === 0) continue;
                  expect(p.endsAt).toBeGreaterThan(clock);
                  p.left -= take;
                  rest -= take;
                  parts.push([charge, take]);
                }
                paid -= rest;
                holds.set(a.order, { stars: a.stars, parts, settled: false });
                // The store drew the same allowance, from the same periods.
                const drawn = (await store.wallet.pools(USER)).drawn.get(`hold:o${a.order}:k${a.order}`);
                expect(drawn).toEqual(parts.map(([c, stars]) => ({ chargeId: `s${c}`, stars })));
              } catch (err) {
                expect(err).toBeInstanceOf(InsufficientStarsError);
                expect(fresh && balance() < a.stars).toBe(true);
              }
              break;
            }
            case 'settle': {
              const hold = holds.get(a.order);
              if (!hold) break;
              const settled = await store.wallet.settleOrder(`o${a.order}`, () =>
                a.capture ? 'capture' : 'release',
              );
              if (hold.settled) {
                expect(settled).toEqual({ captured: 0, released: 0, charged: 0, rewards: [] });
                break;
              }
              hold.settled = true;
              if (!a.capture) {
                let back = hold.stars;
                for (const [charge, stars] of hold.parts) {
                  periods.get(charge)!.left += stars;
                  back -= stars;
                }
                paid += back;
                expire();
              }
              break;
            }
            case 'refund': {
              const period = periods.get(a.charge);
              const out = await store.subscriptions.refundPeriod(`s${a.charge}`);
              if (!period) expect(out.kind).toBe('unknown');
              else if (period.refunded) expect(out.kind).toBe('already_refunded');
              else {
                expect(out.kind).toBe('refunded');
                period.refunded = true;
                period.endsAt = Math.min(period.endsAt, clock);
                expire();
                // What was spent of it (a hold in flight included) is booked against the customer.
                const spent = period.credited - period.expired;
                expect(out.kind === 'refunded' && out.spent).toBe(spent);
                paid -= spent;
              }
              break;
            }
            case 'wait':
              clock += a.ms;
              break;
            case 'sweep':
              await store.wallet.expireAllowancesNow(USER);
              break;
          }
          // settleOrder needs an order row to find its owner.
          if (a.kind === 'hold' && !(await store.orders.find(`o${a.order}`))) {
            await store.orders.insertDraft({
              id: `o${a.order}`,
              chatId: USER,
              userId: USER,
              locale: 'en',
              modelId: 1,
              modelName: 'm',
              modelType: 'image',
              request: { model_id: 1 },
              priceUsd: '0.01',
              idempotencyKey: `k${a.order}`,
            });
          }
          // Expiry is lazy (at a spend, a payment, the sweep): what the store still counts of a
          // period that has ended is not spendable, and the next spend expires it first.
          expire();
          const pools = await store.wallet.pools(USER);
          let lingering = 0;
          for (const [charge, p] of periods) {
            const pool = pools.allowance.find((x) => x.chargeId === `s${charge}`);
            const left = Math.max(pool?.left ?? 0, 0);
            if (p.endsAt <= clock) lingering += pool && pool.expiries === 0 ? left : 0;
            else expect(left).toBe(p.left);
          }
          expect((await store.wallet.balance(USER)) - lingering).toBe(balance());
          expect(await store.wallet.paidBalance(USER)).toBe(paid);
        }
        await store.wallet.expireAllowancesNow(USER);
        expect(await store.wallet.balance(USER)).toBe(balance());
        const [credits] = await database.query<{ n: number | string }>`
            select count(*) as n from wallet_entries where kind = 'allowance'`;
        expect(Number(credits?.n)).toBe(periods.size);
      }),
      { numRuns: engine === 'sqlite' ? 120 : 40 },
    );
  }, 180_000);
});

describe.each(availableEngines())('subscriptions of two bots on one %s database', (engine) => {
  let database: TestDatabase;
  let clock = 1_700_000_000_000;
  let one: Store;
  let two: Store;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    one = await database.open(() => clock);
    two = storeOn(one.engine, { now: () => clock, bot: 2 });
  });
  afterAll(async () => {
    await database.drop();
  });

  const payment = (chargeId: string, first: boolean, userId = USER): PeriodPayment => ({
    chargeId,
    userId,
    planId: 'pro',
    stars: 450,
    allowance: 600,
    expiresAt: new Date(clock + PERIOD_MS),
    periodSeconds: PERIOD_MS / 1000,
    first,
  });
  // An expiry in one bot's ledger, written behind the wallet's back (whoever scopes the wallet).
  const expiry = (bot: number, chargeId: string) =>
    database.execute`insert into wallet_entries (bot_id, key, user_id, kind, delta, stars, charge_id, created_at)
      values (${bot}, ${`sub_expire:${chargeId}`}, ${USER}, 'allowance_expire', 0, 0, ${chargeId}, ${new Date(clock)})
      on conflict do nothing`;

  it("a bot's subscriptions, periods and checkouts are its own, under the same user, payload and charge id", async () => {
    // The same customer subscribes to the same plan (same payload) in both bots.
    expect((await one.subscriptions.recordPayment(payment('a1', true))).kind).toBe('credited');
    expect((await two.subscriptions.recordPayment(payment('b1', true))).kind).toBe('credited');
    clock += PERIOD_MS;
    // Each renewal carries the same charge id: each bot credits it once, to its own subscription.
    const renewed1 = await one.subscriptions.recordPayment(payment('r2', false));
    const renewed2 = await two.subscriptions.recordPayment(payment('r2', false));
    expect(renewed1).toMatchObject({ kind: 'credited', subscription: { id: 'a1', botId: 1 }, others: [] });
    expect(renewed2).toMatchObject({ kind: 'credited', subscription: { id: 'b1', botId: 2 }, others: [] });
    expect((await two.subscriptions.recordPayment(payment('r2', false))).kind).toBe('duplicate');
    expect(await one.subscriptions.findPeriod('r2')).toMatchObject({ botId: 1, subscriptionId: 'a1' });
    expect(await two.subscriptions.findPeriod('r2')).toMatchObject({ botId: 2, subscriptionId: 'b1' });
    expect(await two.subscriptions.findPeriod('a1')).toBeUndefined();
    expect((await one.subscriptions.find(USER))?.id).toBe('a1');
    expect((await two.subscriptions.find(USER))?.id).toBe('b1');
    expect((await two.subscriptions.live(USER)).map((s) => s.id)).toEqual(['b1']);
    expect((await one.subscriptions.periodsOf(USER)).map((p) => [p.botId, p.chargeId])).toEqual([
      [1, 'r2'],
      [1, 'a1'],
    ]);
    expect((await two.subscriptions.allPeriods()).map((p) => p.chargeId).sort()).toEqual(['b1', 'r2']);

    // Checkouts: one waiting in the first bot does not hold up the second's.
    expect(await one.subscriptions.approveCheckout(8, 's:pro:8', 60_000)).toBe('approved');
    expect(await two.subscriptions.approveCheckout(8, 's:max:8', 60_000)).toBe('approved');
    expect(await one.subscriptions.approveCheckout(8, 's:max:8', 60_000)).toBe('payment_pending');
    expect(await two.subscriptions.approveCheckout(USER, 's:max:7', 60_000)).toBe('subscribed');
    // The second bot's payment for the plan the first bot's checkout waits for leaves that checkout waiting.
    await two.subscriptions.recordPayment(payment('b8', true, 8));
    expect(await one.subscriptions.approveCheckout(8, 's:max:8', 60_000)).toBe('payment_pending');

    // Cancelling, the stats and the lapsed list see one bot.
    expect(await two.subscriptions.setCancelled('a1', true)).toBe(false);
    expect(await one.subscriptions.setCancelled('a1', true)).toBe(true);
    expect((await one.subscriptions.find(USER))?.cancelled).toBe(true);
    expect((await two.subscriptions.find(USER))?.cancelled).toBe(false);
    const since = new Date(clock - 1);
    expect(await one.subscriptions.stats(since)).toEqual({
      activeByPlan: { pro: 1 },
      revenueStars: 900,
      paidPeriods: 2,
      refundedPeriods: 0,
      cancelledSince: 1,
    });
    expect(await two.subscriptions.stats(since)).toEqual({
      activeByPlan: { pro: 2 },
      revenueStars: 1350,
      paidPeriods: 3,
      refundedPeriods: 0,
      cancelledSince: 0,
    });

    // The periods have ended; only the first bot's ledger has expired its renewal so far.
    clock += 2 * PERIOD_MS;
    await expiry(1, 'a1');
    await expiry(1, 'r2');
    await expiry(2, 'b1');
    await expiry(2, 'b8');
    expect(await one.subscriptions.usersWithEndedPeriods()).toEqual([]);
    expect(await two.subscriptions.usersWithEndedPeriods()).toEqual([USER]);
    expect((await one.subscriptions.lapsed(0)).map((s) => s.id)).toEqual(['a1']);
    expect((await two.subscriptions.lapsed(0)).map((s) => s.id).sort()).toEqual(['b1', 'b8']);

    // The second bot refunds its renewal and ends its subscription: the first bot's stay as they were.
    expect(await two.subscriptions.refundPeriod('a1')).toEqual({ kind: 'unknown' });
    expect((await two.subscriptions.refundPeriod('r2')).kind).toBe('refunded');
    expect((await one.subscriptions.findPeriod('r2'))?.status).toBe('paid');
    expect((await one.subscriptions.refundPeriod('r2')).kind).toBe('refunded');
    expect((await two.subscriptions.refundPeriod('r2')).kind).toBe('already_refunded');
    expect((await two.subscriptions.find(USER))?.state).toBe('ended');
    expect(await two.subscriptions.end(8, 'b8')).toBe(true);
    expect(await one.subscriptions.end(8, 'b8')).toBe(false);
    expect((await two.subscriptions.live(8)).map((s) => s.id)).toEqual([]);
  });

  it("Telegram's subscription updates: once per update id, in their bot; a failed renewal lets the plan be paid again and ends there", async () => {
    const U = 21;
    const signal = (updateId: number, state: 'failed' | 'canceled' | 'active', userId = U) => ({
      updateId,
      userId,
      payload: 's:pro:21',
      state,
    });
    expect(
      (await one.subscriptions.recordPayment({ ...payment('f1', true, U), payload: 's:pro:21' })).kind,
    ).toBe('credited');
    // Renewal turned off in Telegram: changed once; the same update again changes nothing.
    expect(await one.subscriptions.recordSignal(signal(500, 'canceled'))).toMatchObject({
      kind: 'recorded',
      changed: true,
      subscription: { id: 'f1', cancelled: true, cancelledInTelegram: true },
    });
    expect(await one.subscriptions.recordSignal(signal(500, 'canceled'))).toEqual({ kind: 'duplicate' });
    // Another update saying the same: recorded, nothing moves.
    expect(await one.subscriptions.recordSignal(signal(501, 'canceled'))).toMatchObject({ changed: false });
    // The same update id in the other bot is that bot's own, and names no subscription there.
    expect(await two.subscriptions.recordSignal(signal(500, 'canceled'))).toEqual({ kind: 'unknown' });
    // The bot's own Cancel is not Telegram's: turned on again there, it is the bot's to manage.
    expect(await one.subscriptions.recordSignal(signal(502, 'active'))).toMatchObject({
      changed: true,
      subscription: { cancelled: false, cancelledInTelegram: false, cancelledAt: null },
    });

    // The renewal failed: the checkout of the plan lets a new link through (it is how the plan is kept).
    expect(await one.subscriptions.approveCheckout(U, 's:pro:21b', 60_000)).toBe('subscribed');
    const failed = await one.subscriptions.recordSignal(signal(503, 'failed'));
    expect(failed).toMatchObject({ changed: true, subscription: { renewalFailedAt: new Date(clock) } });
    expect(await one.subscriptions.approveCheckout(U, 's:pro:21b', 60_000)).toBe('approved');
    // Its first payment starts the new subscription and ends the one that failed: one live plan.
    clock += 10;
    const again = await one.subscriptions.recordPayment({ ...payment('f2', true, U), payload: 's:pro:21b' });
    expect(again).toMatchObject({ kind: 'credited', subscription: { id: 'f2' }, others: [] });
    expect((await one.subscriptions.live(U)).map((x) => x.id)).toEqual(['f2']);
    const rows = await database.query<{
      update_id: number | string;
      state: string;
      subscription_id: string | null;
    }>`
      select update_id, state, subscription_id from subscription_signals where user_id = ${U} order by bot_id, update_id`;
    expect(rows.map((r) => [Number(r.update_id), r.state, r.subscription_id])).toEqual([
      [500, 'canceled', 'f1'],
      [501, 'canceled', 'f1'],
      [502, 'active', 'f1'],
      [503, 'failed', 'f1'],
      [500, 'canceled', null],
    ]);
  });

  it('a renewal Telegram charges after all clears the failure it reported', async () => {
    const U = 22;
    await one.subscriptions.recordPayment({ ...payment('g1', true, U), payload: 's:pro:22' });
    await one.subscriptions.recordSignal({ updateId: 600, userId: U, payload: 's:pro:22', state: 'failed' });
    expect((await one.subscriptions.find(U))?.renewalFailedAt).not.toBeNull();
    clock += PERIOD_MS;
    await one.subscriptions.recordPayment({ ...payment('g2', false, U), payload: 's:pro:22' });
    expect(await one.subscriptions.find(U)).toMatchObject({
      id: 'g1',
      chargeId: 'g2',
      renewalFailedAt: null,
    });
  });
});
