/**
 * The customers' app's gallery: how long one page of a customer's results takes to read (the store
 * and the service, as GET /miniapp/me/results runs them), on SQLite and on PostgreSQL
 * (BENCH_DATABASE_URL, else a throwaway local cluster).
 *
 * One customer has `results` delivered results (one in four with two files, five models, prompts
 * of a few words from a small vocabulary); `others` results of other customers share the table.
 * Timed, `BENCH_REPEAT` times each (default 50), as p50 and p99: the first page, the tenth page (by
 * its cursor), one model's first page, a search for a word one result in a hundred has (the service
 * reads up to 500 rows per request), one result by its order (the button under a result), and the
 * filter's model list.
 *
 *   npx tsx bench/app-gallery.ts [results=2000] [others=5000]
 */
import type { Store } from '../src/db/index.js';
import { GalleryService } from '../src/services/app/gallery.js';
import { createDatabase, type EngineName } from '../test/support/database-factory.js';
import { deliveredResult } from '../test/support/gallery-fixtures.js';
import { benchPostgres } from '../test/support/postgres/cluster.js';

const RESULTS = Number(process.argv[2] ?? 2_000);
const OTHERS = Number(process.argv[3] ?? 5_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 50);
const CUSTOMER = 1;
const MODELS = [201, 202, 203, 204, 205];
const WORDS = [
  'fox',
  'lighthouse',
  'castle',
  'forest',
  'city',
  'portrait',
  'sunset',
  'robot',
  'cat',
  'ocean',
];
const NOW = Date.UTC(2026, 10, 20, 12);

async function seed(store: Store, clock: { now: number }): Promise<string> {
  let someOrder = '';
  for (let i = 0; i < RESULTS + OTHERS; i++) {
    clock.now += 60_000;
    // Exactly RESULTS of them the customer's, spread evenly among the others'.
    const total = RESULTS + OTHERS;
    const mine = Math.floor(((i + 1) * RESULTS) / total) > Math.floor((i * RESULTS) / total);
    const words = [WORDS[i % WORDS.length], WORDS[(i * 7) % WORDS.length], `n${i % 40}`];
    if (i % 100 === 17) words.push('zebra');
    const order = await deliveredResult(store.orders, {
      userId: mine ? CUSTOMER : 1_000 + (i % 500),
      prompt: words.join(' '),
      modelId: MODELS[i % MODELS.length]!,
      files: i % 4 === 0 ? [{ kind: 'photo' }, { kind: 'photo' }] : [{ kind: 'photo' }],
    });
    if (mine && !someOrder) someOrder = order.id;
  }
  return someOrder;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, work: () => Promise<unknown>): Promise<string> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `${label} p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`;
}

async function run(engine: EngineName, postgresUrl?: string): Promise<void> {
  const database = await createDatabase(engine, postgresUrl ? { url: postgresUrl } : undefined);
  try {
    const clock = { now: NOW - (RESULTS + OTHERS) * 60_000 };
    const store = await database.open(() => clock.now);
    const seeded = performance.now();
    const oneOrder = await seed(store, clock);
    const seedSeconds = (performance.now() - seeded) / 1000;
    const gallery = new GalleryService({ orders: store.orders, shownName: (o) => o.modelName });
    let cursor: string | null = null;
    let mine = 0;
    for (let page = 0; page < 9; page++) {
      const got = await gallery.page(CUSTOMER, { cursor: cursor ?? undefined }, 'en');
      mine += got.items.length;
      cursor = got.next;
    }
    const tenth = cursor ?? undefined;
    const lines = [
      await measure('first page', () => gallery.page(CUSTOMER, {}, 'en')),
      await measure('tenth page', () => gallery.page(CUSTOMER, { cursor: tenth }, 'en')),
      await measure('one model', () => gallery.page(CUSTOMER, { modelId: MODELS[2] }, 'en')),
      await measure('a rare word', () => gallery.page(CUSTOMER, { search: 'zebra' }, 'en')),
      await measure('one result', () => gallery.page(CUSTOMER, { orderId: oneOrder }, 'en')),
      await measure('model list', () => gallery.models(CUSTOMER, 'en')),
    ];
    console.log(
      `${engine}: ${RESULTS.toLocaleString('en-US')} results of one customer among ${(RESULTS + OTHERS).toLocaleString('en-US')} ` +
        `(seeded in ${seedSeconds.toFixed(0)} s; ${mine} files on the first nine pages)\n  ${lines.join('\n  ')}`,
    );
    await store.close();
  } finally {
    await database.drop();
  }
}

const postgres = await benchPostgres();
try {
  if (process.env.BENCH_ONLY !== 'postgres') await run('sqlite');
  if (postgres.url && process.env.BENCH_ONLY !== 'sqlite') await run('postgres', postgres.url);
} finally {
  postgres.stop();
}
