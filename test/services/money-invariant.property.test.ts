/**
 * Issue 38: the money invariant ("The money" in docs/architecture.md), over random interleavings of
 * top-ups (some delivered twice), plan payments and renewals (two plans at once, a plan repriced at a
 * restart), referral joins and the referees' spending, promo codes, admin grants, orders held then
 * captured or released (a crash may skip the settlement: the sweep at the next restart does it),
 * admin refunds (Telegram accepting or refusing), Telegram's own refunds (also delivered twice),
 * time passing and restarts (new services on a new store over the same database).
 *
 * For every account A, from an oracle that sees only what happened outside the ledger (what Telegram
 * charged and refunded, what admins and codes gave, what referees spent):
 *   spent(A) + held(A) + balance(A) <= kept(A) + given(A) + earned(A)
 * and every wallet's balance and pools equal its ledger replayed, and no ledger key is booked twice.
 *
 * The services are built as app/services.ts builds them (the same constructors: createServices
 * reaches the upstream over HTTP) against an in-process upstream, so a run costs only the store.
 * MONEY_PROPERTY_RUNS sets the number of runs: by default 1,000 on SQLite and 100 on PostgreSQL
 * (the `postgres` project). On a 2-core machine at load 11, 1,000 runs took 126 s on SQLite (30 s of
 * CPU; the wallet interleavings' 1,000 took 107 s beside it) and 100 runs 17 to 29 s on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { starsWallet } from '../../src/app/services.js';
import type { StarsBilling } from '../../src/config.js';
import type { Store } from '../../src/db/index.js';
import type { SubscriptionPlan } from '../../src/domain/subscription.js';
import { replayWallet } from '../../src/domain/subscription-ledger.js';
import type { CreateOrderRequest, Model, Order } from '../../src/reseller/schemas.js';
import { OrderingService } from '../../src/services/ordering.js';
import { PromoCodes } from '../../src/services/promo-codes.js';
import { ReferralProgram } from '../../src/services/referrals.js';
import { SubscriptionsService } from '../../src/services/subscriptions.js';
import type { StarRefundCall } from '../../src/services/wallet/star-refunds.js';
import { WalletAdmin } from '../../src/services/wallet/wallet-admin.js';
import { createTestDatabase, defaultEngine, type TestDatabase } from '../support/databases.js';

const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? (defaultEngine() === 'postgres' ? 100 : 1000));
/**
 * Referral rewards only on spending the referee kept. Off by default until a refund of spent Stars
 * takes back the rewards they earned (the known gap pinned by the last test below): until then a
 * reward may rest on a top-up Telegram gave back.
 */
const logger = pino({ level: 'silent' });
const DAY_MS = 86_400_000;
const PERIOD_SECONDS = 30 * 86_400;
const ADMIN = 9;
const WELCOME = 3;
const REFERRAL = { bonusStars: 2, percent: 20, days: 90, dailyCapStars: 12 };
const BILLING: StarsBilling = {
  mode: 'stars',
  starsPerUsd: '100',
  payoutUsdPerStar: '0.013',
  markupPercent: '0',
  minPriceStars: 1,
  overrides: new Map(),
  welcomeStars: WELCOME,
  topupPacks: [10],
  referral: REFERRAL,
};
/** `pro` is repriced at a restart (and back at the next): a link keeps the terms it was first paid on. */
const PLANS: Record<'list' | 'repriced', SubscriptionPlan[]> = {
  list: [
    { id: 'pro', priceStars: 10, allowanceStars: 15 },
    { id: 'max', priceStars: 20, allowanceStars: 35 },
  ],
  repriced: [
    { id: 'pro', priceStars: 14, allowanceStars: 18 },
    { id: 'max', priceStars: 20, allowanceStars: 35 },
  ],
};
/** 0.04 and 0.09 USD at 100 Stars per USD: orders of 4 and 9 Stars. */
const MODELS = [0.04, 0.09].map(
  (usd, i) =>
    ({
      id: i + 1,
      name: `m${i}`,
      type: 'image',
      price_usd: String(usd),
      options_schema: [],
    }) as unknown as Model,
);

