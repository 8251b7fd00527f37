/**
 * The subscriptions service on both engines, by an injected clock: a renewal that never comes ends
 * the subscription once (the customer told once, nothing credited, the period's rest expired); one
 * that comes in time keeps it; the checkout of a plan invoice is checked against the plan.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store, SubscriptionRecord } from '../../src/db/index.js';
import { planPayload } from '../../src/domain/subscription.js';
import { SubscriptionsService } from '../../src/services/subscriptions.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const HOUR = 60 * 60_000;
const PERIOD = 30 * 24 * HOUR;

describe.each(availableEngines())('subscriptions on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  let now = Date.UTC(2026, 10, 1);
  let service: SubscriptionsService;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    store = await database.open(() => now);
    service = new SubscriptionsService({
      store: store.subscriptions,
      ledger: store.wallet,
      plans: [{ id: 'pro', priceStars: 450, allowanceStars: 600 }],
      periodSeconds: PERIOD / 1000,
      logger: pino({ level: 'silent' }),
      graceMs: HOUR,
    });
  });
  afterAll(async () => {
    await database.drop();
  });

  const pay = (userId: number, chargeId: string, first: boolean) =>
    service.recordPayment({
      chargeId,
      userId,
      stars: 450,
      payload: planPayload('pro', userId),
      expiresAt: new Date(now + PERIOD),
      first,
    });

  it('a failed renewal ends the subscription at its expiration, told once, nothing credited', async () => {
    await pay(1, 'c1', true);
    await pay(2, 'c2', true);
    const told: SubscriptionRecord[] = [];
    const tell = async (s: SubscriptionRecord) => void told.push(s);
    now += PERIOD - HOUR;
    await pay(2, 'c2b', false); // user 2 renews in time
    expect(await service.endLapsed(tell)).toBe(0);
    now += 2 * HOUR + 1; // one hour of grace past user 1's period end
    expect(await service.endLapsed(tell)).toBe(1);
    expect(await service.endLapsed(tell)).toBe(0);
    expect(told.map((s) => s.userId)).toEqual([1]);
    expect((await store.subscriptions.find(1))?.state).toBe('ended');
    expect((await store.subscriptions.find(2))?.state).toBe('active');
    expect(await store.wallet.balance(1)).toBe(0);
    expect(await store.wallet.balance(2)).toBe(600);
    expect((await service.status(2))?.allowanceLeft).toBe(600);
  });

  it('a plan checkout: its buyer, its price, not while already subscribed', async () => {
    const query = { payload: planPayload('pro', 5), userId: 5, currency: 'XTR', totalAmount: 450 };
    expect(await service.checkCheckout(query)).toEqual({ ok: true });
    expect(await service.checkCheckout({ ...query, totalAmount: 1 })).toEqual({
      ok: false,
      reason: 'wrong_amount',
    });
    expect(await service.checkCheckout({ ...query, userId: 6 })).toEqual({ ok: false, reason: 'other_user' });
    expect(await service.checkCheckout({ ...query, payload: 's:max:5' })).toEqual({
      ok: false,
      reason: 'unknown_invoice',
    });
    await pay(5, 'c5', true);
    expect(await service.checkCheckout(query)).toEqual({ ok: false, reason: 'already_subscribed' });
  });
});

describe.each(availableEngines())('a subscription keeps the terms of its first payment, on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  const now = Date.UTC(2026, 10, 1);
  const alerts: unknown[] = [];
  const serviceWith = (priceStars: number, allowanceStars: number) =>
    new SubscriptionsService({
      store: store.subscriptions,
      ledger: store.wallet,
      plans: [{ id: 'pro', priceStars, allowanceStars }],
      periodSeconds: PERIOD / 1000,
      logger: pino({ level: 'silent' }),
      alert: (alert) => void alerts.push(alert),
    });
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    store = await database.open(() => now);
  });
  afterAll(async () => {
    await database.drop();
  });

  const payment = (userId: number, chargeId: string, stars: number, first: boolean) => ({
    chargeId,
    userId,
    stars,
    payload: planPayload('pro', userId),
    expiresAt: new Date(now + PERIOD),
    first,
  });

  it('a plan repriced up: the old subscriber renews at the old price for the old allowance', async () => {
    await serviceWith(450, 600).recordPayment(payment(1, 'r1', 450, true));
    const repriced = serviceWith(900, 1300);
    const renewal = await repriced.recordPayment(payment(1, 'r1b', 450, false));
    expect(renewal.allowance).toBe(600);
    expect(await store.wallet.balance(1)).toBe(600);
    expect(alerts).toEqual([]);
    // A new subscriber gets the plan as configured now.
    await repriced.recordPayment(payment(2, 'r2', 900, true));
    expect(await store.wallet.balance(2)).toBe(1300);
  });

  it('an allowance lowered under the same id does not under-credit an old subscriber', async () => {
    await serviceWith(450, 600).recordPayment(payment(3, 'r3', 450, true));
    const renewal = await serviceWith(450, 300).recordPayment(payment(3, 'r3b', 450, false));
    expect(renewal.allowance).toBe(600);
    expect(await store.wallet.balance(3)).toBe(600);
  });

  it('a renewal of another amount than the stored price: credited in proportion (rounded down), admins told', async () => {
    await serviceWith(450, 600).recordPayment(payment(4, 'r4', 450, true));
    const renewal = await serviceWith(450, 600).recordPayment(payment(4, 'r4b', 400, false));
    // 600 * 400 / 450 = 533.33...
    expect(renewal.allowance).toBe(533);
    expect(await store.wallet.balance(4)).toBe(533);
    expect(alerts).toEqual([
      {
        kind: 'subscription_amount_mismatch',
        userId: 4,
        chargeId: 'r4b',
        expected: 450,
        paid: 400,
        allowance: 533,
      },
    ]);
  });
});
