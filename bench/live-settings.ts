/**
 * Live settings: how long a change made on one replica takes to be in effect on another (the goal
 * is under 5 s), and what the version check every replica runs every 2 s costs, on SQLite and on
 * PostgreSQL (BENCH_DATABASE_URL, else a throwaway local cluster).
 *
 * Two stores on one database play replicas A and B, each with its LiveSettings on real timers; A
 * changes a model's price `changes` times at random moments; the time from A's commit to B pricing
 * the new way is printed (p50 and max), with the mean time of one version check.
 *
 *   npx tsx bench/live-settings.ts [changes=6] [checks=2000]
 */
import { pino } from 'pino';
import type { Store } from '../src/db/index.js';
import { LIVE_SETTINGS_REFRESH_MS, LiveSettings } from '../src/services/live-settings.js';
import { createDatabase, type EngineName } from '../test/support/database-factory.js';
import { benchPostgres } from '../test/support/postgres/cluster.js';

const [CHANGES, CHECKS] = [6, 2000].map((d, i) => Number(process.argv[2 + i] ?? d)) as [number, number];
const logger = pino({ level: 'silent' });
const DEFAULTS = {
  markupPercent: '30',
  overrides: new Map(),
  welcomeStars: 0,
  topupPacks: [50],
  allowedModelIds: null,
  hiddenModelTypes: [],
  reminders: [],
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function checkCost(store: Store): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < CHECKS; i++) await store.liveSettings.version();
  return Number(process.hrtime.bigint() - start) / 1000 / CHECKS;
}

async function propagation(a: Store, b: Store): Promise<number[]> {
  const replicaA = new LiveSettings({
    repository: a.liveSettings,
    audit: a.audit,
    defaults: DEFAULTS,
    logger,
  });
  const replicaB = new LiveSettings({
    repository: b.liveSettings,
    audit: b.audit,
    defaults: DEFAULTS,
    logger,
  });
  await replicaA.load();
  await replicaB.load();
  replicaB.start();
  const delays: number[] = [];
  try {
    for (let i = 1; i <= CHANGES; i++) {
      // At a random moment of B's check cycle, as an admin would.
      await sleep(Math.random() * LIVE_SETTINGS_REFRESH_MS);
      const version = replicaA.current().version;
      const outcome = await replicaA.updateModel(1, { id: 203, name: 'Lumen' }, version, {
        price: { kind: 'fixed', stars: i },
      });
      const committed = performance.now();
      while (
        replicaB.current().overrides.get(203)?.kind !== 'fixed' ||
        replicaB.current().version < outcome.version
      )
        await sleep(1);
      delays.push(performance.now() - committed);
    }
  } finally {
    await replicaB.stop();
  }
  return delays.sort((x, y) => x - y);
}

async function run(engine: EngineName, postgresUrl?: string): Promise<void> {
  const database = await createDatabase(engine, postgresUrl ? { url: postgresUrl } : undefined);
  try {
    const a = await database.open();
    const b = await database.open();
    const perCheck = await checkCost(b);
    const delays = await propagation(a, b);
    console.log(
      `${engine.padEnd(8)} version check ${perCheck.toFixed(0)} µs each (one every ${LIVE_SETTINGS_REFRESH_MS / 1000} s per replica); ` +
        `change on A -> in effect on B: p50 ${percentile(delays, 50).toFixed(0)} ms, max ${Math.max(...delays).toFixed(0)} ms over ${delays.length} changes (goal < 5000 ms)`,
    );
  } finally {
    await database.drop();
  }
}

const postgres = await benchPostgres();
try {
  await run('sqlite');
  if (postgres.url) await run('postgres', postgres.url);
} finally {
  postgres.stop();
}
