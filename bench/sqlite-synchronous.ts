/**
 * The cost of `synchronous = FULL` (every commit on disk before it is acknowledged) against NORMAL,
 * for the writes that carry money: an order draft inserted, then moved to submitting and submitted,
 * one transaction each, on a real file in WAL mode.
 *
 *   npx tsx bench/sqlite-synchronous.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../src/db/engines/sqlite.js';
import { storeOn } from '../src/db/index.js';

const ORDERS = Number(process.env.ORDERS ?? 2000);

async function run(mode: 'NORMAL' | 'FULL'): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sync-'));
  const database = openSqlite(join(dir, 'bot.sqlite'));
  try {
    database.sqlite.pragma(`synchronous = ${mode}`);
    const { orders } = storeOn(database);
    const started = performance.now();
    for (let i = 0; i < ORDERS; i++) {
      const key = randomUUID();
      const row = await orders.insertDraft({
        id: randomUUID(),
        chatId: 1,
        userId: 1,
        locale: 'en',
        modelId: 203,
        modelName: 'Lumen',
        modelType: 'image',
        request: { model_id: 203, prompt: `bench ${i}` },
        quoteId: null,
        priceUsd: '0.04',
        quoteExpiresAt: null,
        idempotencyKey: key,
      });
      await orders.beginSubmission(row.id, key);
      await orders.markSubmitted(row.id, key, {
        id: `up-${i}`,
        model_id: 203,
        status: 'queued',
        cost_usd: '0.04',
        result: [],
        expires_at: null,
        error: null,
      });
    }
    return (ORDERS * 3) / ((performance.now() - started) / 1000);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const normal = await run('NORMAL');
const full = await run('FULL');
console.log(`order writes (insert, submitting, submitted), ${ORDERS} orders on a real file, WAL:`);
console.log(`  synchronous=NORMAL  ${normal.toFixed(0)} commits/s`);
console.log(
  `  synchronous=FULL    ${full.toFixed(0)} commits/s  (${((full / normal) * 100).toFixed(0)} % of NORMAL)`,
);
