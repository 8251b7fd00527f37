/**
 * Update handling throughput and latency through the full middleware stack (sequentialize, user
 * store, i18n, conversations storage, features), in-process, on SQLite and on PostgreSQL, against
 * a bare grammY bot that answers the same command. Telegram is replaced by a fake fetch that
 * answers at once, so the figures are the bot's own cost. Each is measured one update at a time
 * (latency) and with 32 in flight from different chats (throughput, as the runner handles them).
 * PostgreSQL: BENCH_DATABASE_URL, else a throwaway local cluster (Debian's postgresql package).
 *
 *   npx tsx bench/update-handling.ts [updates=5000]
 */
import { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { createDatabase, type EngineName } from '../test/support/database-factory.js';
import { createInProcessBot, TEST_BOT_INFO, textUpdate } from '../test/support/in-process-bot.js';
import { benchPostgres } from '../test/support/postgres/cluster.js';

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

let updateId = 1;
function update(i: number): Update {
  const user = { id: 10_000 + (i % USERS), language_code: i % 2 ? 'ru' : 'en' };
  return textUpdate(updateId++, user, '/help');
}

const fakeFetch = async (url: string | URL | Request, init?: RequestInit) => {
  const payload = JSON.parse(String(init?.body ?? '{}'));
  return Response.json({
    ok: true,
    result: String(url).endsWith('sendMessage')
      ? { message_id: 1, date: 0, chat: { id: payload.chat_id, type: 'private' } }
      : true,
  });
};

const bare = new Bot('123:TEST', { botInfo: TEST_BOT_INFO, client: { fetch: fakeFetch as never } });
bare.command('help', (ctx) => ctx.reply('help text'));

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
    await harness.close();
    summary.push(
      `${engine.padEnd(8)} vs bare: 1 in flight throughput ${ratio(one.perSecond, baseline.perSecond)}, p50 ${ratio(one.p50, baseline.p50)}; ${CONCURRENT} in flight throughput ${ratio(many.perSecond, baselineConcurrent.perSecond)}, p99 ${many.p99.toFixed(2)} ms`,
    );
  }
} finally {
  postgres.stop();
}
console.log(`\n${summary.join('\n')}`);
