/**
 * The one thing the repositories run on: an engine (SQLite or PostgreSQL) that executes drizzle
 * queries. The repositories are written once, against drizzle's PostgreSQL query builder; the SQLite
 * engine runs the very same builder calls on its own tables (the methods we use exist with the same
 * meaning in both dialects). The repository contract suite runs on both engines: that, not the
 * type system, is what keeps the shared code honest.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as tables from './schema/postgres/tables.js';

/** The query surface the repositories build on. */
export type Sql = PgDatabase<PgQueryResultHKT>;
export type Tables = typeof tables;

/** An open transaction, handed through services that must book something alongside (a hold). */
export interface Tx {
  readonly db: Sql;
  /**
   * Serialises on `key` until this transaction ends: two processes checking and spending the same
   * balance wait for each other (PostgreSQL advisory lock; SQLite's IMMEDIATE transaction already
   * admits one writer at a time).
   */
  lock(key: string): Promise<void>;
}

export type Dialect = 'sqlite' | 'postgres';

export interface TransactionOptions {
  /**
   * The commit returns before it is flushed to disk: a crash of this process loses nothing, a power
   * loss (or an OS crash) may take back the last moments. Only for writes whose loss repeats work
   * rather than losing any (the inbox's claims and completions: an update is handled again). SQLite:
   * `synchronous = NORMAL` for this commit (a later FULL commit flushes it too); PostgreSQL:
   * `synchronous_commit = off` for this transaction.
   */
  lazyCommit?: boolean;
  /**
   * The commit is durable when the call resolves, as usual, but the process does not stop for the
   * disk meanwhile: SQLite commits with `synchronous = NORMAL` and then flushes its log on a
   * background thread (wal-sync.ts); PostgreSQL commits as usual (the wait is the server's).
   */
  syncInBackground?: boolean;
}

/** The right to run a once-per-cluster job, held until released or until its holder dies. */
export interface SingletonHold {
  /** Still held (the connection that holds it answers). */
  alive(): Promise<boolean>;
  release(): Promise<void>;
}

export interface Engine {
  readonly dialect: Dialect;
  readonly tables: Tables;
  /** For statements prepared once (hot paths); run them through `run`. */
  readonly db: Sql;
  /** Statements outside any transaction. */
  run<T>(work: (db: Sql) => Promise<T>): Promise<T>;
  /**
   * Statements whose commits need not wait for the disk and need not commit together (the inbox's
   * claims and completions: one lost to a power loss only means an update handled again).
   * PostgreSQL: each statement commits on its own on a connection with `synchronous_commit = off`
   * (no BEGIN, SET and COMMIT round trips around them); SQLite: one lazy-commit transaction.
   */
  runLazy<T>(work: (db: Sql) => Promise<T>): Promise<T>;
  /** Work that commits together or not at all. Never await anything but this `tx` inside it. */
  transaction<T>(work: (tx: Tx) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  /**
   * Takes the cluster-wide right named `name` if nobody holds it (PostgreSQL: a session advisory
   * lock on a connection of its own, so it ends when this process dies); undefined if taken.
   */
  holdSingleton(name: string): Promise<SingletonHold | undefined>;
  /**
   * Calls `onMessage` with each payload NOTIFY sends on `channel` (PostgreSQL); resolves with how to
   * stop. Absent on SQLite, whose one process hears itself.
   */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Reachable and answering (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** `tx`'s statements when the caller holds a transaction, the engine's own otherwise. */
export function within<T>(engine: Engine, tx: Tx | undefined, work: (db: Sql) => Promise<T>): Promise<T> {
  return tx ? work(tx.db) : engine.run(work);
}

/** The first row of a result, if any. */
export function first<T>(rows: readonly T[]): T | undefined {
  return rows[0];
}

/** How many rows a statement changed: it returns one row per change (`.returning({ one })`). */
export function changed(rows: readonly unknown[]): number {
  return rows.length;
}
