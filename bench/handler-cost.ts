/**
 * The bot's own cost per update (issue 28), in-process: CPU time and bytes allocated per update
 * through the full middleware stack on SQLite, then the same through the update inbox (stored in
 * getUpdates-sized batches, claimed, handled, marked done: workers/update-inbox.ts) on SQLite and
 * PostgreSQL, beside a bare grammY bot in the same process as the yardstick. Telegram is a fake fetch that answers at once. CPU time is the
 * process's own (user + system), so other load on the machine skews it less than updates/s.
 *
 * Allocations come from V8's sampling heap profiler with the objects later collected counted too
 * (every sample stands for its share of the bytes allocated), so GC pressure shows as bytes.
 *
 *   npx tsx bench/handler-cost.ts [updates=3000] [text=/help]
 *
 * BENCH_PROFILE=<dir> also writes a CPU profile of the measured run there (read it with
 * `npx tsx bench/support/cpu-profile-summary.ts <file>`), and BENCH_ALLOC_TOP=<n> prints the
 * functions allocating the most.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import type { Update } from 'grammy/types';
import { pino } from 'pino';
import { UpdateInboxWorker, type UpdateInboxWorkerOptions } from '../src/workers/update-inbox.js';
import { createDatabase, type EngineName } from '../test/support/database-factory.js';
import { createInProcessBot, textUpdate } from '../test/support/in-process-bot.js';
import { benchPostgres } from '../test/support/postgres/cluster.js';
import { bareHelpBot } from './support/bare-bot.js';

const N = Number(process.argv[2] ?? 3000);
const TEXT = process.argv[3] ?? '/help';
const USERS = 200;
const IN_FLIGHT = 64;
const PROFILE_DIR = process.env.BENCH_PROFILE;
const ALLOC_TOP = Number(process.env.BENCH_ALLOC_TOP ?? 0);

let updateId = 1;
function update(i: number): Update {
  const user = { id: 10_000 + (i % USERS), language_code: i % 2 ? 'ru' : 'en' };
  return textUpdate(updateId++, user, TEXT);
}

type Driver = (updates: Update[]) => Promise<unknown>;

/** Handles the updates directly, IN_FLIGHT at a time (no inbox). */
const direct =
  (handle: (u: Update) => Promise<unknown>): Driver =>
  async (updates) => {
    let next = 0;
    const lane = async () => {
      while (next < updates.length) await handle(updates[next++]!);
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  };

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

function allocationsByFunction(root: SamplingNode): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (n: SamplingNode) => {
    const url = n.callFrame.url;
    const nm = url.lastIndexOf('node_modules/');
    const src = url.indexOf('/src/');
    const where = nm >= 0 ? url.slice(nm + 13) : src >= 0 ? url.slice(src + 1) : url || '(native)';
    const key = `${n.callFrame.functionName || '(anonymous)'}  ${where}:${n.callFrame.lineNumber + 1}`;
    out.set(key, (out.get(key) ?? 0) + n.selfSize);
    for (const c of n.children) walk(c);
  };
  walk(root);
  return out;
}

const session = new Session();
session.connect();