/** The upstream: takes every order (idempotent per key); its final state is the test's to choose. */
function scriptedUpstream() {
  const byKey = new Map<string, Order>();
  let seq = 0;
  return {
    byKey,
    client: {
      quote: async () => {
        throw new Error('no quotes here');
      },
      waitForUploadReady: async (): Promise<never> => {
        throw new Error('no uploads here');
      },
      createOrder: async (body: CreateOrderRequest, key: string): Promise<Order> => {
        const known = byKey.get(key);
        if (known) return known;
        const order: Order = {
          id: `up_${++seq}`,
          model_id: body.model_id,
          status: 'queued',
          cost_usd: MODELS.find((m) => m.id === body.model_id)!.price_usd,
          result: [],
          expires_at: null,
          error: null,
        };
        byKey.set(key, order);
        return order;
      },
    },
  };
}

/** One process's services on its own store, wired as app/services.ts wires them. */
function servicesOn(store: Store, plans: SubscriptionPlan[], upstream: ReturnType<typeof scriptedUpstream>) {
  const referrals = new ReferralProgram({
    referrals: store.referrals,
    campaigns: store.campaigns,
    rules: BILLING.referral,
    logger,
  });
  const wallet = starsWallet({ store, billing: BILLING, referrals, logger });
  const ordering = new OrderingService({
    orders: store.orders,
    client: upstream.client,
    catalog: { getModel: async (id: number) => MODELS.find((m) => m.id === id) },
    logger,
    hooks: wallet.hooks,
    starPrice: (modelId: number, usd: string) => wallet.pricing.starsFor(modelId, usd),
    submissionHold: (tx, order) => wallet.holdForSubmission(tx, order),
    settle: (tx, orderId) => wallet.settle(orderId, tx),
  });
  return {
    store,
    referrals,
    wallet,
    ordering,
    walletAdmin: new WalletAdmin({ wallet, users: store.users, audit: store.audit, logger }),
    promo: new PromoCodes({ codes: store.promoCodes, wallet, audit: store.audit, logger }),
    subscriptions: new SubscriptionsService({
      store: store.subscriptions,
      ledger: store.wallet,
      plans,
      periodSeconds: PERIOD_SECONDS,
      logger,
    }),
  };
}
type Services = ReturnType<typeof servicesOn>;

const USERS = 3;
/** Most commands are the referee's (user 1, referred by user 0 in most runs), so chains form. */
const user = fc.constantFrom(0, 1, 1, 1, 2);
/** Counted from the newest: most picks name something the run just made. */
const pick = fc.nat(3);
type Outcome = 'sent' | 'none' | 'failed';
const outcome = fc.constantFrom<Outcome>('sent', 'sent', 'none', 'failed');
/** A crash after the delivery was recorded: the settlement waits for the sweep of the next restart. */
const crash = fc.constantFrom(false, false, false, true);
type Command =
  | { kind: 'join'; user: number; referrer: number }
  | { kind: 'topup'; user: number; stars: number; twice: boolean }
  | { kind: 'subscribe'; user: number; plan: 'pro' | 'max'; twice: boolean }
  | { kind: 'renew'; link: number; twice: boolean }
  | { kind: 'grant'; user: number; stars: number; twice: boolean }
  | { kind: 'promo_new'; stars: number; uses: number }
  | { kind: 'redeem'; user: number; code: number }
  /** Confirmed, then (unless `open`) finished at once: a result sent, none sent, or failed. */
  | { kind: 'order'; user: number; model: number; ending: Outcome | 'open'; crash: boolean }
  | { kind: 'finish'; order: number; outcome: Outcome; crash: boolean }
  | { kind: 'admin_refund'; payment: number; telegramOk: boolean }
  | { kind: 'telegram_refund'; payment: number }
  | { kind: 'time'; days: number; job: boolean }
  | { kind: 'restart'; reprice: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('join' as const), user, referrer: user }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('topup' as const),
      user,
      stars: fc.constantFrom(5, 10, 30),
      twice: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      user,
      plan: fc.constantFrom('pro' as const, 'max' as const),
      twice: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('renew' as const), link: pick, twice: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('grant' as const),
      user,
      stars: fc.integer({ min: 1, max: 12 }),
      twice: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('promo_new' as const),
      stars: fc.integer({ min: 1, max: 10 }),
      uses: fc.integer({ min: 1, max: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('redeem' as const), user, code: pick }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      user,
      model: fc.nat(1),
      ending: fc.constantFrom<Outcome | 'open'>('sent', 'sent', 'sent', 'none', 'failed', 'open'),
      crash,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('finish' as const), order: pick, outcome, crash }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('admin_refund' as const),
      payment: pick,
      telegramOk: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('telegram_refund' as const), payment: pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      days: fc.integer({ min: 1, max: 40 }),
      job: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), reprice: fc.boolean() }) },
);

