/**
 * The update inbox at the speed of the store (issue 28), black box: the unmodified bot as a real
 * process against the Telegram emulator, and a bare grammY bot (@grammyjs/runner, replying to every
 * message) on the same emulator in the same run, as the yardstick.
 *
 * - polling on SQLite and on PostgreSQL: UPDATES /help messages from 200 users queued at once;
 * - webhook with 1, 2 and 3 replicas on PostgreSQL: the same, POSTed round-robin 64 at a time;
 * - bare grammY's webhook in 1 and in 3 processes, POSTed alike: what more processes cost on this
 *   machine with no database at all (each sees a third of the load: fewer events per turn of its
 *   event loop, more context switches), the yardstick for "replicas that add".
 *
 * An update counts once its answer reached the emulator; its latency is from when it was queued
 * (polling) or POSTed (webhook) to its answer. CPU of the bot processes, PostgreSQL and the whole
 * machine over each run is printed: the machine may be shared, which the figures then include. On
 * PostgreSQL, the statements committed per update (pg_stat_database) count the round trips.
 *
 *   npx tsx bench/inbox-throughput.ts [updates=3000]
 *
 * The emulator (in this process) is warmed up by an uncounted bare grammY run first: its first
 * thousands of calls run unoptimised, which made the first yardstick ~20% slower than the last.
 * BENCH_REPEAT=<n> runs the whole round n times and prints each run's ratios and their medians (the
 * machine's speed drifts by tens of percent between runs on a shared host).
 *
 * BENCH_ONLY=polling-sqlite (or polling-postgres, webhook-1, webhook-2, webhook-3; comma-separated)
 * runs only those beside the yardstick. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each bot
 * process there (read it with `npx tsx bench/support/cpu-profile-summary.ts <file>`); BENCH_NODE_ARGS
 * passes other flags to node for the bot processes (`--import <a probe>`: NODE_OPTIONS refuses some).
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { run } from '@grammyjs/runner';
import { Bot, webhookCallback } from 'grammy';
import postgres from 'postgres';
import { type RunningSimulator, startSimulator } from '../src/simulator/server.js';
import { createDatabase, type EngineName } from '../test/support/database-factory.js';
import { BotProcess } from '../test/support/e2e/bot-process.js';
import { webhookReplicaEnv } from '../test/support/e2e/cluster.js';
import { freePort } from '../test/support/e2e/free-port.js';
import { textUpdate } from '../test/support/in-process-bot.js';
import { benchPostgres } from '../test/support/postgres/cluster.js';
import { startTelegramEmulator, type TelegramEmulator } from '../test/support/telegram/emulator.js';
import { cpuOf, machineBusySeconds, postgresPids } from './support/cpu.js';
import { API_KEY, percentile } from './support/upstream.js';

const UPDATES = Number(process.argv[2] ?? 3000);
/**
 * Updates each bot process answers before the measure starts, uncounted: a process's first
 * thousand updates run mostly unoptimised (V8 compiles hot code as it goes), and three replicas
 * sharing 3,000 updates would each pay that once, a cost a long-running replica pays only at start.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 1);
const USERS = 200;
const SECRET = 'whsec_bench';
const BARE_FLAG = '--bare-grammy';
const BARE_WEBHOOK_FLAG = '--bare-grammy-webhook';
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (run: string) => !ONLY || ONLY.includes(run);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const nodeArgs = [
  ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []),
  ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
];

interface Result {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  cpu: string;
  /** The bot processes' CPU ms per update. */
  cpuMs: number;
}

/** Statements committed on the bench's PostgreSQL so far (every database), or undefined. */
let committed: (() => Promise<number>) | undefined;

/** Watches the emulator's sendMessage calls: each chat's k-th answer is for its k-th update. */
function answerTimes(emulator: TelegramEmulator) {
  const sentAt = new Map<number, number[]>();
  const latencies: number[] = [];
  const answered = new Map<number, number>();
  // Seen as the emulator takes each call (cheap: no scan of its whole call log).
  emulator.observeCalls((method, params) => {
    if (method !== 'sendMessage') return;
    const chat = Number(params.chat_id);
    const k = answered.get(chat) ?? 0;
    answered.set(chat, k + 1);
    const sent = sentAt.get(chat)?.[k];
    if (sent !== undefined) latencies.push(performance.now() - sent);
  });
  return {
    sent(chat: number) {
      const list = sentAt.get(chat) ?? [];
      list.push(performance.now());
      sentAt.set(chat, list);
    },
    async until(n: number) {
      while (latencies.length < n) await new Promise((r) => setTimeout(r, 5));
    },
    stop() {
      emulator.observeCalls(undefined);
      return latencies.sort((a, b) => a - b);
    },
  };
}

