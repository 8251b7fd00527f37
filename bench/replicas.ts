/**
 * Replicas on one PostgreSQL database, as real bot processes in webhook mode (BENCH_DATABASE_URL,
 * else a throwaway local cluster):
 *
 * 1. Inbound updates per second with 1, 2 and 3 replicas: this process plays Telegram and the load
 *    balancer, POSTing /help updates from 300 users round-robin to the replicas, 64 requests at a
 *    time; an update counts once the bot's answer reached the Telegram emulator. CPU time of the
 *    replicas (also per update: the replicas' user + system time, summed) and of PostgreSQL is
 *    sampled from /proc, to name the bottleneck.
 * 2. 2,000 active orders across 3 replicas with ORDER_POLL_RPS: upstream GETs in the worst sliding
 *    minute (counted by the simulator, in a child process) against the cluster-wide cap, and
 *    completion -> delivery (delivered_at) p50/p99.
 *
 *   npx tsx bench/replicas.ts [updates=3000] [orders=2000] [rps=50] [seconds=90]
 */
import { fileURLToPath } from 'node:url';
import { createDatabase } from '../test/support/database-factory.js';
import { BotProcess } from '../test/support/e2e/bot-process.js';
import { webhookReplicaEnv } from '../test/support/e2e/cluster.js';
import { freePort } from '../test/support/e2e/free-port.js';
import { textUpdate } from '../test/support/in-process-bot.js';
import { benchPostgres } from '../test/support/postgres/cluster.js';
import { startTelegramEmulator } from '../test/support/telegram/emulator.js';
import { cpuOf, postgresPids } from './support/cpu.js';
import {
  API_KEY,
  createUpstreamOrders,
  maxInWindow,
  percentile,
  runAsSimulatorChild,
  type SimulatorChild,
  startSimulatorChild,
  storeSubmitted,
} from './support/upstream.js';

const SECRET = 'whsec_bench';
const [UPDATES, ORDERS, RPS, SECONDS] = [3000, 2000, 50, 90].map((d, i) =>
  Number(process.argv[2 + i] ?? d),
) as [number, number, number, number];

// ------------------------------------------------------------------ the simulator, in a child

// ------------------------------------------------------------------ helpers

interface Replicas {
  bots: BotProcess[];
  ports: number[];
  stop(): Promise<void>;
}

async function startReplicas(n: number, env: Record<string, string>): Promise<Replicas> {
  const ports = await Promise.all(Array.from({ length: n }, () => freePort()));
  const bots: BotProcess[] = [];
  for (let i = 0; i < n; i++) {
    bots.push(
      await BotProcess.start({
        env: {
          ...env,
          ...webhookReplicaEnv(i, ports[i]!, SECRET),
          LOG_LEVEL: 'info',
        },
        startTimeoutMs: 60_000,
      }),
    );
  }
  // Each said "bot started", which it logs once its webhook server listens.
  return { bots, ports, stop: async () => void (await Promise.all(bots.map((b) => b.stop()))) };
}

// ------------------------------------------------------------------ 1. inbound updates

