/**
 * The Stars wallet with the real ordering pipeline, the simulator and a SQLite file: prices in
 * Stars, the hold in the submission's transaction, capture and release exactly once (also after a
 * restart), payments credited once, refunds that cannot take spent Stars.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StarsBilling } from '../../src/config.js';
import { type DeliveryOutcome, InsufficientStarsError } from '../../src/db/index.js';
import type { ConfirmOutcome } from '../../src/services/ordering.js';
import { type Harness, STARS_BILLING, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const USER = 2001;
const BILLING = STARS_BILLING;

async function start(opts: { billing?: Partial<StarsBilling>; balance?: string } = {}) {
  h = await startHarness({
    billing: { ...BILLING, ...opts.billing },
    ...(opts.balance && { balance: opts.balance }),
  });
  return { t: h, wallet: h.wallet! };
}

/** Lumen Text to Image: 0.04 USD; x 1.5 x 77 = 4.62 -> 5 Stars. */
function draft(t: Harness, prompt = 'a lighthouse at dawn', service = t.ordering) {
  return service.prepare({
    chatId: USER,
    userId: USER,
    locale: 'en',
    modelId: 203,
    request: { model_id: 203, prompt },
  });
}

async function topUp(t: Harness, stars: number, chargeId = `ch-${stars}-${Math.random()}`) {
  const wallet = t.wallet!;
  const { payload } = await wallet.createTopup(USER, USER, stars, null);
  return await wallet.creditPayment({ chargeId, userId: USER, stars, payload });
}

function kind<K extends ConfirmOutcome['kind']>(
  o: ConfirmOutcome,
  k: K,
): Extract<ConfirmOutcome, { kind: K }> {
  expect(o.kind, JSON.stringify(o)).toBe(k);
  return o as Extract<ConfirmOutcome, { kind: K }>;
}

async function finish(t: Harness, orderId: string, service = t.ordering) {
  const row = (await t.ordering.orders.find(orderId))!;
  t.clock.advance(30_000);
  return service.recordUpstreamState(orderId, await t.client.getOrder(row.upstreamOrderId!));
}

/** What the delivery worker does once it knows how the delivery went. */
async function deliver(t: Harness, orderId: string, outcome: DeliveryOutcome, service = t.ordering) {
  expect(await t.ordering.orders.markDelivered(orderId, outcome)).toBe(true);
  await service.deliveryRecorded(orderId);
}

describe('prices in Stars', () => {
  it('a draft carries the Stars price next to the upstream USD price', async () => {
    const { t } = await start();
    const row = await draft(t);
    expect(row).toMatchObject({ priceUsd: '0.04', priceStars: 5 });
  });

  it('a fixed override prices the model whatever upstream asks', async () => {
    const { t } = await start({ billing: { overrides: new Map([[203, { kind: 'fixed', stars: 9 }]]) } });
    expect((await draft(t)).priceStars).toBe(9);
  });
});

