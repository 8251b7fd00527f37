/**
 * Many bots in one deployment (issue 40), black box: the unmodified bot as real processes against
 * the Telegram emulator serving every bot's token, the bots stored in the registry before the start
 * (sealed with BOT_TOKENS_SECRET) as /bot_add leaves them.
 *
 * - SQLite, polling, one process: 1 bot alone, then BOTS_SQLITE bots (default 20);
 * - PostgreSQL, webhook, two replicas: 1 bot alone, then BOTS_POSTGRES bots (default 50), the
 *   emulator pushing every bot's updates to the replicas in turn.
 *
 * For each: the bot processes' CPU per update (user + system, from /proc) with UPDATES /help
 * messages spread over every bot's customers, against one bot alone; memory (RSS) per added idle bot;
 * CPU spent idle per second (what the added bots cost when nobody writes); and flood isolation: the
 * p99 answer time of one bot's customers while another bot gets FLOOD updates at once, against the
 * same customers' p99 with nobody else writing, twice: with the send budget off (every answer at
 * once, the CPU-bound worst case) and with Telegram's send limits kept (TELEGRAM_SEND_RATE 30 per bot,
 * 15 per replica for two), as production runs.
 *
 *   npx tsx bench/many-bots.ts [updates=2000]
 *
 * BENCH_ONLY=sqlite or BENCH_ONLY=postgres runs one half; BENCH_PACED_ONLY=1 only the paced flood. BENCH_CPU_PROF=<dir> writes a V8 CPU
 * profile of each bot process there (`npx tsx bench/support/cpu-profile-summary.ts <file>`).
 */
import { readFileSync } from 'node:fs';
import { openStore } from '../src/db/index.js';
import { SecretBox } from '../src/lib/secret-box.js';
import { type RunningSimulator, startSimulator } from '../src/simulator/server.js';
import { createDatabase, type TestDatabase } from '../test/support/database-factory.js';
import { BotProcess } from '../test/support/e2e/bot-process.js';
import { webhookReplicaEnv } from '../test/support/e2e/cluster.js';
import { freePort } from '../test/support/e2e/free-port.js';
import { benchPostgres } from '../test/support/postgres/cluster.js';
import type { EmulatedBot, ScriptedUser, TelegramEmulator } from '../test/support/telegram/emulator.js';
import { startTelegramEmulator } from '../test/support/telegram/emulator.js';
import { cpuOf } from './support/cpu.js';
import { API_KEY, percentile } from './support/upstream.js';

const UPDATES = Number(process.argv[2] ?? 2000);
const BOTS_SQLITE = Number(process.env.BOTS_SQLITE ?? 20);
const BOTS_POSTGRES = Number(process.env.BOTS_POSTGRES ?? 50);
const FLOOD = Number(process.env.FLOOD ?? 2000);
const PROBES = 100;
const USERS_PER_BOT = 10;
const IDLE_SECONDS = 10;
const TOKENS_SECRET = 'bench-many-bots-secret-0123456789-abcdef';
const WEBHOOK_SECRET = 'whsec_many_bots_bench';
const ONLY = process.env.BENCH_ONLY;
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** BENCH_PACED_ONLY=1: only the flood with Telegram's send limits (to profile it). */
const PACED_ONLY = process.env.BENCH_PACED_ONLY === '1';
const nodeArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];

let upstream: RunningSimulator;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

/** Every answer (sendMessage) of every bot, timed from when its update was sent. */
function answerWatch(bots: EmulatedBot[]) {
  const sentAt = new Map<string, number[]>();
  const answered = new Map<string, number>();
  const latencies = new Map<string, number[]>();
  let total = 0;
  for (const bot of bots) {
    bot.observeCalls((method, params) => {
      if (method !== 'sendMessage') return;
      const key = `${bot.botUser.id}:${params.chat_id}`;
      const k = answered.get(key) ?? 0;
      answered.set(key, k + 1);
      const sent = sentAt.get(key)?.[k];
      total++;
      if (sent === undefined) return;
      const list = latencies.get(String(bot.botUser.id)) ?? [];
      list.push(performance.now() - sent);
      latencies.set(String(bot.botUser.id), list);
    });
  }
  return {
    async send(bot: EmulatedBot, user: ScriptedUser) {
      const key = `${bot.botUser.id}:${user.id}`;
      const list = sentAt.get(key) ?? [];
      list.push(performance.now());
      sentAt.set(key, list);
      await user.sendCommand('help');
    },
    async until(n: number) {
      while (total < n) await sleep(5);
    },
    /** Latencies of this bot's answers since the last reset. */
    of: (bot: EmulatedBot) => [...(latencies.get(String(bot.botUser.id)) ?? [])].sort((a, b) => a - b),
    reset() {
      total = 0;
      latencies.clear();
      // Answers still counted against the sends they belong to: keep sentAt and answered.
    },
    stop() {
      for (const bot of bots) bot.observeCalls(undefined);
    },
  };
}

