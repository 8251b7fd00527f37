/**
 * The embedded engine: one SQLite file through better-sqlite3. WAL for concurrent reads while the
 * tracker writes, foreign keys on, a busy timeout so a second connection (a test, a CLI) waits
 * instead of failing, and FULL sync so a commit is on disk before it is acknowledged.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { Engine, Sql, Tables, Tx } from '../engine.js';
import * as sqliteTables from '../schema/sqlite/index.js';
import { ScopeGuard } from '../scope-guard.js';
import { SerialQueue } from './serial-queue.js';
import { WalSync } from './wal-sync.js';

const SQLITE_MIGRATIONS = resolve(import.meta.dirname, '../../../migrations/sqlite');

/** The database cannot be used; the message names the setting, the place and why (never a secret). */
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

export interface SqliteEngine extends Engine {
  readonly dialect: 'sqlite';
  /** The raw connection, for the SQLite-only tools (bench/sqlite-synchronous.ts, db:copy). */
  readonly sqlite: Database.Database;
  /** Hand-written SQL on this connection, checked by the scope guard like every other statement. */
  prepare(statement: string): Database.Statement;
}

export interface SqliteOptions {
  /** See PostgresOptions.unscoped: only for tools that work on the whole deployment (db:copy). */
  unscoped?: boolean;
}

/** Opens (creating if needed) and migrates the SQLite database at `path` (`:memory:` for tests). */
export function openSqlite(path: string, opts: SqliteOptions = {}): SqliteEngine {
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
    migrate(drizzle(sqlite), { migrationsFolder: SQLITE_MIGRATIONS });
  } catch (err) {
    sqlite?.close();
    throw unusable(path, err);
  }
  return sqliteEngine(
    sqlite,
    path === ':memory:' ? undefined : new WalSync(resolve(path)),
    opts.unscoped ? undefined : new ScopeGuard(),
  );
}

function sqliteEngine(
  sqlite: Database.Database,
  walSync: WalSync | undefined,
  guard: ScopeGuard | undefined,
): SqliteEngine {
  // The same builder calls as PostgreSQL's (see engine.ts), on SQLite's tables.
  const db = drizzle(sqlite, { logger: guard?.logger() }) as unknown as Sql;
  const tables = sqliteTables as unknown as Tables;
  const queue = new SerialQueue();
  // BEGIN IMMEDIATE takes the write lock at once: the transaction's reads see what it will write on.
  const tx: Tx = { db, lock: async () => {} };
  const transaction: Engine['transaction'] = async (work, opts) => {
    const background = opts?.syncInBackground === true && walSync !== undefined;
    const result = await queue.run(async () => {
      // WAL with NORMAL (settable between transactions only): the commit is in the WAL, safe from
      // a crash of this process, but not fsynced; the next FULL commit, or a checkpoint, flushes it.
      const normal = opts?.lazyCommit === true || background;
      if (normal) sqlite.exec('PRAGMA synchronous = NORMAL');
      try {
        sqlite.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(tx);
          sqlite.exec('COMMIT');
          return result;
        } catch (err) {
          if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
          throw err;
        }
      } finally {
        if (normal) sqlite.exec('PRAGMA synchronous = FULL');
      }
    });
    // Outside the queue: other transactions go on while the log is flushed.
    if (background) await walSync.sync();
    return result;
  };
  return {
    dialect: 'sqlite',
    tables,
    db,
    sqlite,
    prepare: (statement) => {
      guard?.check(statement);
      return sqlite.prepare(statement);
    },
    run: (work) => queue.run(() => work(db)),
    runLazy: (work) => transaction(({ db }) => work(db), { lazyCommit: true }),
    transaction,
    // One process owns a SQLite file: it holds every singleton.
    holdSingleton: async () => ({ alive: async () => sqlite.open, release: async () => {} }),
    ping: async () => {
      sqlite.prepare('select 1').get();
    },
    close: async () => {
      await queue.run(async () => sqlite.close());
      await walSync?.close();
    },
  };
}
