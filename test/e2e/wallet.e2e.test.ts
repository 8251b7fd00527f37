/**
 * Selling in Telegram Stars, end to end: the real bot process with BILLING=stars, the Telegram
 * emulator taking payments and the simulator on a manual clock (an order runs until the test moves
 * time). Balances are read as a customer reads them (/wallet) and the ledger in the bot's SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/simulator/server.js';
import { buyStars, confirmPrice, pricedTextImage } from '../support/e2e/flows.js';
import { POLL_LEASE_WAIT_MS, STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const ADMIN = 900_001;
let stack: Stack;
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  stack = await startStack({
    simulator: { clock },
    env: {
      ...STARS_STACK_ENV,
      MARKUP_PERCENT: '50',
      TOPUP_PACKS_STARS: '10,50,100',
      ADMIN_IDS: String(ADMIN),
    },
  });
});
afterAll(async () => {
  // close() checks the emulator's problems, and stops everything even if this check fails.
  try {
    expect(stack.emulator.unansweredPreCheckoutQueries()).toEqual([]);
  } finally {
    await stack?.close();
  }
});

/** Lumen Text to Image costs 0.04 USD upstream: 0.04 x 1.5 x 77 = 4.62, so 5 Stars. */
const LUMEN_STARS = 5;

async function topupsBooked(chargeId: string): Promise<number> {
  const key = `topup:${chargeId}`;
  const [row] = await stack.database.query<{ n: number | string }>`
    select count(*) as n from wallet_entries where key = ${key}`;
  return Number(row?.n);
}

async function balanceOf(user: ScriptedUser): Promise<number> {
  const after = stack.emulator.seq();
  await user.sendCommand('wallet');
  const wallet = await user.waitForMessage(/Your wallet:/, { after });
  return Number(/Your wallet: ⭐\u00a0([\d,]+)/.exec(wallet.text ?? '')![1]!.replace(/,/g, ''));
}

/** /wallet -> a pack -> pay; resolves once the bot said the Stars were added. */
const buy = (user: ScriptedUser, pack: RegExp) => buyStars(user, pack, () => stack.emulator.seq());

let admin: ScriptedUser | undefined;
/** The admin's chat, opened by the first test that needs it. */
function theAdmin(): ScriptedUser {
  admin ??= stack.emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
  return admin;
}

const upstreamOrders = (prompt: string) =>
  stack.simulator.state.listOrders().filter((o) => o.prompt === prompt);

describe('top-ups', () => {
  it('a paid pack is credited once; the same payment delivered twice is still credited once', async () => {
    const user = stack.emulator.createUser({ first_name: 'Petra', language_code: 'en' });
    const { invoice, paid, credited } = await buy(user, /➕ ⭐\u00a050/);
    expect(invoice.invoice).toMatchObject({ currency: 'XTR', total_amount: 50 });
    expect(credited.text).toContain('⭐\u00a050 added to your wallet. Balance: ⭐\u00a050');
    if (!paid.ok) throw new Error('unreachable');

    const seq = stack.emulator.seq();
    stack.emulator.redeliver(paid.updateId);
    await stack.settled();
    expect(
      user.messages().filter((m) => m.sentAt > seq && /added to your wallet/.test(m.text ?? '')),
    ).toEqual([]);
    expect(await topupsBooked(paid.chargeId)).toBe(1);
    expect(await balanceOf(user)).toBe(50);
  });

  it('kill -9 after the credit, before the update is confirmed: after the restart still credited once', async () => {
    const user = stack.emulator.createUser({ first_name: 'Kilian', language_code: 'en' });
    const { paid } = await buy(user, /➕ ⭐\u00a010$/);
    if (!paid.ok) throw new Error('unreachable');
    await stack.bot.kill();
    // Telegram never heard the bot confirm the update: it delivers it again to the new process.
    stack.emulator.redeliver(paid.updateId);
    await stack.restartBot();
    await stack.settled();
    expect(await topupsBooked(paid.chargeId)).toBe(1);
    expect(await balanceOf(user)).toBe(10);
  });

  it('an invoice cannot be paid twice: the second checkout is refused with a reason', async () => {
    const user = stack.emulator.createUser({ first_name: 'Twice', language_code: 'ru' });
    await user.sendCommand('wallet');
    await user.waitForMessage(/Выберите, сколько звёзд добавить/);
    await user.pressButton(/➕ ⭐\u00a010$/);
    const invoice = await user.waitForMessage((m) => m.kind === 'invoice');
    expect((await user.payInvoice(invoice)).ok).toBe(true);
    await user.waitForMessage(/В кошелёк зачислено ⭐\u00a010/);
    expect(await user.payInvoice(invoice)).toEqual({
      ok: false,
      reason: 'declined',
      errorMessage: 'Этот счёт уже оплачен. Откройте /wallet, чтобы получить новый.',
    });
  });
});

