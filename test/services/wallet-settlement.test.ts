/**
 * Who decides where held Stars go (on the engine of the run: SQLite, and PostgreSQL in the
 * `postgres` project): the delivery for a completed order (captured only when a file reached the
 * chat), the order's live submission key for everything else. Also across a restart between the
 * recorded outcome or state change and its settlement, and for the red team's interleavings H1-H3
 * (issue 22, D14 and D15) with two ordering services on one database.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { submissionBookings } from '../../src/app/services.js';
import type { DeliveryOutcome } from '../../src/db/index.js';
import { OrderingService, type OrderPipelineHooks } from '../../src/services/ordering.js';
import { type Harness, STARS_BILLING, silentLogger, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const USER = 3001;
const BILLING = STARS_BILLING;

async function start(balance?: string) {
  h = await startHarness({ billing: BILLING, ...(balance && { balance }) });
  const wallet = h.wallet!;
  const { payload } = await wallet.createTopup(USER, USER, 50, null);
  await wallet.creditPayment({ chargeId: `ch-${Math.random()}`, userId: USER, stars: 50, payload });
  return { t: h, wallet };
}

/** Another process on the same database: its own store and services, built as production builds them. */
async function process2(t: Harness, hooksBefore?: OrderPipelineHooks) {
  const services = await t.process(hooksBefore ? { hooksBefore } : {});
  return { ...services, wallet: services.wallet! };
}

/** Lumen Text to Image: 0.04 USD -> 5 Stars. */
function draft(t: Harness, prompt = 'a lighthouse at dawn') {
  return t.ordering.prepare({
    chatId: USER,
    userId: USER,
    locale: 'en',
    modelId: 203,
    request: { model_id: 203, prompt },
  });
}

async function ordered(t: Harness, prompt?: string) {
  const d = await draft(t, prompt);
  expect((await t.ordering.confirm(d.id, USER)).kind).toBe('ordered');
  return d.id;
}

async function complete(t: Harness, orderId: string, ordering = t.ordering) {
  const row = (await t.ordering.orders.find(orderId))!;
  t.clock.advance(30_000);
  return ordering.recordUpstreamState(orderId, await t.client.getOrder(row.upstreamOrderId!));
}

/** The delivery worker's record; `report` false: the process dies before telling the pipeline. */
async function delivered(t: Harness, orderId: string, outcome: DeliveryOutcome, report = true) {
  expect(await t.ordering.orders.markDelivered(orderId, outcome)).toBe(true);
  if (report) await t.ordering.deliveryRecorded(orderId);
}

