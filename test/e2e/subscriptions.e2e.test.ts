/**
 * Stars subscriptions end to end (issue 25): the real bot process with BILLING=stars and
 * SUBSCRIPTION_PLANS, the Telegram emulator taking the subscription and renewing it on demand, the
 * simulator on a manual clock. On the run's engine (TEST_ENGINE: SQLite, or PostgreSQL in the
 * postgres project). Balances are read as a customer reads them (/wallet), the ledger in the store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/simulator/server.js';
import { pricedTextImage } from '../support/e2e/flows.js';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const ADMIN = 900_002;
/** pro: 450 Stars a month for 20 Stars of allowance. Lumen Text to Image costs 5 Stars here. */
const ALLOWANCE = 20;
const LUMEN_STARS = 5;
let stack: Stack;
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  stack = await startStack({
    simulator: { clock },
    env: {
      ...STARS_STACK_ENV,
      MARKUP_PERCENT: '50',
      SUBSCRIPTION_PLANS: `pro:450:${ALLOWANCE}`,
      ADMIN_IDS: String(ADMIN),
    },
  });
});
afterAll(async () => {
  // close() stops everything first, then checks the emulator's record of broken Telegram rules.
  const unanswered = stack?.emulator.unansweredPreCheckoutQueries() ?? [];
  await stack?.close();
  expect(unanswered).toEqual([]);
});