/** What happened outside the ledger: the oracle's only source. */
interface World {
  ids: number[];
  known: Set<number>;
  referrerOf: Map<number, number>;
  payments: Array<{
    chargeId: string;
    userId: number;
    stars: number;
    /** A top-up keeps its Stars; a period its allowance, on the terms its link was first paid on. */
    gives: number;
    period: boolean;
    /** Telegram gave the Stars back: on its own, or at an admin's refund. */
    refunded: 'telegram' | 'admin' | null;
  }>;
  links: Array<{ userId: number; payload: string; price: number; allowance: number }>;
  given: Map<number, number>;
  codes: Array<{ code: string; stars: number; uses: number; by: Set<number> }>;
  orders: string[];
}

describe('the money invariant', () => {
  let database: TestDatabase;
  let now = Date.UTC(2026, 0, 1);
  let run = 0;
  let updateId = 1;
  let repriced = false;
  const upstream = scriptedUpstream();
  let svc: Services;

  beforeAll(async () => {
    database = await createTestDatabase();
    svc = servicesOn(await database.open(() => now), PLANS.list, upstream);
  });
  afterAll(async () => {
    await svc.store.close();
    await database.drop();
  });

  async function known(world: World, id: number): Promise<void> {
    if (world.known.has(id)) return;
    await svc.store.users.touch({ id, firstName: 'u', updateId: updateId++ }, false);
    world.known.add(id);
  }

  const add = (m: Map<number, number>, k: number, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  const newest = <T>(list: readonly T[], n: number): T => list[list.length - 1 - (n % list.length)]!;

  /** Upstream ends the order; a completed one is delivered (a file reached the chat, or none did). */
  async function finish(orderId: string, how: Outcome, crash: boolean): Promise<void> {
    const row = (await svc.store.orders.find(orderId))!;
    if (row.stage !== 'submitted' || row.finishedAt) return;
    const sent = upstream.byKey.get(row.idempotencyKey)!;
    if (how === 'failed') {
      await svc.ordering.recordUpstreamState(row.id, { ...sent, status: 'failed' });
      return;
    }
    await svc.ordering.recordUpstreamState(row.id, {
      ...sent,
      status: 'completed',
      result: ['https://r.test/1'],
    });
    expect(await svc.store.orders.markDelivered(row.id, how)).toBe(true);
    // A crash right after the delivery was recorded: the wallet hears at the next sweep.
    if (!crash) await svc.ordering.deliveryRecorded(row.id);
  }

  async function step(c: Command, w: World): Promise<void> {
    switch (c.kind) {
      case 'join': {
        const [id, referrer] = [w.ids[c.user]!, w.ids[c.referrer]!];
        await known(w, referrer);
        const code = (await svc.referrals.codeOf(referrer))!;
        const fresh = !w.known.has(id);
        const update = updateId++;
        if (fresh) {
          await svc.store.users.touch({ id, firstName: 'u', updateId: update }, false);
          w.known.add(id);
        }
        const out = await svc.referrals.attributeStart({ id, updateId: update }, { kind: 'referral', code });
        // First touch only, never oneself.
        expect(out?.attached).toBe(fresh && id !== referrer);
        if (out?.attached) w.referrerOf.set(id, referrer);
        return;
      }
      case 'topup': {
        const id = w.ids[c.user]!;
        await known(w, id);
        const { payload } = await svc.wallet.createTopup(id, id, c.stars, null);
        expect(
          await svc.wallet.checkCheckout({ payload, userId: id, currency: 'XTR', totalAmount: c.stars }),
        ).toEqual({ ok: true });
        const chargeId = `tg_${randomUUID()}`;
        const pay = { chargeId, userId: id, stars: c.stars, payload };
        w.payments.push({
          chargeId,
          userId: id,
          stars: c.stars,
          gives: c.stars,
          period: false,
          refunded: null,
        });
        expect((await svc.wallet.creditPayment(pay)).credited).toBe(true);
        if (c.twice) expect((await svc.wallet.creditPayment(pay)).credited).toBe(false);
        return;
      }
      case 'subscribe': {
        // Telegram may charge two plan links of one customer (no checkout in between): both count.
        const id = w.ids[c.user]!;
        await known(w, id);
        const invoice = svc.subscriptions.invoice(id, c.plan)!;
        const chargeId = `tg_${randomUUID()}`;
        const { priceStars: price, allowanceStars: allowance } = invoice.plan;
        w.links.push({ userId: id, payload: invoice.payload, price, allowance });
        w.payments.push({
          chargeId,
          userId: id,
          stars: price,
          gives: allowance,
          period: true,
          refunded: null,
        });
        const pay = { chargeId, userId: id, stars: price, payload: invoice.payload, expiresAt: undefined };
        expect((await svc.subscriptions.recordPayment({ ...pay, first: true })).credited).toBe(true);
        if (c.twice)
          expect((await svc.subscriptions.recordPayment({ ...pay, first: true })).credited).toBe(false);
        return;
      }
      case 'renew': {
        if (w.links.length === 0) return;
        const link = newest(w.links, c.link);
        const chargeId = `tg_${randomUUID()}`;
        // Telegram renews at the link's price: the terms of its first payment, repriced plan or not.
        w.payments.push({
          chargeId,
          userId: link.userId,
          stars: link.price,
          gives: link.allowance,
          period: true,
          refunded: null,
        });
        const pay = {
          chargeId,
          userId: link.userId,
          stars: link.price,
          payload: link.payload,
          expiresAt: undefined,
          first: false,
        };
        const notice = await svc.subscriptions.recordPayment(pay);
        expect(notice).toMatchObject({ credited: true, allowance: link.allowance });
        if (c.twice) expect((await svc.subscriptions.recordPayment(pay)).credited).toBe(false);
        return;
      }
      case 'grant': {
        const id = w.ids[c.user]!;
        await known(w, id);
        const grant = {
          userId: id,
          stars: c.stars,
          adminId: ADMIN,
          reason: null,
          key: `cmd:${randomUUID()}`,
        };
        expect((await svc.walletAdmin.grant(grant)).kind).toBe('granted');
        add(w.given, id, c.stars);
        if (c.twice) expect((await svc.walletAdmin.grant(grant)).kind).toBe('repeat');
        return;
      }
      case 'promo_new': {
        const code = `R${run}C${w.codes.length}`;
        const made = await svc.promo.create(ADMIN, { code, stars: c.stars, uses: c.uses, days: null });
        expect(made.created).toBe(true);
        w.codes.push({ code, stars: c.stars, uses: c.uses, by: new Set() });
        return;
      }
      case 'redeem': {
        if (w.codes.length === 0) return;
        const id = w.ids[c.user]!;
        await known(w, id);
        const code = newest(w.codes, c.code);
        const out = await svc.promo.redeem(id, code.code.toLowerCase());
        const expected = code.by.has(id) ? 'already' : code.by.size >= code.uses ? 'used_up' : 'redeemed';
        expect(out.kind).toBe(expected);
        if (out.kind === 'redeemed') {
          code.by.add(id);
          add(w.given, id, code.stars);
        }
        return;
      }
      case 'order': {
        const id = w.ids[c.user]!;
        await known(w, id);
        const model = MODELS[c.model]!;
        const row = await svc.ordering.prepare({
          chatId: id,
          userId: id,
          locale: 'en',
          modelId: model.id,
          request: { model_id: model.id, prompt: 'p' },
        });
        const out = await svc.ordering.confirm(row.id, id);
        // Not enough Stars: refused (InsufficientStarsError), nothing held.
        expect(['ordered', 'refused']).toContain(out.kind);
        if (out.kind !== 'ordered') return;
        w.orders.push(row.id);
        if (c.ending !== 'open') await finish(row.id, c.ending, c.crash);
        return;
      }
      case 'finish':
        if (w.orders.length > 0) await finish(newest(w.orders, c.order), c.outcome, c.crash);
        return;
      case 'admin_refund': {
        if (w.payments.length === 0) return;
        const p = newest(w.payments, c.payment);
        const telegram = async (): Promise<StarRefundCall> => {
          if (p.refunded) return { kind: 'already_refunded' };
          if (!c.telegramOk) return { kind: 'failed', description: 'Bad Request: try later' };
          p.refunded = 'admin';
          return { kind: 'refunded' };
        };
        if (p.period) await svc.subscriptions.refund(p.chargeId, telegram);
        else await svc.walletAdmin.refund(p.chargeId, ADMIN, telegram);
        return;
      }
      case 'telegram_refund': {
        if (w.payments.length === 0) return;
        const p = newest(w.payments, c.payment);
        p.refunded ??= 'telegram';
        // bot/features/payments.ts, refunded_payment: a period's payment first, else a top-up's.
        // Telegram may send it again, or after an admin's refund: it books nothing more then.
        if (await svc.subscriptions.telegramRefund(p.chargeId)) return;
        await svc.wallet.telegramRefund({ chargeId: p.chargeId, userId: p.userId, stars: p.stars });
        return;
      }
      case 'time':
        now += c.days * DAY_MS;
        if (c.job) await svc.subscriptions.endLapsed(async () => undefined);
        return;
      case 'restart': {
        await svc.store.close();
        if (c.reprice) repriced = !repriced;
        const plans = repriced ? PLANS.repriced : PLANS.list;
        svc = servicesOn(await database.open(() => now), plans, upstream);
        // Start-up: the sweep settles what a crash left.
        await svc.wallet.sweep();
        return;
      }
    }
  }

  async function check(w: World): Promise<void> {
    const { walletEntries } = svc.store.engine.tables;
    const rows = await svc.store.engine.run((db) =>
      db.select().from(walletEntries).where(svc.store.scope.where(walletEntries)).orderBy(walletEntries.id),
    );
    const entries = rows.map((r) => ({
      userId: r.userId,
      kind: r.kind,
      key: r.key,
      stars: r.stars,
      delta: r.delta,
      chargeId: r.chargeId,
    }));
    const keys = new Set(entries.map((e) => e.key));
    expect(keys.size, 'a ledger key booked twice').toBe(entries.length);
    const of = (id: number) => entries.filter((e) => e.userId === id);
    const sum = (id: number, kinds: string[]) =>
      of(id)
        .filter((e) => kinds.includes(e.kind))
        .reduce((s, e) => s + e.stars, 0);
    const kept = (id: number) =>
      w.payments.filter((p) => p.userId === id && !p.refunded).reduce((s, p) => s + p.gives, 0);
    // Every delivered Star of a referee may earn its referrer the rule's share, plus the bonus once,
    // but only on top-ups the referee kept (an admin refunds only unspent Stars; a top-up Telegram
    // gave back earns nothing: its rewards are taken back).
    const rewardable = (id: number) =>
      w.payments
        .filter((p) => p.userId === id && !p.period)
        .filter((p) => !p.refunded)
        .reduce((s, p) => s + p.stars, 0);
    const earnable = (referee: number) => {
      const basis = Math.min(sum(referee, ['capture', 'charge']), rewardable(referee));
      return basis > 0 ? REFERRAL.bonusStars + Math.floor((basis * REFERRAL.percent) / 100) : 0;
    };
    for (const id of w.ids) {
      const mine = of(id);
      const balance = mine.reduce((s, e) => s + e.delta, 0);
      // Every wallet's balance and pools are its ledger replayed.
      expect(await svc.store.wallet.balance(id)).toBe(balance);
      const pools = replayWallet(mine);
      const stored = await svc.store.wallet.pools(id);
      expect({ paid: stored.paid, granted: stored.granted, allowance: stored.allowance }).toEqual({
        paid: pools.paid,
        granted: pools.granted,
        allowance: pools.allowance,
      });
      const held = mine
        .filter((e) => e.kind === 'hold' && !keys.has(`settle:${e.key}`))
        .reduce((s, e) => s + e.stars, 0);
      const allowanceLeft = pools.allowance.reduce((s, p) => s + p.left, 0);
      expect(pools.paid + pools.granted + allowanceLeft, 'pools add up to the balance').toBe(balance);
      expect(pools.granted).toBeGreaterThanOrEqual(0);
      for (const p of pools.allowance) expect(p.left).toBeGreaterThanOrEqual(0);

      // The invariant: what the account spent on delivered results, holds and still has (a debt
      // counts against it) never exceeds what it paid and kept, was given, and earned.
      const spent = sum(id, ['capture', 'charge']);
      const given = (w.given.get(id) ?? 0) + (mine.some((e) => e.kind === 'welcome') ? WELCOME : 0);
      const earned = [...w.referrerOf].filter(([, r]) => r === id).reduce((s, [b]) => s + earnable(b), 0);
      const rewards = mine.filter((e) => e.kind === 'referral').reduce((s, e) => s + e.delta, 0);
      const why = JSON.stringify({ id, spent, held, balance, kept: kept(id), given, earned, rewards, mine });
      expect(rewards, why).toBeLessThanOrEqual(earned);
      expect(spent + held + balance, why).toBeLessThanOrEqual(kept(id) + given + earned);
    }
  }

  /** Plays `commands` from a clean ledger, for customers of this run's own. */
  async function play(commands: readonly Command[]): Promise<World> {
    run += 1;
    await svc.store.engine.transaction(async ({ db }) => {
      const t = svc.store.engine.tables;
      for (const table of [
        t.walletEntries,
        t.starTopups,
        t.subscriptionPeriods,
        t.subscriptions,
        t.subscriptionCheckouts,
        t.orders,
      ]) {
        // This store's bot's rows (the engine refuses a statement on a bot's table that names none).
        await db.delete(table).where(svc.store.scope.where(table));
      }
    });
    upstream.byKey.clear();
    const world: World = {
      // Users and codes of earlier runs stay behind, unused.
      ids: Array.from({ length: USERS }, (_, i) => 1000 + run * USERS + i),
      known: new Set(),
      referrerOf: new Map(),
      payments: [],
      links: [],
      given: new Map(),
      codes: [],
      orders: [],
    };
    for (const c of commands) await step(c, world);
    return world;
  }

  /** A referee's top-up spent on a delivered result (their referrer rewarded), then refunded by Telegram. */
  const REFUNDED_AFTER_REWARD: Command[] = [
    { kind: 'join', user: 1, referrer: 0 },
    { kind: 'topup', user: 1, stars: 10, twice: false },
    { kind: 'order', user: 1, model: 1, ending: 'sent', crash: false },
    { kind: 'telegram_refund', payment: 0 },
  ];

  /**
   * CI's counterexample (stop 50): Telegram refunds the referee's top-up while an order's hold is open,
   * and the capture comes after (a crash left it to the sweep): the held paid Stars earned a reward.
   */
  const REFUNDED_WHILE_HELD: Command[] = [
    { kind: 'join', user: 1, referrer: 0 },
    { kind: 'topup', user: 1, stars: 30, twice: false },
    { kind: 'order', user: 1, model: 0, ending: 'sent', crash: true },
    { kind: 'telegram_refund', payment: 0 },
    { kind: 'restart', reprice: false },
  ];

  it(
    `holds for every interleaving (${RUNS} runs)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          fc.constantFrom(true, true, true, false),
          fc.array(command, { minLength: 2, maxLength: 6 }),
          async (referred, funded, commands) => {
            // Most runs start with the referee joining through user 0's link and paying: chains form.
            const prelude: Command[] = [
              ...(referred ? [{ kind: 'join' as const, user: 1, referrer: 0 }] : []),
              ...(funded ? [{ kind: 'topup' as const, user: 1, stars: 30, twice: false }] : []),
            ];
            await check(await play([...prelude, ...commands]));
          },
        ),
        {
          numRuns: RUNS,
          examples: [
            [false, false, REFUNDED_AFTER_REWARD],
            [false, false, REFUNDED_WHILE_HELD],
          ],
        },
      );
    },
    Math.max(600_000, RUNS * 2_000),
  );

  // Telegram's refund of a top-up whose Stars were spent books the spent part against the referee
  // and takes back from their referrer the reward that spending earned (referral_clawback).
  it('takes back the referral reward a refunded top-up earned', async () => {
    await check(await play(REFUNDED_AFTER_REWARD));
  });

  it('rewards nothing on held Stars whose top-up Telegram refunded before the capture', async () => {
    const world = await play(REFUNDED_WHILE_HELD);
    await check(world);
    const referrer = world.ids[0]!;
    expect(await svc.store.wallet.balance(referrer)).toBe(0);
  });
});