describe('issue 21 §4: the delivery decides capture or release', () => {
  it('a file reached the chat: captured once, however often the outcome is reported', async () => {
    const { t, wallet } = await start();
    const id = await ordered(t);
    await complete(t, id);
    expect(await wallet.ledger.totals()).toMatchObject({ heldStars: 5, capturedStars: 0 });
    await delivered(t, id, 'sent');
    await t.ordering.deliveryRecorded(id);
    expect(await wallet.sweep()).toBe(0);
    expect(await wallet.settlementsOf(id)).toEqual({ captured: 5, released: 0 });
    expect(await wallet.balance(USER)).toBe(45);
  });

  it('nothing reached the chat: released exactly once, the balance exactly as before the order', async () => {
    const { t, wallet } = await start();
    const id = await ordered(t);
    await complete(t, id);
    await delivered(t, id, 'none');
    await t.ordering.deliveryRecorded(id);
    await wallet.sweep();
    expect(await wallet.settlementsOf(id)).toEqual({ captured: 0, released: 5 });
    expect(await wallet.balance(USER)).toBe(50);
  });

  it('a restart between the failed delivery and the release: the start-up sweep releases, once', async () => {
    const { t, wallet } = await start();
    const id = await ordered(t);
    await complete(t, id);
    await delivered(t, id, 'none', false);
    expect(await wallet.balance(USER)).toBe(45);
    const after = await process2(t);
    expect(await after.wallet.sweep()).toBe(1);
    expect(await after.wallet.sweep()).toBe(0);
    expect(await wallet.settlementsOf(id)).toEqual({ captured: 0, released: 5 });
    expect(await wallet.balance(USER)).toBe(50);
  });

  it('a restart between a delivered file and the capture: the start-up sweep captures, once', async () => {
    const { t, wallet } = await start();
    const id = await ordered(t);
    await complete(t, id);
    await delivered(t, id, 'sent', false);
    const after = await process2(t);
    expect(await after.wallet.sweep()).toBe(1);
    expect(await after.wallet.sweep()).toBe(0);
    expect(await wallet.settlementsOf(id)).toEqual({ captured: 5, released: 0 });
    expect(await wallet.balance(USER)).toBe(45);
  });

  it('completed but not delivered yet: the sweep leaves the hold alone', async () => {
    const { t, wallet } = await start();
    const id = await ordered(t);
    await complete(t, id);
    expect(await wallet.sweep()).toBe(0);
    expect((await wallet.ledger.totals()).heldStars).toBe(5);
  });

  it('"Send the files again" reaches the chat after a release: charged then, once (also after a crash)', async () => {
    const { t, wallet } = await start();
    const id = await ordered(t);
    await complete(t, id);
    await delivered(t, id, 'none');
    expect(await wallet.balance(USER)).toBe(50);
    expect(await t.ordering.recordResent(id)).toBe(true);
    expect(await t.ordering.recordResent(id)).toBe(false);
    await wallet.sweep();
    expect(await wallet.balance(USER)).toBe(45);
    expect(await wallet.settlementsOf(id)).toEqual({ captured: 5, released: 5 });
    const [charges] = await t.database.query<{ n: number | string }>`
      select count(*) as n from wallet_entries where kind = 'charge' and order_id = ${id}`;
    expect(Number(charges?.n)).toBe(1);

    // The crash case: the resend is recorded, the process dies before the charge; the sweep books it.
    const other = await ordered(t, 'a second lighthouse');
    await complete(t, other);
    await delivered(t, other, 'none');
    expect(await t.ordering.orders.markResent(other)).toBe(true);
    expect(await wallet.balance(USER)).toBe(45);
    expect(await (await process2(t)).wallet.sweep()).toBe(1);
    expect(await wallet.sweep()).toBe(0);
    expect(await wallet.balance(USER)).toBe(40);
  });

  it('failed upstream: released in the transaction that records the final state', async () => {
    const { t, wallet } = await start();
    const id = await ordered(t, 'a broken dream [sim:fail]');
    const done = await complete(t, id);
    expect(done.order.status).toBe('failed');
    expect(await wallet.settlementsOf(id)).toEqual({ captured: 0, released: 5 });
  });
});