describe('paying for orders', () => {
  it('the confirm screen shows Stars and no USD; completed: the balance is down by exactly the price', async () => {
    const user = stack.emulator.createUser({ first_name: 'Olga', language_code: 'en' });
    await buy(user, /➕ ⭐\u00a050/);
    const summary = await pricedTextImage(user, 'A red kite over the dunes');
    expect(confirmPrice(summary)).toBe(`⭐\u00a0${LUMEN_STARS}`);
    expect(summary.text).toContain(`Price: ⭐\u00a0${LUMEN_STARS}`);
    expect(summary.text).toContain('Your wallet: ⭐\u00a050');
    expect(summary.text).not.toMatch(/\$|USD/);

    await user.pressButton(/^✅ Confirm/);
    const placed = await user.waitForMessage(/Order placed|Generating/);
    expect(placed.text).toContain(`Reserved: ⭐\u00a0${LUMEN_STARS}`);
    clock.advance(60_000);
    const done = await user.waitForMessage(/Done!/, { timeoutMs: 15_000 });
    expect(done.text).toContain(`Paid: ⭐\u00a0${LUMEN_STARS}`);
    expect(done.text).not.toMatch(/\$/);
    expect(await balanceOf(user)).toBe(50 - LUMEN_STARS);
  });

  it(
    'a failing model gives the Stars back once, also across a kill -9 while the order is processing',
    async () => {
      const user = stack.emulator.createUser({ first_name: 'Fenja', language_code: 'en' });
      await buy(user, /➕ ⭐\u00a010$/);
      const prompt = 'A castle in the clouds [sim:fail]';
      await pricedTextImage(user, prompt);
      await user.pressButton(/^✅ Confirm/);
      await user.waitForMessage(/Order placed|Generating/);
      expect(upstreamOrders(prompt)).toHaveLength(1);
      expect(await balanceOf(user)).toBe(10 - LUMEN_STARS);

      await stack.bot.kill();
      // The new process may report the failure before restartBot() resolves: look from the kill on.
      const afterKill = stack.emulator.seq();
      clock.advance(60_000);
      await stack.restartBot();
      // A kill mid-poll leaves the poll claimed: the restarted bot takes it back (POLL_LEASE_WAIT_MS).
      const failed = await user.waitForMessage(/Generation failed/, {
        after: afterKill,
        timeoutMs: POLL_LEASE_WAIT_MS,
      });
      expect(failed.text).toContain(`Returned to your wallet: ⭐\u00a0${LUMEN_STARS}`);
      // Once more after another restart: the final hook already ran, nothing moves.
      await stack.restartBot();
      expect(await balanceOf(user)).toBe(10);
      const order = upstreamOrders(prompt)[0]!;
      const [releases] = await stack.database.query<{ n: number | string }>`
      select count(*) as n from wallet_entries e join orders o on o.id = e.order_id
      where o.upstream_order_id = ${order.id} and e.kind = 'release'`;
      expect(Number(releases?.n)).toBe(1);
    },
    2 * POLL_LEASE_WAIT_MS,
  );

  it('a result that cannot be delivered costs nothing: one clear message, the balance as before', async () => {
    const admin = theAdmin();
    const user = stack.emulator.createUser({ first_name: 'Uma', language_code: 'en' });
    await buy(user, /➕ ⭐\s10$/);
    // The result host serves a page, not a picture: Telegram refuses the URL, the bot will not send it.
    stack.simulator.faults.add({
      path: /^\/g\//,
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'body', contentType: 'text/html', body: '<html>login</html>' },
    });
    stack.emulator.injectError(
      'sendPhoto',
      { error_code: 400, description: 'Bad Request: wrong file identifier/HTTP URL specified' },
      1,
    );
    try {
      await pricedTextImage(user, 'A paper boat');
      await user.pressButton(/^✅ Confirm/);
      await user.waitForMessage(/Order placed|Generating/);
      expect(await balanceOf(user)).toBe(10 - LUMEN_STARS);
      const after = stack.emulator.seq();
      clock.advance(60_000);
      const told = await user.waitForMessage(/Not delivered/, { after, timeoutMs: 20_000 });
      expect(told.text).toContain(`Returned to your wallet: ⭐\u00a0${LUMEN_STARS}`);
      expect(told.text).not.toMatch(/Done!|kept until|Paid/);
      expect(await balanceOf(user)).toBe(10);
      const [order] = await stack.database.query<{ id: string }>`
        select id from orders where user_id = ${user.id}`;
      const alert = await admin.waitForMessage(/Result not delivered/, { after });
      expect(alert.text).toContain(order!.id);
    } finally {
      stack.simulator.faults.clear();
    }
    // /orders says so; while upstream keeps the files they can be sent again, and only then paid.
    await user.sendCommand('orders');
    const list = await user.waitForMessage(/Your orders/);
    expect(list.text).toMatch(/⚠️ Lumen Text to Image · not delivered/);
    await user.pressButton(/^1\. ⚠️/, { messageId: list.message_id });
    const details = await user.waitForMessage(/Order placed/);
    expect(details.text).toMatch(/Status: ⚠️ not delivered/);
    const again = stack.emulator.seq();
    await user.pressButton('📥 Send the files again', { messageId: details.message_id });
    const charged = await user.waitForMessage(/charged for this order/, {
      after: again,
      timeoutMs: 20_000,
    });
    expect(charged.text).toContain(`⭐\u00a0${LUMEN_STARS}`);
    expect(user.messages().some((m) => m.sentAt > again && m.kind === 'photo')).toBe(true);
    expect(await balanceOf(user)).toBe(10 - LUMEN_STARS);
  });

  it('not enough Stars: no upstream order; one tap tops up; one tap places exactly one order', async () => {
    const user = stack.emulator.createUser({ first_name: 'Nadia', language_code: 'en' });
    const prompt = 'A lighthouse in a storm';
    await pricedTextImage(user, prompt);
    await user.pressButton(/^✅ Confirm/);
    const short = await user.waitForMessage(/Not enough Stars/);
    expect(short.text).toContain(`this order costs ⭐\u00a0${LUMEN_STARS} and your wallet has ⭐\u00a00`);
    expect(upstreamOrders(prompt)).toHaveLength(0);

    // The smallest pack that covers the missing 5 Stars.
    await user.pressButton('➕ Add ⭐\u00a010');
    const invoice = await user.waitForMessage((m) => m.kind === 'invoice');
    expect((await user.payInvoice(invoice)).ok).toBe(true);
    const credited = await user.waitForMessage(/added to your wallet/);
    expect(credited.text).toContain('Your order is still waiting');
    await user.pressButton(`✅ Place the order · ⭐\u00a0${LUMEN_STARS}`);
    await user.waitForMessage(/Order placed|Generating/);
    await stack.settled();
    expect(upstreamOrders(prompt)).toHaveLength(1);
    expect(await balanceOf(user)).toBe(10 - LUMEN_STARS);
  });
});