/** Stores the added bots as /bot_add does (sealed tokens), before the process starts. */
async function registerBots(database: TestDatabase, bots: EmulatedBot[]): Promise<void> {
  const box = new SecretBox(TOKENS_SECRET);
  const store = await openStore(database.location);
  try {
    for (const bot of bots) {
      await store.bots.add({
        telegramId: bot.botUser.id,
        username: bot.botUser.username,
        tokenSealed: box.seal(bot.token),
        createdBy: 1,
        managed: false,
      });
    }
  } finally {
    await store.close();
  }
}

interface Deployment {
  emulator: TelegramEmulator;
  bots: EmulatedBot[];
  processes: BotProcess[];
  stop(): Promise<void>;
}

/**
 * `count` bots served by one process (SQLite) or two webhook replicas (PostgreSQL). `sendRate` is
 * TELEGRAM_SEND_RATE per process: '0' (no budget) measures the bots' own cost; Telegram's real limit
 * (30 a second per bot, split between replicas) shows what a flood costs the other bots in production.
 */
async function deploy(
  count: number,
  engine: 'sqlite' | 'postgres',
  pgUrl: string | undefined,
  sendRate = '0',
): Promise<Deployment> {
  const replicas = engine === 'postgres' ? 2 : 1;
  const ports = await Promise.all(Array.from({ length: replicas }, () => freePort()));
  const emulator = await startTelegramEmulator(
    engine === 'postgres' ? { webhook: { targets: ports.map((p) => `http://127.0.0.1:${p}`) } } : {},
  );
  const database = await createDatabase(engine, pgUrl ? { url: pgUrl } : undefined);
  const added = Array.from({ length: count - 1 }, (_, i) =>
    emulator.addBot({ username: `shop${i + 2}_bot` }),
  );
  await registerBots(database, added);
  const processes: BotProcess[] = [];
  for (let i = 0; i < replicas; i++) {
    processes.push(
      await BotProcess.start({
        env: {
          BOT_TOKEN: emulator.token,
          TELEGRAM_API_ROOT: emulator.apiRoot,
          RESELLER_API_URL: upstream.baseUrl,
          RESELLER_API_KEY: API_KEY,
          BOT_TOKENS_SECRET: TOKENS_SECRET,
          TELEGRAM_SEND_RATE: sendRate,
          LOG_LEVEL: 'info',
          ...(process.env.INBOX_CONCURRENCY && { INBOX_CONCURRENCY: process.env.INBOX_CONCURRENCY }),
          ...database.env,
          ...(engine === 'postgres' ? webhookReplicaEnv(i, ports[i]!, WEBHOOK_SECRET) : {}),
        },
        startTimeoutMs: 120_000,
        nodeArgs,
      }),
    );
  }
  // Every added bot is served on every replica before anything is measured.
  for (const p of processes) {
    while (p.lines.filter((l) => l.includes('"msg":"added bot started"')).length < count - 1) await sleep(50);
  }
  const bots: EmulatedBot[] = [emulator, ...added];
  return {
    emulator,
    bots,
    processes,
    async stop() {
      await Promise.all(processes.map((p) => p.stop()));
      await emulator.close();
      await database.drop();
    },
  };
}

interface Figures {
  bots: number;
  cpuMsPerUpdate: number;
  rssMb: number;
  idleCpuMsPerSecond: number;
  probeP99: number;
  floodedP99: number;
}