describe('hold, capture, release', () => {
  it('completed: the price is held at Confirm and captured once its files reached the chat; the balance ends down by exactly the price', async () => {
    const { t, wallet } = await start();
    await topUp(t, 50);
    const d = await draft(t);
    kind(await t.ordering.confirm(d.id, USER), 'ordered');
    expect(await wallet.balance(USER)).toBe(45);
    expect(await wallet.ledger.totals()).toMatchObject({ heldStars: 5, capturedStars: 0 });

    const done = await finish(t, d.id);
    expect(done.order.status).toBe('completed');
    // Completed is not delivered: the Stars stay held until the delivery says a file reached the chat.
    expect(await wallet.settlementsOf(d.id)).toEqual({ captured: 0, released: 0 });
    await deliver(t, d.id, 'sent');
    expect(await wallet.balance(USER)).toBe(45);
    expect(await wallet.settlementsOf(d.id)).toEqual({ captured: 5, released: 0 });
    // A restart runs the final hooks that never finished; this one did: nothing moves.
    await (await t.restart()).resumeFinalHooks();
    expect(await wallet.ledger.totals()).toMatchObject({ heldStars: 0, capturedStars: 5 });
  });

  it('failed: the held Stars come back exactly once, also when the final hook runs again after a restart', async () => {
    const { t, wallet } = await start();
    await topUp(t, 50);
    const d = await draft(t, 'a broken dream [sim:fail]');
    kind(await t.ordering.confirm(d.id, USER), 'ordered');
    expect(await wallet.balance(USER)).toBe(45);
    // The crash case: the final state is recorded, the process dies before marking the hook done.
    const row = (await t.ordering.orders.find(d.id))!;
    t.clock.advance(30_000);
    const failed = await t.client.getOrder(row.upstreamOrderId!);
    await t.ordering.orders.updateFromUpstream(d.id, failed);
    expect(await wallet.balance(USER)).toBe(45);

    const restarted = await t.restart();
    expect(await restarted.resumeFinalHooks()).toBe(1);
    expect(await (await t.restart()).resumeFinalHooks()).toBe(0);
    await restarted.recordUpstreamState(d.id, failed);
    expect(await wallet.balance(USER)).toBe(50);
    expect(await wallet.settlementsOf(d.id)).toEqual({ captured: 0, released: 5 });
  });

  it('a lost order releases its hold', async () => {
    const { t, wallet } = await start();
    await topUp(t, 50);
    const d = await draft(t);
    kind(await t.ordering.confirm(d.id, USER), 'ordered');
    expect(await t.ordering.recordLost(d.id)).toBeDefined();
    expect(await t.ordering.recordLost(d.id)).toBeUndefined();
    expect(await wallet.balance(USER)).toBe(50);
  });

  it('not enough Stars: refused with what is missing, nothing sent, nothing held; after a top-up one order', async () => {
    const { t, wallet } = await start();
    await topUp(t, 3);
    const d = await draft(t);
    const refused = kind(await t.ordering.confirm(d.id, USER), 'refused');
    expect(refused.reason).toBeInstanceOf(InsufficientStarsError);
    expect((refused.reason as InsufficientStarsError).missingStars).toBe(2);
    expect(refused.order.stage).toBe('awaiting_confirmation');
    expect(t.orderPosts()).toHaveLength(0);
    expect(await wallet.balance(USER)).toBe(3);
    expect(await wallet.packFor(2)).toBe(50);

    await topUp(t, 50);
    kind(await t.ordering.confirm(d.id, USER), 'ordered');
    kind(await t.ordering.confirm(d.id, USER), 'ordered');
    expect(t.orderPosts()).toHaveLength(1);
    expect(await wallet.balance(USER)).toBe(48);
  });

  it('two drafts confirmed at once can never spend the same Stars', async () => {
    const { t, wallet } = await start();
    await topUp(t, 7);
    const a = await draft(t, 'first');
    const b = await draft(t, 'second');
    const outcomes = await Promise.all([t.ordering.confirm(a.id, USER), t.ordering.confirm(b.id, USER)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['ordered', 'refused']);
    expect(t.orderPosts()).toHaveLength(1);
    expect(await wallet.balance(USER)).toBe(2);
  });

  it('upstream refuses the order at submit: the hold is released and a later confirm holds again', async () => {
    const { t, wallet } = await start({ balance: '0.01' });
    await topUp(t, 50);
    const d = await draft(t);
    const rejected = kind(await t.ordering.confirm(d.id, USER), 'rejected');
    expect(rejected.error.code).toBe('insufficient_balance');
    expect(await wallet.balance(USER)).toBe(50);
    t.sim.state.setBalance('sim-key', '10.00');
    kind(await t.ordering.confirm(d.id, USER), 'ordered');
    expect(await wallet.balance(USER)).toBe(45);
    expect((await wallet.ledger.totals()).heldStars).toBe(5);
  });

  it('a draft priced before billing was on is re-priced in Stars before anything is held', async () => {
    const { t } = await start();
    await topUp(t, 50);
    const d = await draft(t);
    await t.database.execute`update orders set price_stars = null where id = ${d.id}`;
    const requoted = kind(await t.ordering.confirm(d.id, USER), 'requoted');
    expect(requoted.order.priceStars).toBe(5);
    expect(t.orderPosts()).toHaveLength(0);
  });
});

describe('payments, grants, refunds', () => {
  it("a payment whose payload names another user's invoice credits the payer and leaves that invoice unpaid", async () => {
    const { wallet } = await start();
    const { payload } = await wallet.createTopup(USER, USER, 10, null);
    const forged = await wallet.creditPayment({ chargeId: 'stx-x', userId: USER + 1, stars: 10, payload });
    expect(forged).toMatchObject({ credited: true, balance: 10 });
    expect(await wallet.balance(USER)).toBe(0);
    expect(await wallet.balance(USER + 1)).toBe(10);
    // The owner can still pay their own invoice, and it is marked paid by their payment only.
    expect(await wallet.checkCheckout({ payload, userId: USER, currency: 'XTR', totalAmount: 10 })).toEqual({
      ok: true,
    });
    await wallet.creditPayment({ chargeId: 'stx-own', userId: USER, stars: 10, payload });
    expect(await wallet.ledger.findTopupByCharge('stx-own')).toMatchObject({ status: 'paid', userId: USER });
    expect(await wallet.ledger.findTopupByCharge('stx-x')).toBeUndefined();
  });

  it('a refund Telegram made on its own is booked once; below zero, new orders wait for a top-up', async () => {
    const { t, wallet } = await start();
    await topUp(t, 10, 'stx-tg');
    kind(await t.ordering.confirm((await draft(t, 'first')).id, USER), 'ordered');
    expect(await wallet.telegramRefund({ chargeId: 'stx-tg', userId: USER, stars: 10 })).toEqual({
      balance: -5,
    });
    expect(await wallet.telegramRefund({ chargeId: 'stx-tg', userId: USER, stars: 10 })).toBeUndefined();
    expect(await wallet.balance(USER)).toBe(-5);
    const refused = kind(await t.ordering.confirm((await draft(t, 'second')).id, USER), 'refused');
    expect((refused.reason as InsufficientStarsError).missingStars).toBe(10);
    // The bot's own refund is not booked twice when Telegram's service message follows it.
    await topUp(t, 50, 'stx-more');
    await topUp(t, 10, 'stx-own');
    expect(await wallet.refund('stx-own', 1, async () => ({ kind: 'refunded' }))).toMatchObject({
      kind: 'refunded',
    });
    expect(await wallet.telegramRefund({ chargeId: 'stx-own', userId: USER, stars: 10 })).toBeUndefined();
    expect(await wallet.balance(USER)).toBe(45);
  });

  it('a payment delivered twice is credited once and told once', async () => {
    const { t, wallet } = await start();
    const { payload } = await wallet.createTopup(USER, USER, 100, null);
    expect(await wallet.checkCheckout({ payload, userId: USER, currency: 'XTR', totalAmount: 100 })).toEqual({
      ok: true,
    });
    expect(
      await wallet.checkCheckout({ payload, userId: USER, currency: 'XTR', totalAmount: 99 }),
    ).toMatchObject({
      reason: 'wrong_amount',
    });
    expect(
      await wallet.checkCheckout({ payload, userId: USER + 1, currency: 'XTR', totalAmount: 100 }),
    ).toMatchObject({
      reason: 'other_user',
    });
    expect(
      await wallet.checkCheckout({ payload: 't:nope', userId: USER, currency: 'XTR', totalAmount: 100 }),
    ).toMatchObject({ reason: 'unknown_invoice' });
    const first = await wallet.creditPayment({ chargeId: 'stx1', userId: USER, stars: 100, payload });
    const again = await wallet.creditPayment({ chargeId: 'stx1', userId: USER, stars: 100, payload });
    expect(first).toMatchObject({ kind: 'tell', credited: true, balance: 100 });
    expect(again).toEqual({ kind: 'silent', credited: false });
    expect(await wallet.ledger.balance(USER)).toBe(100);
    expect(
      await wallet.checkCheckout({ payload, userId: USER, currency: 'XTR', totalAmount: 100 }),
    ).toMatchObject({
      reason: 'already_paid',
    });
    const [topups] = await t.database.query<{ n: number | string }>`
      select count(*) as n from wallet_entries where kind = 'topup'`;
    expect(Number(topups?.n)).toBe(1);
  });

  it('the welcome bonus is credited once per user', async () => {
    const { wallet } = await start({ billing: { welcomeStars: 10 } });
    expect(await wallet.balance(USER)).toBe(10);
    expect(await wallet.balance(USER)).toBe(10);
    expect(await wallet.ensureWelcome(USER)).toBe(false);
  });

  it('a grant is booked once per admin command', async () => {
    const { wallet } = await start();
    const grant = { userId: USER, stars: 25, actorId: 1, reason: 'sorry', key: '1:77' };
    expect(await wallet.grant(grant)).toBe(true);
    expect(await wallet.grant(grant)).toBe(false);
    expect(await wallet.balance(USER)).toBe(25);
  });

  it('D17: granted Stars are spent first and never refunded; the preview says how much of a top-up is refundable', async () => {
    const { t, wallet } = await start();
    await topUp(t, 10, 'stx-d17');
    const refunds: string[] = [];
    const telegram = async (_user: number, charge: string) => {
      refunds.push(charge);
      return { kind: 'refunded' as const };
    };
    // The customer spends the whole top-up, then an admin grants 10: the balance is 10, all granted.
    for (const prompt of ['one', 'two']) {
      const d = await draft(t, prompt);
      kind(await t.ordering.confirm(d.id, USER), 'ordered');
    }
    expect(await wallet.balance(USER)).toBe(0);
    await wallet.grant({ userId: USER, stars: 10, actorId: 1, reason: null, key: 'g1' });
    expect(await wallet.balance(USER)).toBe(10);
    expect(await wallet.refundPreview('stx-d17')).toMatchObject({ kind: 'preview', refundable: 0 });
    expect(await wallet.refund('stx-d17', 1, telegram)).toMatchObject({ kind: 'spent', refundable: 0 });
    expect(refunds).toEqual([]);
    expect(await wallet.balance(USER)).toBe(10);

    // Granted first: a grant, then a top-up, then an order: the order takes the granted Stars, so
    // the top-up stays whole and refundable; the grant does not come back with it.
    await topUp(t, 10, 'stx-d17b');
    const d = await draft(t, 'three');
    kind(await t.ordering.confirm(d.id, USER), 'ordered');
    expect(await wallet.balance(USER)).toBe(15);
    expect(await wallet.refundPreview('stx-d17b')).toMatchObject({ kind: 'preview', refundable: 10 });
    expect(await wallet.refund('stx-d17b', 1, telegram)).toMatchObject({ kind: 'refunded', stars: 10 });
    expect(await wallet.balance(USER)).toBe(5);
    expect(await wallet.ledger.paidBalance(USER)).toBe(0);
  });

  it('refund: once; refused while the Stars are spent; Telegram refusing returns the Stars', async () => {
    const { t, wallet } = await start();
    await topUp(t, 50, 'stx-a');
    const refunds: string[] = [];
    const telegram = async (_user: number, charge: string) => {
      refunds.push(charge);
      return { kind: 'refunded' as const };
    };
    expect(await wallet.refund('stx-a', 1, telegram)).toEqual({ kind: 'refunded', userId: USER, stars: 50 });
    expect(await wallet.refund('stx-a', 1, telegram)).toEqual({ kind: 'already_refunded' });
    expect(await wallet.refund('stx-none', 1, telegram)).toEqual({ kind: 'unknown' });
    expect(refunds).toEqual(['stx-a']);
    expect(await wallet.balance(USER)).toBe(0);

    await topUp(t, 50, 'stx-b');
    const d = await draft(t);
    kind(await t.ordering.confirm(d.id, USER), 'ordered');
    expect(await wallet.refund('stx-b', 1, telegram)).toMatchObject({ kind: 'spent', balance: 45 });
    expect(await wallet.balance(USER)).toBe(45);

    await topUp(t, 50, 'stx-c');
    const refusing = async () => ({ kind: 'failed' as const, description: 'Bad Request: CHARGE_NOT_FOUND' });
    expect(await wallet.refund('stx-c', 1, refusing)).toMatchObject({ kind: 'telegram_refused' });
    expect(await wallet.balance(USER)).toBe(95);
    expect(await wallet.refund('stx-c', 1, telegram)).toMatchObject({ kind: 'refunded' });
    expect(await wallet.balance(USER)).toBe(45);
    expect(await wallet.ledger.totals()).toMatchObject({ paidStars: 50, refundedStars: 100 });
  });
});
