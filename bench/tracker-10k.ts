/**
 * The order tracker with 10,000 active orders, once on SQLite and once on PostgreSQL (BENCH_DATABASE_URL,
 * else a throwaway local cluster). A child process runs the upstream simulator (so its CPU is not
 * counted); this process creates the orders upstream over HTTP, stores matching rows (all due at
 * once, as after a long restart) and runs the tracker against them with a global cap. It prints the upstream request rate (worst sliding minute, counted by the simulator),
 * the tracker's CPU time and RSS, and the delay from upstream completion (created_at + 2 x stage) to
 * finalReached.
 *
 *   npx tsx bench/tracker-10k.ts [orders=10000] [rps=50] [seconds=75] [stageMs=10000]
 *
 * At the cap, one sweep over every active order takes orders / rps seconds (200 s for 10,000 at 50/s):
 * completions wait for the sweep, so the delay figures measure the cap, not the tracker.
 */
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { ResellerClient } from '../src/reseller/client.js';
import { OrderTracker } from '../src/services/order-tracker.js';
import { type OrderingClient, OrderingService } from '../src/services/ordering.js';
import { createDatabase, type EngineName } from '../test/support/database-factory.js';
import { benchPostgres } from '../test/support/postgres/cluster.js';
import {
  API_KEY,
  createUpstreamOrders,
  maxInWindow,
  percentile,
  runAsSimulatorChild,
  startSimulatorChild,
  storeSubmitted,
} from './support/upstream.js';

interface RunSummary {
  engine: EngineName;
  worstMinute: number;
  cpuPercent: number;
  usPerPoll: number;
  peakRssMb: number;
  p50: number;
  p99: number;
}

