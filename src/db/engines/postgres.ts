/**
 * The scale-out engine: PostgreSQL through postgres.js. Several bot processes may share one
 * database: migrations run under an advisory lock so replicas starting together apply them once,
 * and transactions that check a balance before spending it serialise on an advisory lock of their own.
 */
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { Engine, Sql, Tx } from '../engine.js';
import * as pgTables from '../schema/postgres/tables.js';
import { DatabaseOpenError } from './sqlite.js';

export const POSTGRES_MIGRATIONS = resolve(import.meta.dirname, '../../../migrations/postgres');

/** Any number, the same in every replica: the session lock that admits one migrator at a time. */
const MIGRATION_LOCK = 7_215_530_411;

/** `url` without its password, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparseable url)';
  }
}

export interface PostgresEngine extends Engine {
  readonly dialect: 'postgres';
}

export interface PostgresOptions {
  /** Connections in this process's pool. */
  poolSize?: number;
}

/** Connects, applies the migrations this database has not seen (once across replicas) and returns. */
export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<PostgresEngine> {
  const client = postgres(url, {
    max: opts.poolSize ?? 10,
    onnotice: () => {},
    connect_timeout: 10,
    // Lets a pooled connection go instead of keeping a server process per idle replica connection.
    idle_timeout: 60,
  });
  try {
    const db = drizzle(client) as unknown as Sql;
    // The lock lives on a connection of its own, so a pool of one can still run the migrations; it
    // ends with that connection, also if this process dies half-way.
    const locker = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
    try {
      await locker`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await migrate(drizzle(client), { migrationsFolder: POSTGRES_MIGRATIONS });
    } finally {
      await locker.end({ timeout: 1 }).catch(() => undefined);
    }
    return postgresEngine(db, client);
  } catch (err) {
    await client.end({ timeout: 1 }).catch(() => undefined);
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseOpenError(`DATABASE_URL=${redactDatabaseUrl(url)} cannot be used: ${reason}`, {
      cause: err,
    });
  }
}

function postgresEngine(db: Sql, client: postgres.Sql): PostgresEngine {
  return {
    dialect: 'postgres',
    tables: pgTables,
    db,
    run: (work) => work(db),
    transaction: (work) =>
      db.transaction(async (pgTx) => {
        const tx: Tx = {
          db: pgTx as unknown as Sql,
          lock: async (key) => {
            await pgTx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
          },
        };
        return work(tx);
      }),
    ping: async () => {
      await client`select 1`;
    },
    close: () => client.end({ timeout: 5 }),
  };
}
