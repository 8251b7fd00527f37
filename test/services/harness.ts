/**
 * A real upstream (the simulator on a random port, driven by a ManualClock) and a real database (a
 * SQLite file, or PostgreSQL with TEST_ENGINE=postgres), with the services built by the composition
 * root's own createServices: what production wires, the tests get (a dependency added there is not
 * forgotten here).
 */
import { pino } from 'pino';
import { createServices } from '../../src/app/services.js';
import { type Config, loadConfig, type StarsBilling } from '../../src/config.js';
import type { Store } from '../../src/db/index.js';
import type { ResellerClient } from '../../src/reseller/client.js';
import type { CatalogService } from '../../src/services/catalog.js';
import type { Services } from '../../src/services/index.js';
import type { OrderingService, OrderPipelineHooks } from '../../src/services/ordering.js';
import type { WalletService } from '../../src/services/wallet/wallet.js';
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
  /** Everything createServices built for the first process. */
  services: Services;
  /**
   * Another process on the same database, as after a restart or beside this one: its own store and
   * services. `hooks` run after its own (limits, wallet), `hooksBefore` before them.
   */
  process(hooks?: { hooks?: OrderPipelineHooks; hooksBefore?: OrderPipelineHooks }): Promise<Services>;
  /** A second service on the same database, as after a restart. */
  restart(hooks?: OrderPipelineHooks): Promise<OrderingService>;
  /** POST /orders requests the simulator received. */
  orderPosts(): RunningSimulator['requests'];
  close(): Promise<void>;
}

/** The bot's config for these tests: `billing` (none by default) and the allow-list. */
function harnessConfig(opts: { allowedModelIds?: number[]; billing?: StarsBilling }): Config {
  const config = loadConfig({ BOT_TOKEN: '123:TEST' });
  return {
    ...config,
    ...(opts.billing && { billing: opts.billing }),
    catalog: { ...config.catalog, allowedModelIds: opts.allowedModelIds ?? null },
  };
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
  const config = harnessConfig(opts);
  const database = await createTestDatabase();
  const open = () => database.open(() => clock.now());
  const clients: ResellerClient[] = [];
  const servicesOn = (
    store: Store,
    hooks: { hooks?: OrderPipelineHooks; hooksBefore?: OrderPipelineHooks },
  ) => {
    const services = createServices({
      config,
      logger: silentLogger,
      store,
      upstream: { baseUrl: sim.baseUrl, apiKey: API_KEY },
      ...hooks,
      now: () => clock.now(),
      // Waits move the shared clock instead of real time: retries back off instantly, uploads convert.
      upstreamSleep: async (ms) => clock.advance(ms),
      upstreamRetry: { retries: 3, minDelayMs: 10, maxDelayMs: 50 },
    });
    clients.push(services.client);
    return services;
  };
  const store = await open();
  const services = servicesOn(store, opts.hooks ? { hooks: opts.hooks } : {});
  const processOn = async (hooks: { hooks?: OrderPipelineHooks; hooksBefore?: OrderPipelineHooks } = {}) =>
    servicesOn(await open(), hooks);
  return {
    sim,
    clock,
    client: services.client,
    catalog: services.catalog,
    database,
    store,
    ordering: services.ordering,
    wallet: services.wallet ?? undefined,
    services,
    process: processOn,
    restart: async (hooks) => (await processOn(hooks ? { hooks } : {})).ordering,
    orderPosts: () => sim.requests.filter((r) => r.method === 'POST' && r.path === '/orders'),
    async close() {
      for (const client of clients) await client.close();
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