let upstream: RunningSimulator;

function botEnv(emulator: TelegramEmulator): Record<string, string> {
  return {
    BOT_TOKEN: emulator.token,
    TELEGRAM_API_ROOT: emulator.apiRoot,
    RESELLER_API_URL: upstream.baseUrl,
    RESELLER_API_KEY: API_KEY,
    // The emulator here does not limit: measure the inbox, not Telegram's 30 posts a second.
    TELEGRAM_SEND_RATE: '0',
    ...(process.env.INBOX_CONCURRENCY && { INBOX_CONCURRENCY: process.env.INBOX_CONCURRENCY }),
  };
}

/** Sends `count` updates, numbered from `firstId` where the sender numbers them. */
type Send = (watch: ReturnType<typeof answerTimes>, count: number, firstId: number) => Promise<void>;

async function measure(
  name: string,
  emulator: TelegramEmulator,
  pids: () => number[],
  send: Send,
): Promise<Result> {
  const warmup = WARMUP * pids().length;
  if (warmup > 0) {
    const warming = answerTimes(emulator);
    await send(warming, warmup, 1);
    await warming.until(warmup);
    warming.stop();
  }
  const watch = answerTimes(emulator);
  // Only where the bot's store is PostgreSQL (the runs named so).
  const commits0 = name.includes('postgres') ? await committed?.() : undefined;
  const cpu0 = { bots: cpuOf(pids()), pg: cpuOf(postgresPids()), all: machineBusySeconds() };
  const started = performance.now();
  await send(watch, UPDATES, warmup + 1);
  await watch.until(UPDATES);
  const elapsed = (performance.now() - started) / 1000;
  const lat = watch.stop();
  // Read at the end of the run, before the wait for the statement counts below.
  const botCpu = cpuOf(pids()) - cpu0.bots;
  const pgCpu = cpuOf(postgresPids()) - cpu0.pg;
  const machine = machineBusySeconds() - cpu0.all;
  // pg_stat_database is updated when a backend reports, within about half a second.
  const statements =
    commits0 === undefined
      ? ''
      : await sleep(600).then(
          async () => `, ${(((await committed!()) - commits0) / UPDATES).toFixed(2)} statements`,
        );
  const pct = (s: number) => `${((s / elapsed) * 100).toFixed(0)}%`;
  // CPU per update: what the machine's load does not change much (a shared machine stretches time).
  const cpu =
    `${((botCpu / UPDATES) * 1000).toFixed(2)} ms CPU per update; bot ${pct(botCpu)}, PostgreSQL ${pct(pgCpu)},` +
    ` machine ${pct(machine)} of one core${statements}`;
  const cpuMs = (botCpu / UPDATES) * 1000;
  return {
    name,
    perSecond: UPDATES / elapsed,
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
    cpu,
    cpuMs,
  };
}

/** Queues every update at once, as Telegram does for a bot that polls. */
async function queueAll(emulator: TelegramEmulator, watch: ReturnType<typeof answerTimes>, count: number) {
  const users = Array.from({ length: USERS }, () => emulator.createUser({ language_code: 'en' }));
  await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const user = users[i % USERS]!;
      watch.sent(user.id);
      return user.sendCommand('help');
    }),
  );
}

