/**
 * Issue 22 (D14, D15): random interleavings of confirm (also two processes at once), resubmission,
 * upstream refusals and lost answers, cancel, completion, delivery, resend and crash points, run by
 * two ordering services (two stores, as two processes) on one database, then the start-up sweep.
 * Whatever happened:
 * - a completed order whose file reached the chat spent exactly its price; any other order nothing;
 * - nothing stays held for an order that is not in flight, and an order in flight holds its price
 *   once, for its live key;
 * - the ledger sums to the balance a plain model expects.
 * On the run's engine (SQLite; PostgreSQL in the `postgres` project). The upstream is an in-process
 * script, so a run costs only the store: about 25 ms on SQLite, but about 0.5 s on PostgreSQL on a
 * busy 2-core machine. WALLET_PROPERTY_RUNS sets the number of runs: by default 1,000 on SQLite (under
 * 30 s) and 100 on PostgreSQL (under a minute); WALLET_PROPERTY_RUNS=1000 runs the full 1,000 there
 * (it passed in 10 to 13 minutes on a shared, loaded 2-core machine: too long for every CI run).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionBookings } from '../../src/app/services.js';
import type { StarsBilling } from '../../src/config.js';
import type { Store } from '../../src/db/index.js';
import { ResellerError } from '../../src/reseller/errors.js';
import type { CreateOrderRequest, Model, Order } from '../../src/reseller/schemas.js';
import { OrderingService } from '../../src/services/ordering.js';
import { WalletService } from '../../src/services/wallet/wallet.js';
import { createTestDatabase, defaultEngine, type TestDatabase } from '../support/databases.js';
import { silentLogger } from './harness.js';

const RUNS = Number(process.env.WALLET_PROPERTY_RUNS ?? (defaultEngine() === 'postgres' ? 100 : 1000));
const USER = 77;
const FUNDS = 20;
const BILLING: StarsBilling = {
  mode: 'stars',
  starsPerUsd: '100',
  payoutUsdPerStar: '0.013',
  markupPercent: '0',
  minPriceStars: 1,
  overrides: new Map(),
  welcomeStars: 0,
  topupPacks: [50],
  referral: { bonusStars: 0, percent: 0, days: 90, dailyCapStars: 1000 },
};
/** 0.04 USD at 100 Stars per USD: 4 Stars. */
const PRICE = 4;
const MODEL = {
  id: 1,
  name: 'Lumen',
  type: 'image',
  price_usd: '0.04',
  options_schema: [],
} as unknown as Model;

/** What upstream does with the next POST /orders under a key it has not seen. */
type Answer = 'ok' | 'refuse' | 'lost_created' | 'lost_not_created' | 'conflict';

/** A scripted upstream: idempotent per key, answers from a queue (default: creates the order). */
class ScriptedUpstream {
  readonly byKey = new Map<string, Order>();
  answers: Answer[] = [];
  #seq = 0;

  reset(): void {
    this.byKey.clear();
    this.answers = [];
  }

  readonly client = {
    quote: async () => {
      throw new Error('no quotes here');
    },
    waitForUploadReady: async (): Promise<never> => {
      throw new Error('no uploads here');
    },
    createOrder: async (_body: CreateOrderRequest, key: string): Promise<Order> => {
      const known = this.byKey.get(key);
      if (known) return known;
      const answer = this.answers.shift() ?? 'ok';
      if (answer === 'refuse')
        throw new ResellerError('insufficient_balance', 'no money', { httpStatus: 402 });
      if (answer === 'conflict')
        throw new ResellerError('idempotency_conflict', 'conflict', { httpStatus: 409 });
      if (answer === 'lost_not_created') throw new ResellerError('bad_response', 'connection reset');
      const order: Order = {
        id: `up_${++this.#seq}`,
        model_id: 1,
        status: 'queued',
        cost_usd: '0.04',
        result: [],
        expires_at: null,
        error: null,
      };
      this.byKey.set(key, order);
      if (answer === 'lost_created') throw new ResellerError('bad_response', 'connection reset');
      return order;
    },
  };
}

