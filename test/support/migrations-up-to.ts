/**
 * An engine's migrations cut at one of them: the schema an older version of the bot had, for tests
 * of a migration on the data that version left; and a store opened over such a database.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as sqliteMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/postgres-js';
import { migrate as pgMigrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { openStore, type Store } from '../../src/db/index.js';
import { createDatabase } from './database-factory.js';

const MIGRATIONS = resolve(import.meta.dirname, '../../migrations');

/** Copies `engine`'s migrations up to number `last` (its journal cut there) into `dir`; returns it. */
export function migrationsUpTo(engine: 'sqlite' | 'postgres', last: number, dir: string): string {
  const from = join(MIGRATIONS, engine);
  const to = join(dir, `${engine}-migrations-${last}`);
  mkdirSync(join(to, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(join(from, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  for (const e of journal.entries) copyFileSync(join(from, `${e.tag}.sql`), join(to, `${e.tag}.sql`));
  writeFileSync(join(to, 'meta/_journal.json'), JSON.stringify(journal));
  return to;
}

/**
 * A store opened as the bot opens it now (every migration applied) over the SQLite database an
 * older version left: migrated up to number `last`, then given that version's rows by `seed`.
 * `check` runs on it; the store is closed after.
 */
export async function onOlderSqlite(opts: {
  dir: string;
  last: number;
  seed(db: Database.Database): void;
  now: () => number;
  check(store: Store): Promise<void>;
}): Promise<void> {
  const path = join(opts.dir, `older-${opts.last}-${randomUUID()}.sqlite`);
  const db = new Database(path);
  sqliteMigrate(sqliteDrizzle(db), { migrationsFolder: migrationsUpTo('sqlite', opts.last, opts.dir) });
  opts.seed(db);
  db.close();
  const store = await openStore({ path }, opts.now);
  try {
    await opts.check(store);
  } finally {
    await store.close();
  }
}

/** The same on a throwaway PostgreSQL database of the run's server (`url`), dropped after. */
export async function onOlderPostgres(opts: {
  dir: string;
  last: number;
  url: string;
  seed(sql: postgres.Sql): Promise<void>;
  now: () => number;
  check(store: Store): Promise<void>;
}): Promise<void> {
  const database = await createDatabase('postgres', { url: opts.url });
  const { url } = database.location as { url: string };
  try {
    const client = postgres(url, { onnotice: () => {} });
    try {
      await pgMigrate(pgDrizzle(client), {
        migrationsFolder: migrationsUpTo('postgres', opts.last, opts.dir),
      });
      await opts.seed(client);
    } finally {
      await client.end();
    }
    await opts.check(await database.open(opts.now));
  } finally {
    await database.drop();
  }
}