async function bareGrammy(): Promise<Result> {
  const emulator = await startTelegramEmulator();
  const child = fork(fileURLToPath(import.meta.url), [BARE_FLAG, emulator.token, emulator.apiRoot], {
    stdio: 'inherit',
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  const result = await measure(
    'bare grammY + runner',
    emulator,
    () => [child.pid!],
    (w, count) => queueAll(emulator, w, count),
  );
  child.kill();
  await emulator.close();
  return result;
}

async function polling(engine: EngineName, pgUrl: string | undefined): Promise<Result> {
  const emulator = await startTelegramEmulator();
  const database = await createDatabase(engine, pgUrl ? { url: pgUrl } : undefined);
  const bot = await BotProcess.start({
    env: { ...botEnv(emulator), ...database.env, LOG_LEVEL: 'info' },
    startTimeoutMs: 60_000,
    nodeArgs,
  });
  const result = await measure(
    `bot, polling, ${engine}`,
    emulator,
    () => [bot.pid],
    (w, count) => queueAll(emulator, w, count),
  );
  await bot.stop();
  await emulator.close();
  await database.drop();
  return result;
}

async function webhook(replicas: number, pgUrl: string): Promise<Result> {
  const emulator = await startTelegramEmulator();
  const database = await createDatabase('postgres', { url: pgUrl });
  const ports = await Promise.all(Array.from({ length: replicas }, () => freePort()));
  const bots: BotProcess[] = [];
  for (let i = 0; i < replicas; i++) {
    bots.push(
      await BotProcess.start({
        env: {
          ...botEnv(emulator),
          ...database.env,
          ...webhookReplicaEnv(i, ports[i]!, SECRET),
          LOG_LEVEL: 'info',
        },
        startTimeoutMs: 60_000,
        nodeArgs,
      }),
    );
  }
  const result = await measureWebhook(`bot, webhook, ${replicas} replica(s), postgres`, emulator, ports, () =>
    bots.map((b) => b.pid),
  );
  await Promise.all(bots.map((b) => b.stop()));
  await emulator.close();
  await database.drop();
  return result;
}

/** POSTs `count` /help updates from `users` round-robin to the `urls`, 64 at a time, as Telegram. */
async function postRoundRobin(
  urls: string[],
  users: Array<{ id: number }>,
  watch: ReturnType<typeof answerTimes>,
  count: number,
  firstId: number,
): Promise<void> {
  let next = firstId - 1;
  const end = firstId - 1 + count;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < end) {
        const i = next++;
        const user = users[i % users.length]!;
        watch.sent(user.id);
        const res = await fetch(urls[i % urls.length]!, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
          body: JSON.stringify(textUpdate(i + 1, { id: user.id, language_code: 'en' }, '/help')),
        });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`webhook answered ${res.status}`);
      }
    }),
  );
}

/** `measure` of processes serving the webhook on `ports`: /help from new users, round-robin. */
function measureWebhook(name: string, emulator: TelegramEmulator, ports: number[], pids: () => number[]) {
  const users = Array.from({ length: USERS }, () => emulator.createUser({ language_code: 'en' }));
  const urls = ports.map((port) => `http://127.0.0.1:${port}/telegram/webhook`);
  return measure(name, emulator, pids, (watch, count, firstId) =>
    postRoundRobin(urls, users, watch, count, firstId),
  );
}

/** bare grammY's webhookCallback in `processes` processes, the same POSTs round-robin. */
async function bareWebhook(processes: number): Promise<Result> {
  const emulator = await startTelegramEmulator();
  const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
  const children = ports.map((port) =>
    fork(
      fileURLToPath(import.meta.url),
      [BARE_WEBHOOK_FLAG, emulator.token, emulator.apiRoot, String(port)],
      {
        stdio: 'inherit',
      },
    ),
  );
  await Promise.all(
    children.map((child) => new Promise<void>((resolve) => child.once('message', () => resolve()))),
  );
  const result = await measureWebhook(`bare grammY webhook, ${processes} process(es)`, emulator, ports, () =>
    children.map((child) => child.pid!),
  );
  for (const child of children) child.kill();
  await emulator.close();
  return result;
}

