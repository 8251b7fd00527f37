/**
 * Reminders: what one reminder run's store work costs with many customers (planning every rule,
 * reading the due rows, marking what customers did), on SQLite and on PostgreSQL
 * (BENCH_DATABASE_URL, else a throwaway local cluster).
 *
 * `customers` customers are seeded: each got welcome Stars three days ago; one in ten has a plan
 * ending in two days; one in five a draft priced three hours ago; one in five paid and ordered 31
 * days ago. Timed: the first run's planning (at most 500 a rule), the next one's (the customers after
 * those), one once everything is planned (what every run then costs), reading the due rows, and
 * marking what customers did. Sending is not timed: it is paced at BROADCAST_RATE.
 *
 *   npx tsx bench/reminders.ts [customers=10000]
 */
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import type { Store } from '../src/db/index.js';
import { REMINDER_TIMING } from '../src/domain/reminders.js';
import { RemindersService } from '../src/services/reminders.js';
import { createDatabase, type EngineName } from '../test/support/database-factory.js';
import { benchPostgres } from '../test/support/postgres/cluster.js';

const CUSTOMERS = Number(process.argv[2] ?? 10_000);
const DAY = 24 * 60 * 60_000;
const logger = pino({ level: 'silent' });
const NOW = Date.UTC(2026, 10, 20, 12);

async function seed(open: (now: () => number) => Promise<Store>): Promise<void> {
  let clock = NOW - 31 * DAY;
  const store = await open(() => clock);
  for (let id = 1; id <= CUSTOMERS; id++) {
    clock = NOW - 31 * DAY;
    await store.users.touch({ id, firstName: `C${id}`, languageCode: 'en' }, false);
    if (id % 5 === 0) {
      await store.subscriptions.recordPayment({
        chargeId: `p${id}`,
        userId: id,
        planId: 'pro',
        stars: 450,
        allowance: 20,
        expiresAt: new Date(clock + 30 * DAY),
        periodSeconds: 30 * 86_400,
        first: true,
      });
      const key = `k${id}`;
      const order = await store.orders.insertDraft({
        id: randomUUID(),
        chatId: id,
        userId: id,
        locale: 'en',
        modelId: 203,
        modelName: 'Lumen',
        modelType: 'image',
        request: { model_id: 203, prompt: 'a fox' },
        priceUsd: '0.04',
        idempotencyKey: key,
      });
      await store.orders.beginSubmission(order.id, key);
    }
    clock = NOW - 3 * DAY;
    await store.wallet.book({ key: `welcome:${id}`, userId: id, kind: 'welcome', delta: 10, stars: 10 });
    if (id % 10 === 1) {
      await store.subscriptions.recordPayment({
        chargeId: `s${id}`,
        userId: id,
        planId: 'pro',
        stars: 450,
        allowance: 20,
        expiresAt: new Date(NOW + 2 * DAY),
        periodSeconds: 30 * 86_400,
        first: true,
      });
    }
    if (id % 5 === 2) {
      clock = NOW - 3 * 60 * 60_000;
      await store.orders.insertDraft({
        id: randomUUID(),
        chatId: id,
        userId: id,
        locale: 'en',
        modelId: 203,
        modelName: 'Lumen',
        modelType: 'image',
        request: { model_id: 203, prompt: 'a fox' },
        priceUsd: '0.04',
        idempotencyKey: `d${id}`,
      });
    }
  }
  await store.close();
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await work();
  return [out, performance.now() - start];
}

async function run(engine: EngineName, postgresUrl?: string): Promise<void> {
  const database = await createDatabase(engine, postgresUrl ? { url: postgresUrl } : undefined);
  try {
    await seed((now) => database.open(now));
    const store = await database.open(() => NOW);
    const service = new RemindersService({
      reminders: store.reminders,
      subscriptions: store.subscriptions,
      ledger: store.wallet,
      orders: store.orders,
      rules: ['plan_ending', 'welcome_unused', 'quote_unconfirmed', 'win_back'],
      logger,
      now: () => NOW,
    });
    const [planned, firstMs] = await timed(() => service.planDue());
    const [again, nextMs] = await timed(() => service.planDue());
    let runs = 2;
    while ((await service.planDue()) > 0) runs++;
    const [, steadyMs] = await timed(() => service.planDue());
    if (process.env.BENCH_DETAIL) {
      const r = store.reminders;
      for (const [name, call] of [
        ['plans', () => r.plansEnding(0, 3 * DAY, 'plan:72h:')],
        ['welcome', () => r.welcomeUnused(2 * DAY, 7 * DAY, 'welcome:')],
        ['quotes', () => r.quotesUnconfirmed(2 * 3_600_000, 7 * DAY, 'quote:')],
        ['quiet', () => r.quietPayers(30 * DAY, 7 * DAY, 'winback:')],
      ] as const) {
        const [, ms] = await timed(call as () => Promise<unknown>);
        console.log(`  ${name}: ${ms.toFixed(0)} ms`);
      }
    }
    const [due, dueMs] = await timed(() => store.reminders.due());
    const [, actedMs] = await timed(() => store.reminders.markActed(REMINDER_TIMING.actedWithinMs));
    console.log(
      `${engine.padEnd(8)} ${CUSTOMERS.toLocaleString('en-US')} customers: first run plans ${planned} in ${firstMs.toFixed(0)} ms` +
        ` (at most 500 a rule a run), the next ${nextMs.toFixed(0)} ms (${again} new), all planned after ${runs} runs,` +
        ` then a run with nothing new ${steadyMs.toFixed(0)} ms; ` +
        `${due.length} due rows read in ${dueMs.toFixed(0)} ms; acted-on marking ${actedMs.toFixed(0)} ms`,
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