async function inbound(postgresUrl: string, replicas: number, simUrl: string) {
  const emulator = await startTelegramEmulator();
  const users = Array.from({ length: 300 }, () => emulator.createUser({ language_code: 'en' }));
  const database = await createDatabase('postgres', { url: postgresUrl });
  const env = {
    BOT_TOKEN: emulator.token,
    TELEGRAM_API_ROOT: emulator.apiRoot,
    RESELLER_API_URL: simUrl,
    RESELLER_API_KEY: API_KEY,
    // The emulator here does not limit: measure the bot, not Telegram's 30 posts a second.
    TELEGRAM_SEND_RATE: '0',
    ...database.env,
  };
  const cluster = await startReplicas(replicas, env);
  const pids = cluster.bots.map((b) => b.pid);
  const replies = () => emulator.callsTo('sendMessage').length;
  const base = replies();
  let next = 0;
  let updateId = 1;
  const post = async (i: number) => {
    const user = users[i % users.length]!;
    const update = textUpdate(updateId++, { id: user.id, language_code: 'en' }, '/help');
    const port = cluster.ports[i % replicas]!;
    const res = await fetch(`http://127.0.0.1:${port}/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body: JSON.stringify(update),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
  };
  const cpu0 = { bots: cpuOf(pids), pg: cpuOf(postgresPids()) };
  const started = Date.now();
  let storedAt = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < UPDATES) await post(next++);
    }),
  );
  storedAt = Date.now();
  while (replies() - base < UPDATES) await new Promise((r) => setTimeout(r, 20));
  const elapsed = (Date.now() - started) / 1000;
  const cpu = { bots: cpuOf(pids) - cpu0.bots, pg: cpuOf(postgresPids()) - cpu0.pg };
  console.log(
    `  ${replicas} replica(s): ${(UPDATES / elapsed).toFixed(0).padStart(5)} updates/s handled` +
      ` (stored at ${(UPDATES / ((storedAt - started) / 1000)).toFixed(0)}/s);` +
      ` ${((cpu.bots * 1000) / UPDATES).toFixed(2)} ms of the replicas' CPU per update;` +
      ` CPU over the run: replicas ${((cpu.bots / elapsed) * 100).toFixed(0)}%, PostgreSQL ${((cpu.pg / elapsed) * 100).toFixed(0)}% of one core`,
  );
  await cluster.stop();
  await emulator.close();
  await database.drop();
}

// ------------------------------------------------------------------ 2. active orders

async function activeOrders(postgresUrl: string, sim: SimulatorChild, stageMs: number) {
  const simUrl = sim.baseUrl;
  const emulator = await startTelegramEmulator();
  const users = Array.from({ length: 200 }, () => emulator.createUser({ language_code: 'en' }));
  const database = await createDatabase('postgres', { url: postgresUrl });
  const store = await database.open();
  console.log(
    `\n2. ${ORDERS} active orders, 3 replicas, ORDER_POLL_RPS=${RPS}, ${SECONDS} s, stage ${stageMs} ms`,
  );
  const upstream = await createUpstreamOrders(simUrl, ORDERS);
  const completesAt = await storeSubmitted(
    store.orders,
    upstream,
    (i) => users[i % users.length]!.id,
    stageMs,
  );
  const cluster = await startReplicas(3, {
    BOT_TOKEN: emulator.token,
    TELEGRAM_API_ROOT: emulator.apiRoot,
    RESELLER_API_URL: simUrl,
    RESELLER_API_KEY: API_KEY,
    TELEGRAM_SEND_RATE: '0',
    ...database.env,
    ORDER_POLL_RPS: String(RPS),
    ORDER_POLL_MIN_MS: '2000',
    ORDER_POLL_MAX_MS: '30000',
    RESULT_URLS_ALLOW_HTTP: 'true',
    RESULT_URLS_ALLOW_PRIVATE: 'true',
  });
  const started = Date.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const gets = await sim.gets();
  const inRun = gets.filter((t) => t >= started).sort((a, b) => a - b);
  const rows = await database.query<{ id: string; delivered_at: Date | string | null }>`
    select id, delivered_at from orders`;
  const delays = rows
    .filter((r) => r.delivered_at !== null && completesAt.has(r.id))
    .map((r) => new Date(r.delivered_at!).getTime() - completesAt.get(r.id)!)
    .sort((a, b) => a - b);
  console.log(
    `  upstream GETs: worst sliding minute ${maxInWindow(inRun, 60_000)} (cap ${RPS * 60}), worst second ${maxInWindow(inRun, 1000)} (cap ${RPS})`,
  );
  console.log(
    `  delivered ${delays.length} of ${ORDERS}; completion -> delivery p50 ${(percentile(delays, 50) / 1000).toFixed(1)} s, p99 ${(percentile(delays, 99) / 1000).toFixed(1)} s`,
  );
  await cluster.stop();
  await store.close();
  await emulator.close();
  await database.drop();
}

async function main() {
  const pg = await benchPostgres();
  if (!pg.url) return;
  const stageMs = 10_000;
  const sim = await startSimulatorChild(fileURLToPath(import.meta.url), stageMs);
  const { baseUrl } = sim;
  try {
    console.log(`1. inbound: ${UPDATES} /help updates by webhook, round-robin, 64 at a time`);
    for (const n of [1, 2, 3]) await inbound(pg.url, n, baseUrl);
    await activeOrders(pg.url, sim, stageMs);
  } finally {
    sim.stop();
    pg.stop();
  }
}

// ------------------------------------------------------------------ entry (last: everything above is defined)

if (!(await runAsSimulatorChild())) await main();
