/**
 * A real upstream (the simulator on a random port, driven by a ManualClock) and a real database (a
 * SQLite file, or PostgreSQL with TEST_ENGINE=postgres), wired to the ordering services the way
 * main.ts does it.
 */
import { pino } from 'pino';
import type { StarsBilling } from '../../src/config.js';
import type { Store } from '../../src/db/index.js';
import { ResellerClient } from '../../src/reseller/client.js';
import { CatalogService } from '../../src/services/catalog.js';
import { composeHooks } from '../../src/services/compose-hooks.js';
import { OrderingService, type OrderPipelineHooks } from '../../src/services/ordering.js';
import { WalletService } from '../../src/services/wallet/wallet.js';
import { ManualClock, type RunningSimulator, startSimulator } from '../../src/simulator/server.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';

export const API_KEY = 'sim-key';

/** BILLING=stars as the wallet tests run it: 77 Stars per USD, 50% markup (0.04 USD is 5 Stars). */
export const STARS_BILLING: StarsBilling = {
  mode: 'stars',
  starsPerUsd: '77',
  payoutUsdPerStar: '0.013',
  markupPercent: '50',
  minPriceStars: 1,
  overrides: new Map(),
  welcomeStars: 0,
  topupPacks: [50, 100, 250],
  referral: { bonusStars: 0, percent: 0, days: 90, dailyCapStars: 1000 },
};
export const silentLogger = pino({ level: 'silent' });

export interface Harness {
  sim: RunningSimulator;
  clock: ManualClock;
  client: ResellerClient;
  catalog: CatalogService;
  database: TestDatabase;
  store: Store;
  ordering: OrderingService;
  /** With `billing`: the wallet the ordering service holds and settles through. */
  wallet: WalletService | undefined;
  /** A second service on the same database, as after a restart. */
  restart(hooks?: OrderPipelineHooks): Promise<OrderingService>;
  /** POST /orders requests the simulator received. */
  orderPosts(): RunningSimulator['requests'];
  close(): Promise<void>;
}

export async function startHarness(
  opts: {
    balance?: string;
    hooks?: OrderPipelineHooks;
    allowedModelIds?: number[];
    billing?: StarsBilling;
  } = {},
): Promise<Harness> {
  const clock = new ManualClock();
  const sim = await startSimulator({
    port: 0,
    clock,
    accounts: [{ key: API_KEY, balance_usd: opts.balance ?? '100.00', deposit_usd: '100.00' }],
  });
  // Waits move the shared clock instead of real time: retries back off instantly, uploads convert.
  const client = new ResellerClient({
    baseUrl: sim.baseUrl,
    apiKey: API_KEY,
    sleep: async (ms) => clock.advance(ms),
    retry: { retries: 3, minDelayMs: 10, maxDelayMs: 50 },
  });
  const catalog = new CatalogService(client, {
    logger: silentLogger,
    allowedModelIds: opts.allowedModelIds ?? null,
  });
  const database = await createTestDatabase();
  const open = () => database.open(() => clock.now());
  const store = await open();
  const billing = opts.billing;
  const walletOn = (on: Store) =>
    billing && new WalletService({ ledger: on.wallet, config: billing, logger: silentLogger });
  const wallet = walletOn(store);
  const service = (on: Store, hooks?: OrderPipelineHooks, w = walletOn(on)) => {
    const all = w ? composeHooks(w.hooks, hooks) : hooks;
    return new OrderingService({
      orders: on.orders,
      client,
      catalog,
      logger: silentLogger,
      now: () => clock.now(),
      ...(all && { hooks: all }),
      ...(w && {
        starPrice: (modelId: number, usd: string) => w.pricing.starsFor(modelId, usd),
        submissionHold: (tx, order) => w.holdForSubmission(tx, order),
        settle: (tx, orderId) => w.settle(orderId, tx),
      }),
      uploadWait: { timeoutMs: 60_000, intervalMs: 500, rounds: 2 },
    });
  };
  return {
    sim,
    clock,
    client,
    catalog,
    database,
    store,
    ordering: service(store, opts.hooks, wallet),
    wallet,
    restart: async (hooks) => service(await open(), hooks),
    orderPosts: () => sim.requests.filter((r) => r.method === 'POST' && r.path === '/orders'),
    async close() {
      await client.close();
      await sim.close();
      await database.drop();
    },
  };
}

/** Uploads a generated file and returns its tmp_path. */
export async function uploadFile(client: ResellerClient, body: Buffer, filename: string): Promise<string> {
  const upload = await client.upload({ body, filename, size: body.length });
  return upload.tmp_path;
}
