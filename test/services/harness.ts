/**
 * A real upstream (the simulator on a random port, driven by a ManualClock) and a real SQLite file,
 * wired to the ordering services the way main.ts does it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { StarsBilling } from '../../src/config.js';
import { migrateDatabase, type OpenedDatabase, openDatabase } from '../../src/db/client.js';
import { ResellerClient } from '../../src/reseller/client.js';
import { CatalogService } from '../../src/services/catalog.js';
import { composeHooks } from '../../src/services/compose-hooks.js';
import { OrderingService, type OrderPipelineHooks } from '../../src/services/ordering.js';
import { WalletService } from '../../src/services/wallet/wallet.js';
import { ManualClock, type RunningSimulator, startSimulator } from '../../src/simulator/server.js';

export const API_KEY = 'sim-key';
export const silentLogger = pino({ level: 'silent' });

export interface Harness {
  sim: RunningSimulator;
  clock: ManualClock;
  client: ResellerClient;
  catalog: CatalogService;
  dbPath: string;
  database: OpenedDatabase;
  ordering: OrderingService;
  /** With `billing`: the wallet the ordering service holds and settles through. */
  wallet: WalletService | undefined;
  /** A second service on the same database file, as after a restart. */
  restart(hooks?: OrderPipelineHooks): OrderingService;
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
  const dir = mkdtempSync(join(tmpdir(), 'ordering-test-'));
  const dbPath = join(dir, 'bot.sqlite');
  const opened: OpenedDatabase[] = [];
  const open = () => {
    const database = openDatabase(dbPath);
    migrateDatabase(database.db);
    opened.push(database);
    return database;
  };
  const database = open();
  const billing = opts.billing;
  const walletOn = (db: OpenedDatabase) =>
    billing &&
    new WalletService({ db: db.db, config: billing, logger: silentLogger, now: () => clock.now() });
  const wallet = walletOn(database);
  const service = (db: OpenedDatabase, hooks?: OrderPipelineHooks, w = walletOn(db)) => {
    const all = w ? composeHooks(w.hooks, hooks) : hooks;
    return new OrderingService({
      db: db.db,
      client,
      catalog,
      logger: silentLogger,
      now: () => clock.now(),
      ...(all && { hooks: all }),
      ...(w && {
        starPrice: (modelId: number, usd: string) => w.pricing.starsFor(modelId, usd),
        submissionHold: (tx, order) => w.holdForSubmission(tx, order),
      }),
      uploadWait: { timeoutMs: 60_000, intervalMs: 500, rounds: 2 },
    });
  };
  return {
    sim,
    clock,
    client,
    catalog,
    dbPath,
    database,
    ordering: service(database, opts.hooks, wallet),
    wallet,
    restart: (hooks) => service(open(), hooks),
    orderPosts: () => sim.requests.filter((r) => r.method === 'POST' && r.path === '/orders'),
    async close() {
      for (const db of opened) db.close();
      await client.close();
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Uploads a generated file and returns its tmp_path. */
export async function uploadFile(client: ResellerClient, body: Buffer, filename: string): Promise<string> {
  const upload = await client.upload({ body, filename, size: body.length });
  return upload.tmp_path;
}