async function main(
  engine: EngineName,
  postgresUrl: string | undefined,
  n: number,
  rps: number,
  seconds: number,
  stageMs: number,
): Promise<RunSummary> {
  const sim = await startSimulatorChild(fileURLToPath(import.meta.url), stageMs);
  const { baseUrl } = sim;
  const database = await createDatabase(engine, postgresUrl ? { url: postgresUrl } : undefined);
  const store = await database.open();
  const logger = pino({ level: 'warn' });
  // Only recordUpstreamState is used: no submissions, so no catalog or ordering client.
  const ordering = new OrderingService({
    orders: store.orders,
    client: {} as OrderingClient,
    catalog: { getModel: async () => undefined },
    logger,
  });
  const orders = ordering.orders;

  console.log(
    `\n== ${engine}\ntracker bench: ${n} active orders, cap ${rps} req/s, ${seconds} s run, stage ${stageMs} ms`,
  );
  let t = Date.now();
  const upstream = await createUpstreamOrders(baseUrl, n);
  console.log(`  created ${n} upstream orders in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  const completesAt = await storeSubmitted(orders, upstream, (i) => 1 + (i % 500), stageMs);
  console.log(`  stored ${n} rows in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const delays: number[] = [];
  let statusChanges = 0;
  let lost = 0;
  const client = new ResellerClient({ baseUrl, apiKey: API_KEY, retry: { retries: 0 } });
  // Departure times as the tracker sends them (no client retries: one call is one request).
  const sent: number[] = [];
  const tracker = new OrderTracker({
    client: {
      getOrder: (id, opts) => {
        sent.push(Date.now());
        return client.getOrder(id, opts);
      },
    },
    ordering,
    orders,
    logger,
    minIntervalMs: 2_000,
    maxIntervalMs: 30_000,
    maxConcurrency: 8,
    maxRequestsPerSecond: rps,
    events: {
      statusChanged: async () => {
        statusChanges++;
      },
      finalReached: async (order) => {
        delays.push(Date.now() - completesAt.get(order.id)!);
        await orders.markDelivered(order.id);
      },
      orderLost: async () => {
        lost++;
      },
    },
  });

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 250);
  const rssBefore = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  const started = Date.now();
  await tracker.start();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  await tracker.stop();
  const ended = Date.now();
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);

  const gets = (await sim.gets()).sort((a, b) => a - b);
  const elapsedS = (ended - started) / 1000;
  const worstMinute = maxInWindow(gets, 60_000);
  const worstSecond = maxInWindow(gets, 1_000);
  const sentWorstSecond = maxInWindow(sent, 1_000);

  const completedByEnd = [...completesAt.values()].filter((at) => at <= ended).length;
  delays.sort((a, b) => a - b);
  // Orders complete upstream but not yet delivered at the end: their delay is at least until the end.
  const censored = [...delays];
  for (const [id, at] of completesAt) {
    if (at <= ended && (await orders.find(id))?.deliveredAt == null) censored.push(ended - at);
  }
  censored.sort((a, b) => a - b);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

  console.log('');
  console.log(`upstream GET /orders/{id}: ${gets.length} in ${elapsedS.toFixed(1)} s`);
  console.log(
    `  worst sliding minute ${worstMinute} (cap ${rps * 60}), average ${((gets.length / elapsedS) * 60).toFixed(0)}/min`,
  );
  console.log(
    `  worst sliding second: ${sentWorstSecond} as sent, ${worstSecond} as logged on arrival by the ` +
      `simulator (cap ${rps}; its own event-loop lag bunches arrivals)`,
  );
  console.log(`  tracker stats ${JSON.stringify(tracker.stats())}`);
  console.log(
    `tracker CPU: ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms over ${elapsedS.toFixed(1)} s ` +
      `(${(((cpu.user + cpu.system) / 1000 / (ended - started)) * 100).toFixed(1)}% of one core; ` +
      `${((cpu.user + cpu.system) / Math.max(1, gets.length)).toFixed(0)} us per poll)`,
  );
  console.log(
    `RSS: ${(rssBefore / 2 ** 20).toFixed(0)} MB before, peak ${(peakRss / 2 ** 20).toFixed(0)} MB during the run`,
  );
  console.log(
    `orders: ${completedByEnd} completed upstream by the end, ${delays.length} delivered (finalReached), ` +
      `${statusChanges} status changes, ${lost} lost`,
  );
  console.log(
    `completion -> finalReached, delivered only: p50 ${s(percentile(delays, 50))}, p99 ${s(percentile(delays, 99))}`,
  );
  console.log(
    `  counting undelivered completions as waiting until the end (lower bound): p50 ${s(percentile(censored, 50))}, ` +
      `p99 ${s(percentile(censored, 99))}`,
  );
  console.log(`one sweep of ${n} orders at the cap takes ${(n / rps).toFixed(0)} s`);

  await client.close();
  await database.drop();
  sim.stop();
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    engine,
    worstMinute,
    cpuPercent: (cpuMs / (ended - started)) * 100,
    usPerPoll: (cpu.user + cpu.system) / Math.max(1, gets.length),
    peakRssMb: peakRss / 2 ** 20,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
  };
}

if (!(await runAsSimulatorChild())) {
  const args = [
    Number(process.argv[2] ?? 10_000),
    Number(process.argv[3] ?? 50),
    Number(process.argv[4] ?? 75),
    Number(process.argv[5] ?? 10_000),
  ] as const;
  const postgres = await benchPostgres();
  const postgresUrl = postgres.url;
  const runs: RunSummary[] = [];
  try {
    for (const engine of postgresUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
      runs.push(await main(engine, postgresUrl, ...args));
    }
  } finally {
    postgres.stop();
  }
  console.log(`\nside by side (cap ${args[1] * 60}/min):`);
  for (const r of runs) {
    console.log(
      `  ${r.engine.padEnd(8)} worst minute ${r.worstMinute}, tracker CPU ${r.cpuPercent.toFixed(1)}% of a core ` +
        `(${r.usPerPoll.toFixed(0)} us/poll), peak RSS ${r.peakRssMb.toFixed(0)} MB, ` +
        `completion->finalReached p50 ${(r.p50 / 1000).toFixed(1)} s, p99 ${(r.p99 / 1000).toFixed(1)} s`,
    );
  }
}