async function run(
  count: number,
  engine: 'sqlite' | 'postgres',
  pgUrl: string | undefined,
): Promise<Figures> {
  const d = await deploy(count, engine, pgUrl);
  const pids = () => d.processes.map((p) => p.pid);
  try {
    const users = new Map(
      d.bots.map((bot) => [
        bot,
        Array.from({ length: USERS_PER_BOT }, () => bot.createUser({ language_code: 'en' })),
      ]),
    );
    const watch = answerWatch(d.bots);
    // Warm-up: every customer once (each bot's first update per user creates the user).
    const warm = d.bots.flatMap((bot) => users.get(bot)!.map((u) => watch.send(bot, u)));
    await Promise.all(warm);
    await watch.until(warm.length);
    await sleep(2_000);

    // Idle: what the bots cost when nobody writes.
    const idle0 = cpuOf(pids());
    await sleep(IDLE_SECONDS * 1000);
    const idleCpuMsPerSecond = ((cpuOf(pids()) - idle0) / IDLE_SECONDS) * 1000;
    const rss = d.processes.reduce((sum, p) => sum + rssMb(p.pid), 0) / d.processes.length;
    if (process.env.BENCH_IDLE_ONLY) {
      return { bots: count, cpuMsPerUpdate: 0, rssMb: rss, idleCpuMsPerSecond, probeP99: 0, floodedP99: 0 };
    }

    // CPU per update, the updates spread over every bot's customers.
    watch.reset();
    const cpu0 = cpuOf(pids());
    await Promise.all(
      Array.from({ length: UPDATES }, (_, i) => {
        const bot = d.bots[i % d.bots.length]!;
        const list = users.get(bot)!;
        return watch.send(bot, list[Math.floor(i / d.bots.length) % list.length]!);
      }),
    );
    await watch.until(UPDATES);
    const cpuMsPerUpdate = ((cpuOf(pids()) - cpu0) / UPDATES) * 1000;

    // Flood isolation: the last bot's customers, alone, then while the first bot is flooded.
    const probe = d.bots.at(-1)!;
    const flooded = d.bots[0]!;
    const probes = async () => {
      for (let i = 0; i < PROBES; i++) {
        const list = users.get(probe)!;
        await watch.send(probe, list[i % list.length]!);
        await sleep(20);
      }
    };
    await sleep(1_000);
    watch.reset();
    await probes();
    await watch.until(PROBES);
    const probeP99 = percentile(watch.of(probe), 99);
    watch.reset();
    const floodUsers = Array.from({ length: 200 }, () => flooded.createUser({ language_code: 'en' }));
    const flood =
      count > 1
        ? Promise.all(Array.from({ length: FLOOD }, (_, i) => watch.send(flooded, floodUsers[i % 200]!)))
        : Promise.resolve([]);
    await probes();
    await flood;
    await watch.until(count > 1 ? FLOOD + PROBES : PROBES);
    const floodedP99 = percentile(watch.of(probe), 99);
    watch.stop();
    return { bots: count, cpuMsPerUpdate, rssMb: rss, idleCpuMsPerSecond, probeP99, floodedP99 };
  } finally {
    await d.stop();
  }
}

/** Probe p99 alone and while another bot is flooded, with Telegram's send limits kept. */
interface PacedFlood {
  probeP99: number;
  floodedP99: number;
  /** The flooded bot's answers per second while the probes ran. */
  floodedAnswersPerSecond: number;
}

/**
 * Flood isolation as production runs it: each process keeps Telegram's budget of 30 posts a second
 * per bot (15 per replica for two), so a flooded bot answers at Telegram's pace and waits, while the
 * last bot's customers (each writing at most once a second and a half, the probes 20 a second: within
 * that bot's own limits) are timed alone, then while FLOOD updates reach the first bot at once from
 * 200 new customers.
 */