/** One round: the yardstick, each wanted run, the yardstick again; each result with its ratio. */
async function round(pgUrl: string | undefined): Promise<Array<Result & { ratio: number }>> {
  const results: Result[] = [await bareGrammy()];
  if (wanted('polling-sqlite')) results.push(await polling('sqlite', undefined));
  if (pgUrl) {
    if (wanted('polling-postgres')) results.push(await polling('postgres', pgUrl));
    for (const n of [1, 2, 3]) if (wanted(`webhook-${n}`)) results.push(await webhook(n, pgUrl));
  }
  for (const n of [1, 3]) if (wanted(`bare-webhook-${n}`)) results.push(await bareWebhook(n));
  results.push(await bareGrammy()); // the yardstick again: the machine's load may have changed
  const yardstick = (results[0]!.perSecond + results.at(-1)!.perSecond) / 2;
  return results.map((r) => ({ ...r, ratio: r.perSecond / yardstick }));
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  const pg = await benchPostgres();
  const statsClient = pg.url ? postgres(pg.url, { max: 1 }) : undefined;
  if (statsClient)
    committed = async () =>
      Number((await statsClient`select sum(xact_commit)::bigint as n from pg_stat_database`)[0]?.n ?? 0);
  upstream = await startSimulator({
    accounts: [{ key: API_KEY, balance_usd: '100.00', deposit_usd: '100.00' }],
  });
  try {
    console.log(`${UPDATES} /help updates from ${USERS} users; answers counted at the Telegram emulator`);
    await bareGrammy(); // warm-up, not counted
    const rounds: Array<Array<Result & { ratio: number }>> = [];
    for (let i = 0; i < REPEAT; i++) {
      const results = await round(pg.url);
      rounds.push(results);
      if (REPEAT > 1) console.log(`run ${i + 1} of ${REPEAT}`);
      for (const r of results) {
        console.log(
          `  ${r.name.padEnd(42)} ${r.perSecond.toFixed(0).padStart(5)} updates/s (x${r.ratio.toFixed(2)})` +
            `  answer p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms;  CPU: ${r.cpu}`,
        );
      }
    }
    if (REPEAT > 1) {
      console.log(`medians of ${REPEAT} runs`);
      // The yardstick runs first and last in a round: one line for it.
      for (const [i, r] of rounds[0]!.slice(0, -1).entries()) {
        const rates = rounds.map((rs) => rs[i]!.perSecond);
        const ratios = rounds.map((rs) => rs[i]!.ratio);
        const cpu = rounds.map((rs) => rs[i]!.cpuMs);
        console.log(
          `  ${r.name.padEnd(42)} ${median(rates).toFixed(0).padStart(5)} updates/s (x${median(ratios).toFixed(2)})` +
            `  ${median(cpu).toFixed(2)} ms CPU per update`,
        );
      }
    }
    // The goals of issue 41, each round's figure, then their median.
    const cpuOf = (rs: Result[], name: string) => rs.find((r) => r.name === name)?.cpuMs;
    const goal = (label: string, top: string, bottom: string) => {
      const ratios = rounds
        .map((rs) => [cpuOf(rs, top), cpuOf(rs, bottom)] as const)
        .filter((pair): pair is readonly [number, number] => pair[0] !== undefined && pair[1] !== undefined)
        .map(([a, b]) => a / b);
      if (ratios.length > 0)
        console.log(
          `  ${label}: x${median(ratios).toFixed(2)} (${ratios.map((x) => x.toFixed(2)).join(', ')})`,
        );
    };
    console.log('CPU per update, ratios (medians of the rounds)');
    goal('polling on PostgreSQL / bare grammY', 'bot, polling, postgres', 'bare grammY + runner');
    goal(
      'webhook, 3 replicas / 1 replica',
      'bot, webhook, 3 replica(s), postgres',
      'bot, webhook, 1 replica(s), postgres',
    );
    goal(
      'bare grammY webhook, 3 processes / 1',
      'bare grammY webhook, 3 process(es)',
      'bare grammY webhook, 1 process(es)',
    );
  } finally {
    await upstream.close();
    await statsClient?.end({ timeout: 1 });
    pg.stop();
  }
}

/** The yardstick's process: bare grammY with the runner, answering every message. */
async function runBareGrammy(token: string, apiRoot: string) {
  const bot = new Bot(token, { client: { apiRoot } });
  bot.on('message', (ctx) => ctx.reply('Help: send me a prompt and I will make a picture.'));
  await bot.init();
  run(bot);
  process.send?.('ready');
}

/** bare grammY's webhook process: webhookCallback on a plain HTTP server, answering every message. */
async function runBareWebhook(token: string, apiRoot: string, port: number) {
  const bot = new Bot(token, { client: { apiRoot } });
  bot.on('message', (ctx) => ctx.reply('Help: send me a prompt and I will make a picture.'));
  await bot.init();
  const callback = webhookCallback(bot, 'http', { secretToken: SECRET });
  createServer(callback).listen(port, '127.0.0.1', () => process.send?.('ready'));
}

if (process.argv[2] === BARE_FLAG) await runBareGrammy(process.argv[3]!, process.argv[4]!);
else if (process.argv[2] === BARE_WEBHOOK_FLAG)
  await runBareWebhook(process.argv[3]!, process.argv[4]!, Number(process.argv[5]));
else await main();
