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
import type { Engine, SingletonHold, Sql, Tx } from '../engine.js';
import * as pgTables from '../schema/postgres/tables.js';
import { ScopeGuard } from '../scope-guard.js';
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
  /**
   * Hand-written SQL of a hot path ($1, $2, … parameters), prepared once per text by the driver and
   * checked by the scope guard like every other statement: no query builder per call. `lazy`: on
   * the connections whose commits do not wait for the disk (`runLazy`).
   */
  query<T>(text: string, params: readonly unknown[], opts?: { lazy?: boolean }): Promise<T[]>;
}

export interface PostgresOptions {
  /** Connections in this process's pool. */
  poolSize?: number;
  /**
   * Statements may read or write every bot's records without naming one: only for tools that work
   * on the whole deployment (db:copy). Otherwise scope-guard.ts refuses such statements.
   */
  unscoped?: boolean;
}

/** A postgres.js client as every one of ours is: quiet about notices, 10 s to connect. */
function connect(url: string, options: postgres.Options<Record<string, never>>): postgres.Sql {
  return postgres(url, { onnotice: () => {}, connect_timeout: 10, ...options });
}

/** Connects, applies the migrations this database has not seen (once across replicas) and returns. */
export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<PostgresEngine> {
  // idle_timeout: lets a pooled connection go instead of keeping a server process per idle one.
  const client = connect(url, { max: opts.poolSize ?? 10, idle_timeout: 60 });
  try {
    const guard = opts.unscoped ? undefined : new ScopeGuard();
    const logger = guard?.logger();
    const db = drizzle(client, { logger }) as unknown as Sql;
    // The lock lives on a connection of its own, so a pool of one can still run the migrations; it
    // ends with that connection, also if this process dies half-way.
    const locker = connect(url, { max: 1 });
    try {
      await locker`select pg_advisory_lock(${MIGRATION_LOCK})`;
      await migrate(drizzle(client), { migrationsFolder: POSTGRES_MIGRATIONS });
    } finally {
      await locker.end({ timeout: 1 }).catch(() => undefined);
    }
    // The inbox's claims and completions (`runLazy`): commits that do not wait for the disk, on
    // connections of their own. A startup parameter, so no statement of theirs needs a transaction.
    const lazyClient = connect(url, { max: 2, idle_timeout: 60, connection: { synchronous_commit: 'off' } });
    return postgresEngine({
      db,
      client,
      url,
      lazyDb: drizzle(lazyClient, { logger }) as unknown as Sql,
      lazyClient,
      guard,
    });
  } catch (err) {
    await client.end({ timeout: 1 }).catch(() => undefined);
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseOpenError(`DATABASE_URL=${redactDatabaseUrl(url)} cannot be used: ${reason}`, {
      cause: err,
    });
  }
}

/** A session advisory lock on a connection of its own: released when that connection ends. */
async function holdSingleton(url: string, name: string): Promise<SingletonHold | undefined> {
  const holder = connect(url, { max: 1, idle_timeout: 0 });
  try {
    const [row] = await holder`select pg_try_advisory_lock(hashtextextended(${name}, 0)) as ok`;
    if (row?.ok === true) {
      return {
        alive: async () => {
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<false>((resolve) => {
            timer = setTimeout(() => resolve(false), 5_000);
            timer.unref();
          });
          try {
            // Asked of the session itself: a driver that reconnected would answer, but without the lock.
            const held = holder`
              select count(*)::int as n from pg_locks
              where locktype = 'advisory' and granted and pid = pg_backend_pid()`.then(([r]) => r?.n === 1);
            return await Promise.race([held, timeout]);
          } catch {
            return false;
          } finally {
            clearTimeout(timer);
          }
        },
        release: () => holder.end({ timeout: 5 }),
      };
    }
  } catch {
    // Unreachable now: not the holder; the caller tries again later.
  }
  await holder.end({ timeout: 1 }).catch(() => undefined);
  return undefined;
}

function postgresEngine(parts: {
  db: Sql;
  client: postgres.Sql;
  url: string;
  lazyDb: Sql;
  lazyClient: postgres.Sql;
  guard: ScopeGuard | undefined;
}): PostgresEngine {
  const { db, client, url, lazyDb, lazyClient, guard } = parts;
  return {
    dialect: 'postgres',
    tables: pgTables,
    db,
    run: (work) => work(db),
    runLazy: (work) => work(lazyDb),
    query: async <T>(text: string, params: readonly unknown[], opts?: { lazy?: boolean }) => {
      guard?.check(text);
      const on = opts?.lazy ? lazyClient : client;
      return (await on.unsafe(text, params as postgres.ParameterOrJSON<never>[], {
        prepare: true,
      })) as unknown as T[];
    },
    transaction: (work, opts) =>
      db.transaction(async (pgTx) => {
        if (opts?.lazyCommit) await pgTx.execute(sql`set local synchronous_commit = off`);
        const tx: Tx = {
          db: pgTx as unknown as Sql,
          lock: async (key) => {
            await pgTx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
          },
        };
        return work(tx);
      }),
    holdSingleton: (name) => holdSingleton(url, name),
    // postgres.js listens on a connection of its own, and listens again after a reconnect.
    listen: async (channel, onMessage) => {
      const { unlisten } = await client.listen(channel, onMessage);
      return unlisten;
    },
    ping: async () => {
      await client`select 1`;
    },
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), lazyClient.end({ timeout: 5 })]);
    },
  };
}