type Svc = 0 | 1;
type Action =
  | { kind: 'confirm'; order: number; svc: Svc; answer: Answer; crash: boolean }
  | { kind: 'confirm_both'; order: number; answer: Answer }
  | { kind: 'resubmit'; svc: Svc; answer: Answer; crash: boolean }
  | { kind: 'cancel'; order: number }
  | { kind: 'finish'; order: number; svc: Svc; status: 'completed' | 'failed' | 'cancelled'; crash: boolean }
  | { kind: 'lost'; order: number; svc: Svc }
  | { kind: 'deliver'; order: number; svc: Svc; sent: boolean; crash: boolean }
  | { kind: 'resend'; order: number; svc: Svc; crash: boolean }
  | { kind: 'sweep'; svc: Svc };

const ORDERS = 2;
const order = fc.integer({ min: 0, max: ORDERS - 1 });
const svc = fc.constantFrom<Svc>(0, 1);
const answer = fc.constantFrom<Answer>('ok', 'ok', 'refuse', 'lost_created', 'lost_not_created', 'conflict');
const crash = fc.boolean();
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('confirm' as const), order, svc, answer, crash }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('confirm_both' as const), order, answer }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('resubmit' as const), svc, answer, crash }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('finish' as const),
      order,
      svc,
      status: fc.constantFrom(
        'completed' as const,
        'completed' as const,
        'failed' as const,
        'cancelled' as const,
      ),
      crash,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lost' as const), order, svc }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('deliver' as const), order, svc, sent: fc.boolean(), crash }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resend' as const), order, svc, crash }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const), svc }) },
);

/** One process: a store of its own, its wallet, its ordering service, and a twin that dies at its crash points. */
interface Process {
  store: Store;
  wallet: WalletService;
  ordering: OrderingService;
  /** Same store and wallet; dies inside every settlement (the transaction rolls back) and in every hook. */
  dying: OrderingService;
}

