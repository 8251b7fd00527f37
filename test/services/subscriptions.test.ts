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