describe('issue 22 D14/D15: a hold belongs to one submission key', () => {
  it('H1 (D14): the release after a reopen never frees the new hold another process took meanwhile', async () => {
    const { t, wallet } = await start('0.01');
    const d = await draft(t);
    // Process A's post-refusal hooks wait until process B has confirmed the reopened draft.
    let resume!: () => void;
    const paused = new Promise<void>((r) => {
      resume = r;
    });
    let reached!: () => void;
    const atPause = new Promise<void>((r) => {
      reached = r;
    });
    const a = await process2(t, {
      onNotOrdered: async () => {
        reached();
        await paused;
      },
    });
    const b = await process2(t);
    const refused = a.ordering.confirm(d.id, USER);
    await atPause;
    t.sim.state.setBalance('sim-key', '10.00');
    expect((await b.ordering.confirm(d.id, USER)).kind).toBe('ordered');
    resume();
    expect((await refused).kind).toBe('rejected');

    await complete(t, d.id, b.ordering);
    await delivered(t, d.id, 'sent');
    await wallet.sweep();
    // Exactly the price, captured from the hold of the key that produced the upstream order.
    expect(await wallet.settlementsOf(d.id)).toEqual({ captured: 5, released: 5 });
    expect(await wallet.balance(USER)).toBe(45);
    expect((await wallet.ledger.totals()).heldStars).toBe(0);
  });

  it('H2 (D15): a release that never happened is done by the sweep, and never captured with the next hold', async () => {
    const { t, wallet } = await start('0.01');
    const d = await draft(t);
    // An older process: no release in the reopen's transaction, and its release hook dies.
    const { settle: _none, ...holdsOnly } = submissionBookings({ wallet });
    const old = new OrderingService({
      orders: t.store.orders,
      client: t.client,
      catalog: t.catalog,
      logger: silentLogger,
      now: () => t.clock.now(),
      hooks: {
        onNotOrdered: async () => {
          throw new Error('killed before the release');
        },
      },
      ...holdsOnly,
    });
    expect((await old.confirm(d.id, USER)).kind).toBe('rejected');
    expect(await wallet.balance(USER)).toBe(45);

    // The customer confirms again; the order completes and is delivered: 5 Stars, not 10.
    t.sim.state.setBalance('sim-key', '10.00');
    expect((await t.ordering.confirm(d.id, USER)).kind).toBe('ordered');
    expect(await wallet.balance(USER)).toBe(40);
    await complete(t, d.id);
    await delivered(t, d.id, 'sent');
    expect(await wallet.settlementsOf(d.id)).toEqual({ captured: 5, released: 5 });
    expect(await wallet.balance(USER)).toBe(45);

    // Without a new confirmation, the start-up sweep alone gives the Stars back.
    const e = await draft(t, 'another');
    t.sim.state.setBalance('sim-key', '0.01');
    expect((await old.confirm(e.id, USER)).kind).toBe('rejected');
    expect(await wallet.balance(USER)).toBe(40);
    expect(await (await process2(t)).wallet.sweep()).toBe(1);
    expect(await wallet.balance(USER)).toBe(45);
  });

  it('H3: a kill between the state change and its settlement books nothing: they commit together', async () => {
    const { t, wallet } = await start('0.01');
    const d = await draft(t);
    const dying = await process2(t);
    // The settlement inside the reopen's transaction dies: the reopen rolls back with it.
    const crashing = new OrderingService({
      orders: dying.orders,
      client: dying.client,
      catalog: dying.catalog,
      logger: silentLogger,
      now: () => t.clock.now(),
      hooks: dying.wallet.hooks,
      ...submissionBookings({ wallet: dying.wallet }),
      settle: async () => {
        throw new Error('killed mid-transaction');
      },
    });
    await expect(crashing.confirm(d.id, USER)).rejects.toThrow('killed mid-transaction');
    const row = (await t.ordering.orders.find(d.id))!;
    expect(row).toMatchObject({ stage: 'submitting', idempotencyKey: d.idempotencyKey });
    // Still the live submission: held, and the sweep leaves it alone.
    expect(await wallet.sweep()).toBe(0);
    expect(await wallet.balance(USER)).toBe(45);

    // After the restart the same key is sent again; upstream refuses again; reopen and release commit.
    const restarted = await t.restart();
    const [resumed] = await restarted.resumeSubmissions();
    expect(resumed?.outcome.kind).toBe('rejected');
    expect(await wallet.balance(USER)).toBe(50);
    expect(await wallet.settlementsOf(d.id)).toEqual({ captured: 0, released: 5 });
  });

  it('a final state recorded without its settlement (kill after the commit of an older version): the sweep releases', async () => {
    const { t, wallet } = await start();
    const id = await ordered(t, 'a broken dream [sim:fail]');
    const row = (await t.ordering.orders.find(id))!;
    t.clock.advance(30_000);
    await t.ordering.orders.updateFromUpstream(id, await t.client.getOrder(row.upstreamOrderId!));
    expect(await wallet.balance(USER)).toBe(45);
    expect(await (await process2(t)).wallet.sweep()).toBe(1);
    expect(await wallet.balance(USER)).toBe(50);
  });
});
