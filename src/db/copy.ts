/**
 * The way off one machine: every table of a SQLite store copied into an empty PostgreSQL store.
 * Both are opened (and so migrated to the same version) first; the target must be empty; all rows go
 * in one PostgreSQL transaction, and the row counts are compared before it commits, so a copy is all
 * or nothing. The bot must be stopped while it runs (nothing may write to the SQLite file).
 */
import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Engine, Tables } from './engine.js';

/**
 * Every table of the store, in the order they are copied (no foreign keys between them). The update
 * inbox goes too (updates handed back at shutdown wait there), and broadcasts with every
 * recipient's state (one stopped mid-way resumes on PostgreSQL); poll_budget holds only the last
 * seconds' counts and starts empty.
 */
const TABLES = [
  'bots',
  'users',
  'conversationStates',
  'orders',
  'adminAlerts',
  'catalogSnapshots',
  'starTopups',
  'walletEntries',
  'updateInbox',
  'broadcasts',
  'broadcastRecipients',
  'auditLog',
  'promoCodes',
  'promoRedemptions',
  'promoMisses',
  'campaigns',
  'uploadSources',
  'liveSettings',
  'modelSettings',
  'subscriptions',
  'subscriptionPeriods',
  'subscriptionCheckouts',
  'subscriptionSignals',
  'reminders',
  'contentRules',
  'contentBlocks',
  'groupChats',
  'contentReports',
] as const satisfies readonly (keyof Tables)[];

/** Tables the migrations fill (the main bot's row): an empty target has them, and the copy replaces them. */
const SEEDED: ReadonlySet<keyof Tables> = new Set(['bots']);

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table (orders). */
const BATCH = 500;

export class CopyRefusedError extends Error {
  override readonly name = 'CopyRefusedError';
}

export interface CopiedTable {
  table: string;
  rows: number;
}

async function countRows(engine: Engine, table: keyof Tables): Promise<number> {
  const rows = await engine.run((db) =>
    db.select({ n: count() }).from(engine.tables[table] as unknown as PgTable),
  );
  return Number(rows[0]?.n ?? 0);
}

export async function copyStore(source: Engine, target: Engine): Promise<CopiedTable[]> {
  if (source.dialect !== 'sqlite' || target.dialect !== 'postgres') {
    throw new CopyRefusedError('copies a SQLite store into a PostgreSQL one only');
  }
  const occupied: string[] = [];
  for (const table of TABLES) {
    if (SEEDED.has(table)) continue;
    const rows = await countRows(target, table);
    if (rows > 0) occupied.push(`${table} (${rows} rows)`);
  }
  if (occupied.length > 0) {
    throw new CopyRefusedError(`the target database is not empty: ${occupied.join(', ')}`);
  }
  const copied: CopiedTable[] = [];
  await target.transaction(async (tx) => {
    for (const table of TABLES) {
      const rows = (await source.run((db) =>
        db.select().from(source.tables[table] as unknown as PgTable),
      )) as Record<string, unknown>[];
      const into = target.tables[table] as unknown as PgTable;
      if (SEEDED.has(table)) await tx.db.delete(into);
      for (let i = 0; i < rows.length; i += BATCH) {
        // Ids of identity columns are kept as they are: the ledger's order is the order of its ids,
        // and recipients and the admins' messages refer to broadcasts by id.
        await tx.db
          .insert(into)
          .overridingSystemValue()
          .values(rows.slice(i, i + BATCH));
      }
      const inTarget = Number((await tx.db.select({ n: count() }).from(into))[0]?.n ?? 0);
      if (inTarget !== rows.length) {
        throw new Error(`${table}: ${rows.length} rows read, ${inTarget} written`);
      }
      copied.push({ table, rows: rows.length });
    }
    // The next bot, wallet entry, broadcast and audit entry continue after the copied ones.
    for (const table of [
      'bots',
      'wallet_entries',
      'broadcasts',
      'audit_log',
      'campaigns',
      'content_blocks',
    ]) {
      await tx.db.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false) from ${sql.identifier(table)}`,
      );
    }
  });
  return copied;
}