/** The admin's chat (created once: the emulator has one user per id). */
let adminUser: ScriptedUser | undefined;
const theAdmin = () =>
  (adminUser ??= stack.emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' }));

async function balanceOf(user: ScriptedUser): Promise<number> {
  const after = stack.emulator.seq();
  await user.sendCommand('wallet');
  const wallet = await user.waitForMessage(/Your wallet:/, { after });
  return Number(/Your wallet: ⭐\u00a0(-?[\d,]+)/.exec(wallet.text ?? '')![1]!.replace(/,/g, ''));
}

async function entries(key: string): Promise<Array<{ stars: number }>> {
  const rows = await stack.database.query<{ stars: number | string }>`
    select stars from wallet_entries where key = ${key}`;
  return rows.map((r) => ({ stars: Number(r.stars) }));
}

/** /subscribe -> the plan -> the invoice link paid; resolves once the bot said it's active. */
async function subscribe(user: ScriptedUser) {
  const after = stack.emulator.seq();
  await user.sendCommand('subscribe');
  const plans = await user.waitForMessage(/Subscriptions/, { after });
  expect(plans.text).toContain('spent before your other Stars and expire');
  await user.pressButton(/^Pro: ⭐\u00a0450 per 30 days/);
  const ready = await user.waitForMessage(/Tap below to pay/, { after });
  const url = ready.buttons[0]?.url;
  if (!url) throw new Error('no invoice link');
  const paid = await user.payInvoiceLink(url);
  if (!paid.ok) throw new Error(`payment refused: ${JSON.stringify(paid)}`);
  await user.waitForMessage(/You're subscribed to Pro/, { after });
  return paid;
}

/** One Lumen order, completed and delivered: its price is spent. */
async function spendOnce(user: ScriptedUser, prompt: string) {
  await pricedTextImage(user, prompt);
  const after = stack.emulator.seq();
  await user.pressButton(/^✅ Confirm/);
  await user.waitForMessage(/Order placed|Generating/, { after });
  clock.advance(60_000);
  await user.waitForMessage(/Done!/, { after, timeoutMs: 20_000 });
}

describe('a Stars subscription', () => {
  it('credits the allowance; a renewal delivered twice credits once and expires the unspent rest', async () => {
    const user = stack.emulator.createUser({ first_name: 'Sofia', language_code: 'en' });
    const first = await subscribe(user);
    expect(await balanceOf(user)).toBe(ALLOWANCE);
    await spendOnce(user, 'A lighthouse at dawn');
    expect(await balanceOf(user)).toBe(ALLOWANCE - LUMEN_STARS);

    const after = stack.emulator.seq();
    const renewal = stack.emulator.renewSubscription(user.id);
    await user.waitForMessage(/subscription renewed/, { after });
    stack.emulator.redeliver(renewal.updateId);
    await stack.settled();
    expect(user.messages().filter((m) => m.sentAt > after && /renewed/.test(m.text ?? ''))).toHaveLength(1);
    expect(await entries(`sub:${renewal.chargeId}`)).toEqual([{ stars: ALLOWANCE }]);
    // The first period's unspent rest expired at the renewal, once.
    expect(await entries(`sub_expire:${first.chargeId}`)).toEqual([{ stars: ALLOWANCE - LUMEN_STARS }]);
    expect(await balanceOf(user)).toBe(ALLOWANCE);

    const shown = stack.emulator.seq();
    await user.sendCommand('subscription');
    const status = await user.waitForMessage(/Your plan/, { after: shown });
    expect(status.text).toContain(`Plan Stars left this period: ⭐\u00a0${ALLOWANCE}`);
    expect(status.text).toMatch(/Renews on/);
  });

  it('cancelled: no further renewal, the allowance stays usable until the period ends', async () => {
    const user = stack.emulator.createUser({ first_name: 'Tomas', language_code: 'en' });
    await subscribe(user);
    const after = stack.emulator.seq();
    await user.sendCommand('subscription');
    await user.waitForMessage(/Your plan/, { after });
    await user.pressButton('Cancel renewal');
    await user.waitForMessage(/Renewal is off: the plan stays active until/, { after });
    expect(() => stack.emulator.renewSubscription(user.id)).toThrow(/does not renew/);
    await spendOnce(user, 'A quiet harbour');
    expect(await balanceOf(user)).toBe(ALLOWANCE - LUMEN_STARS);
    // Resume turns renewal back on through Telegram.
    await user.pressButton('Resume renewal');
    await user.waitForMessage(/Renews on/, { after });
    expect(stack.emulator.callsTo('editUserStarSubscription').map((c) => c.params['is_canceled'])).toEqual(
      expect.arrayContaining([true, false]),
    );
  });

  it("/refund of a renewal shows it, then its button returns the payment and ends that period's unspent allowance, once", async () => {
    const admin = theAdmin();
    const user = stack.emulator.createUser({ first_name: 'Uma', language_code: 'en' });
    await subscribe(user);
    const after = stack.emulator.seq();
    const renewal = stack.emulator.renewSubscription(user.id);
    await user.waitForMessage(/subscription renewed/, { after });
    // First what the refund does, and nothing refunded yet.
    await admin.sendCommand('refund', renewal.chargeId);
    const preview = await admin.waitForMessage(/Subscription payment of/, { after });
    expect(preview.text).toContain(`Subscription payment of ⭐\u00a0450 from user ${user.id}: Pro`);
    expect(preview.text).toContain(`removes its unspent Stars: ⭐\u00a0${ALLOWANCE}`);
    expect(stack.emulator.starTransactions().filter((t) => t.id === renewal.chargeId)).toHaveLength(1);
    await admin.pressButton('↩️ Refund ⭐\u00a0450', { messageId: preview.message_id });
    await admin.waitForMessage(/Refunded the subscription payment of ⭐\u00a0450/, { after });
    const told = await user.waitForMessage(/subscription payment of ⭐\u00a0450 was refunded/, { after });
    expect(told.text).toContain('Your wallet balance: ⭐\u00a00');
    // The preview's button is gone, and a second /refund changes nothing.
    expect(admin.messages().find((m) => m.message_id === preview.message_id)?.buttons).toEqual([]);
    await admin.sendCommand('refund', renewal.chargeId);
    await admin.waitForMessage(/already been refunded/, { after });
    expect(stack.emulator.starTransactions().filter((t) => t.id === renewal.chargeId)).toHaveLength(2);
    expect(await entries(`sub_expire:${renewal.chargeId}`)).toEqual([{ stars: ALLOWANCE }]);
    expect(await balanceOf(user)).toBe(0);
    // Audited once (the second /refund changed nothing), with what expired.
    await admin.sendCommand('audit');
    const audit = await admin.waitForMessage(/refunded a subscription payment/, { after });
    expect(audit.text).toContain(
      `refunded a subscription payment of ⭐\u00a0450 to ${user.id}; the period's unspent ⭐\u00a0${ALLOWANCE} expired`,
    );
    expect(audit.text?.match(/refunded a subscription payment/g)).toHaveLength(1);

    // The admins' views: the card shows the subscription, /stats the subscribers and revenue.
    await admin.sendCommand('user', String(user.id));
    const card = await admin.waitForMessage(/🔁 Subscription: Pro/, { after });
    expect(card.text).toContain('ended');
    await admin.sendCommand('stats');
    const stats = await admin.waitForMessage(/🔁 Subscribers \(Pro: /, { after });
    // Three customers subscribed in this file, one ended by its refund; Tomas turned renewal off and
    // on again, so no churn.
    expect(stats.text).toContain('Subscribers (Pro: 2).');
    expect(stats.text).toContain('Renewals turned off this month: 0');
  });

  it('a plan repriced since: the old subscriber renews on the terms of their first payment', async () => {
    const user = stack.emulator.createUser({ first_name: 'Wanda', language_code: 'en' });
    await subscribe(user);
    // The operator doubles the plan; Telegram still charges the old link's 450.
    await stack.restartBot({ SUBSCRIPTION_PLANS: `pro:900:${ALLOWANCE * 3}` });
    const after = stack.emulator.seq();
    const renewal = stack.emulator.renewSubscription(user.id);
    await user.waitForMessage(/subscription renewed/, { after });
    expect(await entries(`sub:${renewal.chargeId}`)).toEqual([{ stars: ALLOWANCE }]);
    expect(await balanceOf(user)).toBe(ALLOWANCE);
    await user.sendCommand('subscription');
    const status = await user.waitForMessage(/Your plan/, { after });
    expect(status.text).toContain(`you pay ⭐\u00a0450 and get ⭐\u00a0${ALLOWANCE}`);
    await stack.restartBot();
  });

  it('two plan links paid back to back: the second checkout is refused with a reason, one subscription', async () => {
    const user = stack.emulator.createUser({ first_name: 'Xenia', language_code: 'en' });
    const after = stack.emulator.seq();
    await user.sendCommand('subscribe');
    const plans = await user.waitForMessage(/Subscriptions/, { after });
    await user.pressButton(/^Pro: ⭐\u00a0450 per 30 days/, { messageId: plans.message_id });
    const first = await user.waitForMessage(/Tap below to pay/, { after });
    const between = stack.emulator.seq();
    await user.pressButton(/^Pro: ⭐\u00a0450 per 30 days/, { messageId: plans.message_id });
    const second = await user.waitForMessage(/Tap below to pay/, { after: between });
    // Both checkouts are asked before either payment reaches the bot.
    const paid = await Promise.all([
      user.payInvoiceLink(first.buttons[0]!.url!),
      user.payInvoiceLink(second.buttons[0]!.url!),
    ]);
    expect(paid.filter((p) => p.ok)).toHaveLength(1);
    const refused = paid.find((p) => !p.ok);
    expect(refused).toMatchObject({ ok: false, reason: 'declined' });
    expect(refused && !refused.ok && refused.errorMessage).toMatch(/still being processed/);
    await user.waitForMessage(/You're subscribed to Pro/, { after });
    await stack.settled();
    expect(
      user.messages().filter((m) => m.sentAt > after && /You're subscribed/.test(m.text ?? '')),
    ).toHaveLength(1);
    expect(await balanceOf(user)).toBe(ALLOWANCE);
    const shown = stack.emulator.seq();
    await user.sendCommand('subscription');
    const status = await user.waitForMessage(/Your plan/, { after: shown });
    expect(status.buttons.filter((b) => /Cancel renewal/.test(b.text))).toHaveLength(1);
  });

  it("Telegram's own refund of a spent subscription payment: the spent part is booked against the customer, admins told; /refund said so first", async () => {
    const admin = theAdmin();
    const user = stack.emulator.createUser({ first_name: 'Yusuf', language_code: 'en' });
    const first = await subscribe(user);
    await spendOnce(user, 'A red kite over the hills');
    const after = stack.emulator.seq();
    await admin.sendCommand('refund', first.chargeId);
    const preview = await admin.waitForMessage(/Subscription payment of/, { after });
    expect(preview.text).toContain(`removes its unspent Stars: ⭐\u00a0${ALLOWANCE - LUMEN_STARS}`);
    expect(preview.text).toContain(`has already spent ⭐\u00a0${LUMEN_STARS} of this period`);
    // Telegram refunds the payment itself (a refunded_payment message in the customer's chat).
    const refund = {
      message_id: 900_000 + (user.id % 1000),
      date: Math.floor(Date.now() / 1000),
      chat: { id: user.id, type: 'private' as const, first_name: 'Yusuf' },
      from: { id: user.id, is_bot: false, first_name: 'Yusuf' },
      refunded_payment: {
        currency: 'XTR' as const,
        total_amount: 450,
        invoice_payload: 's:pro',
        telegram_payment_charge_id: first.chargeId,
      },
    };
    const update = stack.emulator.pushUpdate({ message: refund } as never);
    const alert = await admin.waitForMessage(/Telegram refunded a payment/, { after });
    expect(alert.text).toContain(`⭐\u00a0450 to user ${user.id}`);
    expect(alert.text).toContain(`their balance is now ⭐\u00a0-${LUMEN_STARS}`);
    stack.emulator.redeliver(update);
    await stack.settled();
    expect(await entries(`sub_expire:${first.chargeId}`)).toEqual([{ stars: ALLOWANCE - LUMEN_STARS }]);
    expect(await entries(`sub_clawback:${first.chargeId}`)).toEqual([{ stars: LUMEN_STARS }]);
    expect(await balanceOf(user)).toBe(-LUMEN_STARS);
    expect(
      admin.messages().filter((m) => m.sentAt > after && /Telegram refunded/.test(m.text ?? '')),
    ).toHaveLength(1);
  });

  it('plans withdrawn while a customer still renews: the renewal is credited once as ordinary Stars and turned off', async () => {
    const user = stack.emulator.createUser({ first_name: 'Vera', language_code: 'en' });
    await subscribe(user);
    const before = await balanceOf(user);
    await stack.restartBot({ SUBSCRIPTION_PLANS: '' });
    const after = stack.emulator.seq();
    const renewal = stack.emulator.renewSubscription(user.id);
    const told = await user.waitForMessage(/added to your wallet/, { after });
    expect(told.text).toContain('no longer offered, so the payment above was added as ordinary Stars');
    stack.emulator.redeliver(renewal.updateId);
    await stack.settled();
    expect(await entries(`topup:${renewal.chargeId}`)).toEqual([{ stars: 450 }]);
    expect(await entries(`sub:${renewal.chargeId}`)).toEqual([]);
    expect(await balanceOf(user)).toBe(before + 450);
    // Telegram was asked once to stop charging for a plan that no longer exists.
    const stops = stack.emulator
      .callsTo('editUserStarSubscription')
      .filter((c) => c.params['telegram_payment_charge_id'] === renewal.chargeId);
    expect(stops.map((c) => c.params['is_canceled'])).toEqual([true]);
    expect(() => stack.emulator.renewSubscription(user.id)).toThrow(/does not renew/);
  });
});