describe('admins', () => {
  it('/grant gives Stars once; /refund returns an unspent top-up through Telegram, once', async () => {
    const admin = theAdmin();
    const user = stack.emulator.createUser({ first_name: 'Rita', language_code: 'en' });
    const { paid } = await buy(user, /➕ ⭐\u00a010$/);
    if (!paid.ok) throw new Error('unreachable');

    await admin.sendCommand('grant', `${user.id} 7 goodwill`);
    await admin.waitForMessage(`✅ Granted ⭐\u00a07 to user ${user.id}. Their balance: ⭐\u00a017.`);
    // First what is refundable (the 7 granted Stars never are), then the button refunds.
    await admin.sendCommand('refund', paid.chargeId);
    const preview = await admin.waitForMessage(/Paid Stars still in their wallet/);
    expect(preview.text).toContain('Paid Stars still in their wallet: ⭐\u00a010');
    await admin.pressButton('↩️ Refund ⭐\u00a010', { messageId: preview.message_id });
    await admin.waitForMessage(`✅ Refunded ⭐\u00a010 to user ${user.id}.`);
    await admin.sendCommand('refund', paid.chargeId);
    await admin.waitForMessage(/already been refunded/);
    expect(stack.emulator.starTransactions().filter((t) => t.id === paid.chargeId)).toHaveLength(2);
    expect(await balanceOf(user)).toBe(7);

    await admin.sendCommand('wallet', String(user.id));
    const card = await admin.waitForMessage(/👛 Wallet · /);
    expect(card.text).toContain('⭐\u00a07');
    await admin.sendCommand('stats');
    const stats = await admin.waitForMessage(/Statistics/);
    expect(stats.text).toMatch(/Bought: ⭐\u00a0\d+ \(refunded ⭐\u00a010\)/);
  });

  it('D17: a spent top-up is not refundable after a grant; the preview says so and offers no button', async () => {
    const admin = theAdmin();
    const user = stack.emulator.createUser({ first_name: 'Greta', language_code: 'en' });
    const { paid } = await buy(user, /➕ ⭐\s10$/);
    if (!paid.ok) throw new Error('unreachable');
    for (const prompt of ['A grey heron', 'A blue heron']) {
      await pricedTextImage(user, prompt);
      await user.pressButton(/^✅ Confirm/);
      await user.waitForMessage(/Order placed|Generating/);
    }
    await admin.sendCommand('grant', `${user.id} 10 sorry`);
    await admin.waitForMessage(/Granted ⭐\s10/);
    await admin.sendCommand('refund', paid.chargeId);
    const preview = await admin.waitForMessage(/Paid Stars still in their wallet: ⭐\s0/);
    expect(preview.text).toMatch(/can't be refunded/);
    expect(preview.buttons).toEqual([]);
    expect(stack.emulator.starTransactions().filter((t) => t.id === paid.chargeId)).toHaveLength(1);
  });

  it('a customer banned from their card (/user) cannot pay an invoice they already hold', async () => {
    const admin = theAdmin();
    const user = stack.emulator.createUser({ first_name: 'Bruno', language_code: 'en' });
    await buy(user, /➕ ⭐\u00a010$/);
    await user.sendCommand('wallet');
    await user.waitForMessage(/Choose how many Stars/);
    const after = stack.emulator.seq();
    await user.pressButton(/➕ ⭐\u00a050/);
    const invoice = await user.waitForMessage((m) => m.kind === 'invoice', { after });

    await admin.sendCommand('user', String(user.id));
    const card = await admin.waitForMessage(/👤 Bruno/);
    expect(card.text).toContain('Wallet: ⭐\u00a010');
    expect((await admin.pressButton(/Ban/, { messageId: card.message_id })).text).toBe('Banned');
    expect(await user.payInvoice(invoice)).toEqual({
      ok: false,
      reason: 'declined',
      errorMessage: "Purchases aren't available for your account.",
    });
  });

  it('a customer cannot use the admin commands', async () => {
    const user = stack.emulator.createUser({ first_name: 'Eve', language_code: 'en' });
    const { paid } = await buy(user, /➕ ⭐\u00a010$/);
    if (!paid.ok) throw new Error('unreachable');
    const after = stack.emulator.seq();
    await user.sendCommand('refund', paid.chargeId);
    await user.sendCommand('grant', `${user.id} 1000`);
    await stack.settled();
    expect(user.messages().some((m) => m.sentAt > after && /Refunded|Granted/.test(m.text ?? ''))).toBe(
      false,
    );
    expect(await balanceOf(user)).toBe(10);
  });
});
