/**
 * The subscriptions service on both engines, by an injected clock: a renewal that never comes ends
 * the subscription once (the customer told once, nothing credited, the period's rest expired); one
 * that comes in time keeps it; the checkout of a plan invoice is checked against the plan.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store, SubscriptionRecord } from '../../src/db/index.js';
import { planPayload } from '../../src/domain/subscription.js';
import { type SubscriptionAlert, SubscriptionsService } from '../../src/services/subscriptions.js';
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

describe.each(availableEngines())('one plan at a time, on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  let now = Date.UTC(2026, 10, 1);
  let alerts: SubscriptionAlert[] = [];
  let service: SubscriptionsService;
  let links = 0;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    store = await database.open(() => now);
    service = new SubscriptionsService({
      store: store.subscriptions,
      ledger: store.wallet,
      plans: [
        { id: 'pro', priceStars: 450, allowanceStars: 600 },
        { id: 'max', priceStars: 900, allowanceStars: 1300 },
      ],
      periodSeconds: PERIOD / 1000,
      logger: pino({ level: 'silent' }),
      alert: (alert) => void alerts.push(alert),
      newLink: () => `L${++links}`,
    });
  });
  afterAll(async () => {
    await database.drop();
  });

  const checkout = (userId: number, payload: string, totalAmount: number) =>
    service.checkCheckout({ payload, userId, currency: 'XTR', totalAmount });
  const pay = (userId: number, chargeId: string, payload: string, stars: number, first: boolean) =>
    service.recordPayment({ chargeId, userId, stars, payload, expiresAt: new Date(now + PERIOD), first });

  it('two plan links paid back to back: the second checkout is refused until the first is credited, then for the active plan', async () => {
    const a = service.invoice(10, 'pro')!.payload;
    const b = service.invoice(10, 'max')!.payload;
    expect(a).not.toBe(b);
    expect(await checkout(10, a, 450)).toEqual({ ok: true });
    // Telegram has taken A's Stars, its successful_payment is not handled yet.
    expect(await checkout(10, b, 900)).toEqual({ ok: false, reason: 'payment_pending' });
    await pay(10, 'a1', a, 450, true);
    expect(await checkout(10, b, 900)).toEqual({ ok: false, reason: 'already_subscribed' });
    // Renewal off: the plan is still active to the period's end.
    await service.setRenewal(10, true, async () => undefined);
    expect(await checkout(10, b, 900)).toEqual({ ok: false, reason: 'already_subscribed' });
    expect((await service.status(10))?.live.map((s) => s.id)).toEqual(['a1']);
  });

  it('a checkout answered ok whose payment never came stops blocking after a while', async () => {
    const a = service.invoice(11, 'pro')!.payload;
    const b = service.invoice(11, 'max')!.payload;
    expect(await checkout(11, a, 450)).toEqual({ ok: true });
    now += 11 * 60_000;
    expect(await checkout(11, b, 900)).toEqual({ ok: true });
  });

  it('two live subscriptions all the same: a renewal ends only its own periods; both shown, each cancelled on its own; admins told', async () => {
    alerts = [];
    const a = service.invoice(12, 'pro')!.payload;
    const b = service.invoice(12, 'max')!.payload;
    await pay(12, 'A1', a, 450, true);
    await pay(12, 'B1', b, 900, true);
    expect(await store.wallet.balance(12)).toBe(1900);
    expect(alerts).toEqual([{ kind: 'subscription_duplicate', userId: 12, chargeIds: ['A1', 'B1'] }]);
    now += HOUR;
    const renewal = await pay(12, 'A2', a, 450, false);
    expect(renewal.allowance).toBe(600);
    // A's first period ended (its 600 expired); B's period and its 1,300 are untouched.
    expect(await store.wallet.balance(12)).toBe(600 + 1300);
    expect((await store.subscriptions.findPeriod('B1'))?.endsAt.getTime()).toBeGreaterThan(now);
    const status = await service.status(12);
    expect(status?.live.map((s) => [s.id, s.planId, s.chargeId])).toEqual([
      ['A1', 'pro', 'A2'],
      ['B1', 'max', 'B1'],
    ]);
    const edits: string[] = [];
    expect(await service.setRenewal(12, true, async (_u, charge) => void edits.push(charge), 2)).toBe(true);
    expect(edits).toEqual(['B1']);
    const live = (await service.status(12))?.live ?? [];
    expect(live.map((s) => s.cancelled)).toEqual([false, true]);
  });
});

describe.each(availableEngines())("Telegram's refund of a spent subscription payment, on %s", (engine) => {
  let database: TestDatabase;
  let store: Store;
  const now = Date.UTC(2026, 10, 1);
  const alerts: SubscriptionAlert[] = [];
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
      alert: (alert) => void alerts.push(alert),
    });
  });
  afterAll(async () => {
    await database.drop();
  });

  /** Spends `stars` of the customer's wallet on a completed order. */
  async function spend(userId: number, orderId: string, stars: number) {
    await store.orders.insertDraft({
      id: orderId,
      chatId: userId,
      userId,
      locale: 'en',
      modelId: 1,
      modelName: 'm',
      modelType: 'image',
      request: { model_id: 1 },
      priceUsd: '0.01',
      idempotencyKey: `k-${orderId}`,
    });
    await store.engine.transaction((tx) =>
      store.wallet.hold(tx, { userId, orderId, idempotencyKey: `k-${orderId}`, stars }),
    );
    await store.wallet.settleOrder(orderId, () => 'capture');
  }

  it('the spent allowance is booked against the customer (below zero), the rest expires, admins told once; the preview said so', async () => {
    await service.recordPayment({
      chargeId: 'p1',
      userId: 20,
      stars: 450,
      payload: planPayload('pro', 20),
      expiresAt: new Date(now + PERIOD),
      first: true,
    });
    await spend(20, 'o-20', 600);
    expect(await store.wallet.balance(20)).toBe(0);
    expect(await service.refundPreview('p1')).toMatchObject({ kind: 'refundable', unspent: 0, spent: 600 });
    expect(await service.telegramRefund('p1')).toBe(true);
    expect(await service.telegramRefund('p1')).toBe(true); // redelivered: nothing more
    expect(await store.wallet.balance(20)).toBe(-600);
    expect(alerts).toEqual([
      { kind: 'telegram_refund', userId: 20, stars: 450, chargeId: 'p1', balance: -600 },
    ]);
    expect((await store.subscriptions.find(20))?.state).toBe('ended');
  });

  it('half spent: half booked against the customer, half expired', async () => {
    await service.recordPayment({
      chargeId: 'p2',
      userId: 21,
      stars: 450,
      payload: planPayload('pro', 21),
      expiresAt: new Date(now + PERIOD),
      first: true,
    });
    await spend(21, 'o-21', 250);
    await store.wallet.creditPayment({ chargeId: 't21', userId: 21, stars: 100, topupId: undefined });
    expect(await service.refundPreview('p2')).toMatchObject({ unspent: 350, spent: 250 });
    await service.telegramRefund('p2');
    expect(await store.wallet.balance(21)).toBe(100 - 250);
  });

  it("an admin's refund of a spent period follows the same rule, and no admin alert (they did it)", async () => {
    await service.recordPayment({
      chargeId: 'p3',
      userId: 22,
      stars: 450,
      payload: planPayload('pro', 22),
      expiresAt: new Date(now + PERIOD),
      first: true,
    });
    await spend(22, 'o-22', 100);
    const before = alerts.length;
    const refunded = await service.refund('p3', async () => ({ kind: 'refunded' }));
    expect(refunded).toEqual({ kind: 'refunded', userId: 22, stars: 450, expired: 500, spent: 100 });
    expect(await store.wallet.balance(22)).toBe(-100);
    expect(alerts).toHaveLength(before);
    expect(await service.refund('p3', async () => ({ kind: 'refunded' }))).toEqual({
      kind: 'already_refunded',
    });
  });
});
