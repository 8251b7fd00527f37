/**
 * Update handling throughput and latency through the full middleware stack (sequentialize,
 * user store in SQLite, i18n, conversations storage, features), in-process, against a bare
 * grammY bot that answers the same command. Telegram is replaced by a fake fetch that answers
 * at once, so the figures are the bot's own cost.
 *
 *   npx tsx bench/update-handling.ts [updates=5000]
 */
import { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { createInProcessBot, TEST_BOT_INFO, textMessage } from '../test/support/in-process-bot.js';

const N = Number(process.argv[2] ?? 5000);
const USERS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(name: string, handle: (u: Update) => Promise<void>) {
  const durations: number[] = [];
  // Warm-up: JIT, SQLite statement cache, Fluent bundles.
  for (let i = 0; i < 200; i++) await handle(update(i));
  const started = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const t0 = process.hrtime.bigint();
    await handle(update(i));
    durations.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
  durations.sort((a, b) => a - b);
  const result = {
    name,
    perSecond: (N / totalMs) * 1000,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
  };
  console.log(
    `${name.padEnd(14)} ${result.perSecond.toFixed(0).padStart(7)} updates/s   p50 ${result.p50.toFixed(3)} ms   p99 ${result.p99.toFixed(3)} ms`,
  );
  return result;
}

let updateId = 1;
function update(i: number): Update {
  const user = { id: 10_000 + (i % USERS), language_code: i % 2 ? 'ru' : 'en' };
  return { update_id: updateId++, ...textMessage(user, '/help') } as Update;
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
const baseline = await measure('bare grammY', (u) => bare.handleUpdate(u));
const harness = createInProcessBot();
const full = await measure('full stack', (u) => harness.bot.handleUpdate(u));
harness.close();
console.log(
  `\nfull stack / bare: throughput x${(full.perSecond / baseline.perSecond).toFixed(2)}, p50 x${(full.p50 / baseline.p50).toFixed(1)}, p99 x${(full.p99 / baseline.p99).toFixed(1)}`,
);
