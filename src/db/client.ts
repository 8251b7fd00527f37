/**
 * Opens the SQLite database: WAL for concurrent reads while the tracker writes, foreign keys on,
 * and a busy timeout so a second connection (a test, a CLI) waits instead of failing.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

export type Db = BetterSQLite3Database;

export interface OpenedDatabase {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

const MIGRATIONS_FOLDER = resolve(import.meta.dirname, '../../migrations');

export function openDatabase(path: string): OpenedDatabase {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite);
  return { db, sqlite, close: () => sqlite.close() };
}

/** Applies the SQL migrations in `migrations/` that this database has not seen yet. */
export function migrateDatabase(db: Db): void {
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
