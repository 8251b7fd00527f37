/**
 * Opens the SQLite database: WAL for concurrent reads while the tracker writes, foreign keys on,
 * and a busy timeout so a second connection (a test, a CLI) waits instead of failing.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';

export type Db = BetterSQLite3Database;
/** The database or an open transaction: repository steps that must commit together take one. */
export type DbExecutor = BaseSQLiteDatabase<'sync', Database.RunResult>;

export interface OpenedDatabase {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

const MIGRATIONS_FOLDER = resolve(import.meta.dirname, '../../migrations');

/** The database file cannot be used; the message names DATABASE_PATH, the path and why. */
export class DatabaseOpenError extends Error {
  override readonly name = 'DatabaseOpenError';
}

function unusable(path: string, err: unknown): DatabaseOpenError {
  const code = (err as { code?: unknown } | null)?.code;
  const reason = err instanceof Error ? err.message : String(err);
  const hint =
    code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT'
      ? 'the file is not a SQLite database (or is corrupt)'
      : code === 'SQLITE_READONLY' || code === 'EACCES' || code === 'EROFS'
        ? 'it is not writable'
        : code === 'ENOTDIR' || code === 'EEXIST'
          ? 'a part of the path is a file, not a folder'
          : code === 'SQLITE_CANTOPEN'
            ? 'it cannot be opened (a folder, or a place this process may not write)'
            : undefined;
  return new DatabaseOpenError(
    `DATABASE_PATH=${path} cannot be used: ${hint ? `${hint} (${reason})` : reason}`,
    { cause: err },
  );
}

export function openDatabase(path: string): OpenedDatabase {
  let sqlite: Database.Database | undefined;
  try {
    if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
    sqlite = new Database(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // FULL: a commit is on disk before it is acknowledged, so a power loss cannot take back an order
    // row (its idempotency key) or an alert claim. bench/sqlite-synchronous.ts measures the cost.
    sqlite.pragma('synchronous = FULL');
    // Reading the schema touches the file: a corrupt one fails here, not on the first update.
    sqlite.prepare('select count(*) from sqlite_master').get();
  } catch (err) {
    sqlite?.close();
    throw unusable(path, err);
  }
  const db = drizzle(sqlite);
  const opened = sqlite;
  return { db, sqlite, close: () => opened.close() };
}

/** Applies the SQL migrations in `migrations/` that this database has not seen yet. */
export function migrateDatabase(db: Db, path = 'the database'): void {
  try {
    migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (err) {
    throw unusable(path, err);
  }
}