async function pacedFlood(count: number, engine: 'sqlite' | 'postgres', pgUrl: string | undefined) {
  const d = await deploy(count, engine, pgUrl, engine === 'postgres' ? '15' : '30');
  try {
    const probe = d.bots.at(-1)!;
    const flooded = d.bots[0]!;
    const probeUsers = Array.from({ length: 30 }, () => probe.createUser({ language_code: 'en' }));
    const watch = answerWatch([probe, flooded]);
    for (const user of probeUsers) {
      await watch.send(probe, user);
      await sleep(50);
    }
    await watch.until(probeUsers.length);
    await sleep(2_000);
    const probes = async () => {
      for (let i = 0; i < PROBES; i++) {
        await watch.send(probe, probeUsers[i % probeUsers.length]!);
        await sleep(50);
      }
    };
    watch.reset();
    await probes();
    await watch.until(PROBES);
    const probeP99 = percentile(watch.of(probe), 99);
    await sleep(1_500);
    watch.reset();
    const floodUsers = Array.from({ length: 200 }, () => flooded.createUser({ language_code: 'en' }));
    const started = performance.now();
    const flood = Promise.all(
      Array.from({ length: FLOOD }, (_, i) => watch.send(flooded, floodUsers[i % 200]!)),
    );
    await probes();
    const seconds = (performance.now() - started) / 1000;
    const floodedAnswersPerSecond = watch.of(flooded).length / seconds;
    await flood;
    while (watch.of(probe).length < PROBES) await sleep(5);
    const floodedP99 = percentile(watch.of(probe), 99);
    watch.stop();
    return { probeP99, floodedP99, floodedAnswersPerSecond };
  } finally {
    await d.stop();
  }
}

function reportPaced(label: string, f: PacedFlood) {
  console.log(
    `  ${label}, with Telegram's send limits: probe p99 ${f.probeP99.toFixed(0)} ms alone,` +
      ` ${f.floodedP99.toFixed(0)} ms while another bot is flooded (it answered` +
      ` ${f.floodedAnswersPerSecond.toFixed(0)}/s meanwhile): x${(f.floodedP99 / f.probeP99).toFixed(2)} of idle (goal <= 2)`,
  );
}

function report(label: string, one: Figures, many: Figures) {
  const perBotMb = (many.rssMb - one.rssMb) / (many.bots - 1);
  console.log(label);
  for (const f of [one, many]) {
    console.log(
      `  ${String(f.bots).padStart(2)} bot(s): ${f.cpuMsPerUpdate.toFixed(2)} ms CPU per update; RSS ${f.rssMb.toFixed(0)} MB;` +
        ` idle ${f.idleCpuMsPerSecond.toFixed(0)} ms CPU/s; probe p99 ${f.probeP99.toFixed(0)} ms alone,` +
        ` ${f.floodedP99.toFixed(0)} ms while another bot is flooded`,
    );
  }
  console.log(
    `  CPU per update x${(many.cpuMsPerUpdate / one.cpuMsPerUpdate).toFixed(2)} of one bot (goal <= 1.2);` +
      ` ${perBotMb.toFixed(2)} MB per added idle bot (goal < 2);` +
      ` with the send budget off (every answer at once: the CPU-bound worst case) flooded p99` +
      ` x${(many.floodedP99 / many.probeP99).toFixed(2)} of idle`,
  );
}

async function main() {
  upstream = await startSimulator({
    accounts: [{ key: API_KEY, balance_usd: '100.00', deposit_usd: '100.00' }],
  });
  const pg = ONLY === 'sqlite' ? { url: undefined, stop: () => {} } : await benchPostgres();
  try {
    console.log(
      `${UPDATES} /help updates spread over every bot's customers; answers counted at the emulator`,
    );
    if (ONLY !== 'postgres') {
      if (!PACED_ONLY) {
        const one = await run(1, 'sqlite', undefined);
        const many = await run(BOTS_SQLITE, 'sqlite', undefined);
        report('SQLite, polling, one process', one, many);
      }
      reportPaced(`${BOTS_SQLITE} bots`, await pacedFlood(BOTS_SQLITE, 'sqlite', undefined));
    }
    if (ONLY !== 'sqlite' && pg.url) {
      if (!PACED_ONLY) {
        const one = await run(1, 'postgres', pg.url);
        const many = await run(BOTS_POSTGRES, 'postgres', pg.url);
        report('PostgreSQL, webhook, two replicas (figures per replica for RSS)', one, many);
      }
      reportPaced(`${BOTS_POSTGRES} bots`, await pacedFlood(BOTS_POSTGRES, 'postgres', pg.url));
    }
  } finally {
    await upstream.close();
    pg.stop();
  }
}

await main();