describe('the wallet under interleavings of two processes', () => {
  let database: TestDatabase;
  const upstream = new ScriptedUpstream();
  const processes: Process[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // PostgreSQL: a store (a connection pool) per process. SQLite: one store, as two processes each
    // wait for the file's write lock; in one Node process a second connection would busy-wait the
    // thread the first one needs to finish its transaction.
    const shared = database.engine === 'sqlite' ? await database.open() : undefined;
    for (let i = 0; i < 2; i++) {
      const store = shared ?? (await database.open());
      const wallet = new WalletService({ ledger: store.wallet, config: BILLING, logger: silentLogger });
      const base = {
        orders: store.orders,
        client: upstream.client,
        catalog: { getModel: async (id: number) => (id === MODEL.id ? MODEL : undefined) },
        logger: silentLogger,
        // The wallet booked as the composition root books it.
        ...submissionBookings({ wallet }),
      };
      const killed = async () => {
        throw new Error('killed');
      };
      processes.push({
        store,
        wallet,
        ordering: new OrderingService({
          ...base,
          hooks: wallet.hooks,
        }),
        dying: new OrderingService({
          ...base,
          hooks: { onNotOrdered: killed, onFinalState: killed, onDelivered: killed },
          settle: killed,
        }),
      });
    }
  });
  afterAll(async () => {
    await database.drop();
  });

  async function step(a: Action, ids: string[]): Promise<void> {
    const p = (s: Svc) => processes[s]!;
    const via = (s: Svc, crashes: boolean) => (crashes ? p(s).dying : p(s).ordering);
    const orders = processes[0]!.store.orders;
    switch (a.kind) {
      case 'confirm':
        upstream.answers = [a.answer];
        await via(a.svc, a.crash).confirm(ids[a.order]!, USER);
        return;
      case 'confirm_both':
        upstream.answers = [a.answer];
        await Promise.all([
          p(0).ordering.confirm(ids[a.order]!, USER),
          p(1).ordering.confirm(ids[a.order]!, USER),
        ]);
        return;
      case 'resubmit':
        upstream.answers = [a.answer];
        await via(a.svc, a.crash).resumeSubmissions();
        return;
      case 'cancel':
        await p(0).ordering.cancelDraft(ids[a.order]!, USER);
        return;
      case 'finish': {
        const row = await orders.find(ids[a.order]!);
        // Upstream ends an order once: a final status never changes again.
        if (row?.stage !== 'submitted' || !row.upstreamOrderId || row.finishedAt) return;
        const final: Order = {
          ...upstream.byKey.get(row.idempotencyKey)!,
          status: a.status,
          result: a.status === 'completed' ? ['https://r.test/g/1'] : [],
        };
        await via(a.svc, a.crash).recordUpstreamState(row.id, final);
        return;
      }
      case 'lost':
        await p(a.svc).ordering.recordLost(ids[a.order]!);
        return;
      case 'deliver': {
        const row = await orders.find(ids[a.order]!);
        if (row?.status !== 'completed' || row.lostAt) return;
        if (!(await p(a.svc).store.orders.markDelivered(row.id, a.sent ? 'sent' : 'none'))) return;
        // A crash right after the record: nobody tells the wallet.
        if (!a.crash) await p(a.svc).ordering.deliveryRecorded(row.id);
        return;
      }
      case 'resend': {
        const row = await orders.find(ids[a.order]!);
        if (row?.deliveryOutcome !== 'none') return;
        if (a.crash) await p(a.svc).store.orders.markResent(row.id);
        else await p(a.svc).ordering.recordResent(row.id);
        return;
      }
      case 'sweep':
        await p(a.svc).wallet.sweep();
        return;
    }
  }

  it(
    `keeps every invariant (${RUNS} runs)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
          await database.execute`delete from wallet_entries`;
          await database.execute`delete from orders`;
          upstream.reset();
          const { store, wallet } = processes[0]!;
          await store.wallet.book({
            key: `topup:${randomUUID()}`,
            userId: USER,
            kind: 'topup',
            delta: FUNDS,
            stars: FUNDS,
          });
          const ids: string[] = [];
          for (let i = 0; i < ORDERS; i++) {
            const row = await processes[0]!.ordering.prepare({
              chatId: USER,
              userId: USER,
              locale: 'en',
              modelId: MODEL.id,
              request: { model_id: MODEL.id, prompt: `p${i}` },
            });
            ids.push(row.id);
          }
          for (const a of actions) {
            // A crash point throws where the process would have died; the state it leaves is the point.
            await step(a, ids).catch((err: unknown) => {
              if (!(err instanceof Error && /killed/.test(err.message))) throw err;
            });
          }
          // Restart: the start-up sweep of one process settles what the crashes left.
          await processes[1]!.wallet.sweep();

          let expectedBalance = FUNDS;
          for (const id of ids) {
            const row = (await store.orders.find(id))!;
            const entries = await database.query<{ kind: string; stars: number | string; key: string }>`
            select kind, stars, key from wallet_entries where order_id = ${id}`;
            const sum = (kind: string) =>
              entries.filter((e) => e.kind === kind).reduce((s, e) => s + Number(e.stars), 0);
            const settled = new Set(
              entries.filter((e) => e.key.startsWith('settle:')).map((e) => e.key.slice(7)),
            );
            const open = entries.filter((e) => e.kind === 'hold' && !settled.has(e.key));
            const spent = sum('capture') + sum('charge');
            const delivered = row.status === 'completed' && row.deliveryOutcome === 'sent' && !row.lostAt;
            // Written out independently of holdVerdict on purpose (an oracle that called it would
            // agree with any mistake in it); test/db/hold-settlement.contract.test.ts holds the
            // rule and its SQL form in the repository together.
            const inFlight =
              row.stage === 'submitting' ||
              (row.stage === 'submitted' &&
                !row.lostAt &&
                (row.status === 'queued' ||
                  row.status === 'processing' ||
                  (row.status === 'completed' && !row.deliveredAt)));
            const why = JSON.stringify({
              row: { stage: row.stage, status: row.status, outcome: row.deliveryOutcome },
              entries,
            });
            expect(spent, why).toBe(delivered ? PRICE : 0);
            if (inFlight) {
              expect(
                open.map((h) => h.key),
                why,
              ).toEqual([`hold:${id}:${row.idempotencyKey}`]);
              expect(Number(open[0]!.stars)).toBe(PRICE);
            } else {
              expect(open, why).toEqual([]);
            }
            expectedBalance -= spent + open.reduce((s, h) => s + Number(h.stars), 0);
          }
          expect(await wallet.ledger.balance(USER)).toBe(expectedBalance);
        }),
        { numRuns: RUNS },
      );
    },
    // A run takes well under 2 s even on a loaded machine's PostgreSQL.
    Math.max(600_000, RUNS * 2_000),
  );
});
