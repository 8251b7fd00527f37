/**
 * Update handling throughput and latency through the full middleware stack (sequentialize, user
 * store, i18n, conversations storage, features), in-process, on SQLite and on PostgreSQL, against
 * a bare grammY bot that answers the same command. Telegram is replaced by a fake fetch that
 * answers at once, so the figures are the bot's own cost. Each is measured one update at a time
 * (latency) and with 32 in flight from different chats (throughput, as the runner handles them).
 * PostgreSQL: BENCH_DATABASE_URL, else a throwaway local cluster (Debian's postgresql package).
 *
 * Then the same through the update inbox (workers/update-inbox.ts, as main.ts wires it): every
 * update stored (batches of 100, as getUpdates hands them), claimed and recorded done. The CPU per
 * update with and without the inbox, in one process, is the inbox's own cost (no HTTP, no emulator).
 *
 *   npx tsx bench/update-handling.ts [updates=5000]
 */
import type { Update } from 'grammy/types';
import { pino } from 'pino';
import { UpdateInboxWorker } from '../src/workers/update-inbox.js';
import { createDatabase, type EngineName } from '../test/support/database-factory.js';
import { createInProcessBot, textUpdate } from '../test/support/in-process-bot.js';
import { benchPostgres } from '../test/support/postgres/cluster.js';
import { bareHelpBot } from './support/bare-bot.js';

const N = Number(process.argv[2] ?? 5000);
const USERS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(name: string, handle: (u: Update) => Promise<void>, inFlight = 1) {
  const durations: number[] = [];
  // Warm-up: JIT, prepared statements, Fluent bundles.
  for (let i = 0; i < 200; i++) await handle(update(i));
  const started = process.hrtime.bigint();
  let next = 0;
  const lane = async () => {
    while (next < N) {
      const i = next++;
      const t0 = process.hrtime.bigint();
      await handle(update(i));
      durations.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
  durations.sort((a, b) => a - b);
  const result = {
    name,
    perSecond: (N / totalMs) * 1000,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
  };
  console.log(
    `${name.padEnd(38)} ${result.perSecond.toFixed(0).padStart(7)} updates/s   p50 ${result.p50.toFixed(3)} ms   p99 ${result.p99.toFixed(3)} ms`,
  );
  return result;
}

/** CPU (user + system) and wall time of `work` over N fresh updates. */
async function cpuPerUpdate(work: (updates: Update[]) => Promise<void>) {
  const updates = Array.from({ length: N }, (_, i) => update(i));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await work(updates);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { cpuMs: (cpu.user + cpu.system) / 1000 / N, perSecond: (N / wallMs) * 1000 };
}

let updateId = 1;
function update(i: number): Update {
  const user = { id: 10_000 + (i % USERS), language_code: i % 2 ? 'ru' : 'en' };
  return textUpdate(updateId++, user, '/help');
}

const bare = bareHelpBot();

console.log(`update handling, ${N} /help updates from ${USERS} users, in-process\n`);
const CONCURRENT = 32;
const baseline = await measure('bare grammY, 1 in flight', (u) => bare.handleUpdate(u));
const baselineConcurrent = await measure(
  `bare grammY, ${CONCURRENT} in flight`,
  (u) => bare.handleUpdate(u),
  CONCURRENT,
);

const postgres = await benchPostgres();
const postgresUrl = postgres.url;
const engines: EngineName[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
const ratio = (a: number, b: number) => `x${(a / b).toFixed(2)}`;
const summary: string[] = [];
try {
  for (const engine of engines) {
    const database = await createDatabase(engine, postgresUrl ? { url: postgresUrl } : undefined);
    const harness = await createInProcessBot({ database });
    const one = await measure(`full stack on ${engine}, 1 in flight`, (u) => harness.bot.handleUpdate(u));
    const many = await measure(
      `full stack on ${engine}, ${CONCURRENT} in flight`,
      (u) => harness.bot.handleUpdate(u),
      CONCURRENT,
    );
    const direct = await cpuPerUpdate(async (updates) => {
      let next = 0;
      const lane = async () => {
        while (next < updates.length) await harness.bot.handleUpdate(updates[next++]!);
      };
      await Promise.all(Array.from({ length: 64 }, lane));
    });
    const inboxStore = await database.open();
    const inboxed = await cpuPerUpdate(async (updates) => {
      let handled = 0;
      let allHandled: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        allHandled = resolve;
      });
      const worker = new UpdateInboxWorker({
        inbox: inboxStore.inbox,
        handle: async (u) => {
          await harness.bot.handleUpdate(u);
          if (++handled === updates.length) allHandled();
        },
        owner: `bench-${engine}`,
        logger: pino({ level: 'silent' }),
      });
      await worker.start();
      for (let i = 0; i < updates.length; i += 100) {
        await Promise.all(updates.slice(i, i + 100).map((u) => worker.accept(u)));
      }
      await finished;
      await worker.drain(5_000);
    });
    console.log(
      `${`through the inbox on ${engine}`.padEnd(38)} ${inboxed.perSecond.toFixed(0).padStart(7)} updates/s   ` +
        `CPU per update ${inboxed.cpuMs.toFixed(3)} ms (without the inbox ${direct.cpuMs.toFixed(3)} ms, 64 in flight)`,
    );
    await harness.close();
    summary.push(
      `${engine.padEnd(8)} the inbox costs ${(inboxed.cpuMs - direct.cpuMs).toFixed(3)} ms CPU per update (x${(inboxed.cpuMs / direct.cpuMs).toFixed(2)} the handling alone)`,
    );
    summary.push(
      `${engine.padEnd(8)} vs bare: 1 in flight throughput ${ratio(one.perSecond, baseline.perSecond)}, p50 ${ratio(one.p50, baseline.p50)}; ${CONCURRENT} in flight throughput ${ratio(many.perSecond, baselineConcurrent.perSecond)}, p99 ${many.p99.toFixed(2)} ms`,
    );
  }
} finally {
  postgres.stop();
}
console.log(`\n${summary.join('\n')}`);