async function measure(name: string, handleAll: Driver) {
  await handleAll(Array.from({ length: 500 }, (_, i) => update(i)));
  // CPU, without the profilers' own overhead.
  const timed = Array.from({ length: N }, (_, i) => update(i));
  const cpu0 = process.cpuUsage();
  await handleAll(timed);
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000 / N;
  // Allocations: every byte, kept or collected, by V8's sampling heap profiler.
  const sampled = Array.from({ length: N }, (_, i) => update(i));
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await handleAll(sampled);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const byFn = allocationsByFunction(profile.head as unknown as SamplingNode);
  const bytes = [...byFn.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${name.padEnd(22)} CPU ${cpuMs.toFixed(3)} ms/update   allocated ${(bytes / N / 1024).toFixed(1)} KB/update`,
  );
  if (ALLOC_TOP) {
    const top = [...byFn].sort((a, b) => b[1] - a[1]).slice(0, ALLOC_TOP);
    for (const [fn, b] of top) console.log(`   ${(b / N / 1024).toFixed(2).padStart(7)} KB  ${fn}`);
  }
  if (PROFILE_DIR) {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    await handleAll(Array.from({ length: N }, (_, i) => update(i)));
    const { profile: cpuProfile } = await session.post('Profiler.stop');
    const file = join(PROFILE_DIR, `${name.replace(/\W+/g, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(cpuProfile));
    console.log(`   CPU profile: ${file}`);
  }
  return { name, cpuMs, kb: bytes / N / 1024 };
}

/**
 * The bot through the inbox on `engine`: updates offered 100 at a time (a getUpdates batch, each
 * batch once the previous one is stored, as polling does), claimed and handled by the worker.
 */
async function throughInbox(engine: EngineName, pgUrl?: string) {
  const database = await createDatabase(engine, pgUrl ? { url: pgUrl } : undefined);
  const harness = await createInProcessBot({ database });
  // The bot's own store, as in production: a second SQLite connection in the same thread would
  // wait, blocking, for the first one's transaction (which it blocks from finishing).
  const store = harness.store;
  let handled = 0;
  let wake: (() => void) | undefined;
  // Claiming passes: each reads the waiting updates once, so how many heads a pass takes matters.
  let passes = 0;
  const repo = store.inbox;
  const inbox: UpdateInboxWorkerOptions['inbox'] = {
    scope: repo.scope,
    store: (u, o) => repo.store(u, o),
    skip: (id, lane) => repo.skip(id, lane),
    settle: (s) => {
      if (s.claim.chats > 0 || s.claim.payments > 0) passes++;
      return repo.settle(s);
    },
    renew: (owner, ids, leaseMs) => repo.renew(owner, ids, leaseMs),
    finishMany: (ids) => repo.finishMany(ids),
    release: (owner, ids) => repo.release(owner, ids),
  };
  const worker = new UpdateInboxWorker({
    inbox,
    handle: async (u) => {
      await harness.bot.handleUpdate(u);
      harness.calls.length = 0;
      handled++;
      wake?.();
    },
    // As the app wires it (app/container.ts): the claim's pass reads the senders' rows.
    readSenders: (ids) => store.users.findMany(ids),
    owner: 'bench',
    logger: pino({ level: 'silent' }),
  });
  await worker.start();
  const result = await measure(`the bot, inbox, ${engine}`, async (updates) => {
    const until = handled + updates.length;
    for (let i = 0; i < updates.length; i += 100)
      await Promise.all(updates.slice(i, i + 100).map((u) => worker.accept(u)));
    while (handled < until) await new Promise<void>((resolve) => (wake = resolve));
  });
  console.log(`   ${passes} claiming passes in all (${((N * 2 + 500) / passes).toFixed(1)} updates a pass)`);
  await worker.drain(1000);
  await harness.close();
  return result;
}

const bare = bareHelpBot();

console.log(`${N} updates "${TEXT}" from ${USERS} users, ${IN_FLIGHT} in flight, in-process\n`);
const yardstick = await measure(
  'bare grammY',
  direct((u) => bare.handleUpdate(u)),
);
const database = await createDatabase('sqlite');
const harness = await createInProcessBot({ database });
const bot = await measure(
  'the bot on SQLite',
  direct(async (u) => {
    await harness.bot.handleUpdate(u);
    // The harness records every call for tests; a benchmark keeps none.
    harness.calls.length = 0;
  }),
);
await harness.close();
const results = [bot, await throughInbox('sqlite')];
const pg = await benchPostgres();
if (pg.url) results.push(await throughInbox('postgres', pg.url));
pg.stop();
console.log();
for (const r of results)
  console.log(
    `${r.name.padEnd(22)} costs x${(r.cpuMs / yardstick.cpuMs).toFixed(2)} the CPU of bare grammY per update`,
  );
session.disconnect();
