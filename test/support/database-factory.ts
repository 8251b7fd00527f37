/**
 * Fresh databases for tests and benchmarks, on either engine, with raw SQL helpers for assertions.
 * No vitest here: benchmarks use it too (databases.ts is the tests' door to it).
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { openStore, type Store, type StoreLocation } from '../../src/db/index.js';

export type EngineName = 'sqlite' | 'postgres';

/** `serverUrl` with its database part replaced by `database`. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface TestDatabase {
  readonly engine: EngineName;
  /** What the bot is given: DATABASE_PATH or DATABASE_URL. */
  readonly location: StoreLocation;
  /** The bot's environment variables for this database. */
  readonly env: Record<string, string>;
  /** A store on it (migrated); closed by drop(). */
  open(now?: () => number): Promise<Store>;
  /**
   * Raw SQL for assertions, written once for both engines: values are bound (`?` on SQLite, `$n` on
   * PostgreSQL), so `query\`select count(*) as n from orders where user_id = ${id}\``.
   */
  query<T = Record<string, unknown>>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T[]>;
  /** A write behind the store's back (a row as an older version left it, a crash half-way). */
  execute(strings: TemplateStringsArray, ...values: unknown[]): Promise<void>;
  drop(): Promise<void>;
}

let created = 0;

/**
 * A migrated SQLite file, one per set of migrations (named by their hash, shared by every test
 * process and run): a test's database starts as a copy of it, which takes a millisecond where
 * migrating anew took 60-90 (hundreds of tests open one). The store's own migration check at open
 * still runs, and finds nothing to do.
 */
let sqliteTemplate: Promise<string> | undefined;
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const folder = join(import.meta.dirname, '../../migrations/sqlite');
    const hash = createHash('sha256');
    for (const file of readdirSync(folder, { recursive: true }).map(String).sort()) {
      const path = join(folder, file);
      if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
    }
    const template = join(tmpdir(), `bot-db-template-${hash.digest('hex').slice(0, 16)}.sqlite`);
    if (existsSync(template)) return template;
    const dir = mkdtempSync(join(tmpdir(), 'bot-db-template-'));
    try {
      const store = await openStore({ path: join(dir, 'db.sqlite') });
      // Closing checkpoints the write-ahead log into the file: the copy is the whole database.
      await store.close();
      // Another process may have made it meanwhile: the rename replaces it with an equal file.
      renameSync(join(dir, 'db.sqlite'), template);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return template;
  })();
  return sqliteTemplate;
}

/** The PostgreSQL server to create databases on, and the migrated template to copy (optional). */
export interface PostgresServer {
  url: string;
  template?: string;
}

/** A fresh database: a SQLite file in a temp folder, or a new database on `postgres`. */
export async function createDatabase(
  engine: EngineName,
  postgresServer?: PostgresServer,
): Promise<TestDatabase> {
  const stores: Store[] = [];
  const openOn = async (location: StoreLocation, now?: () => number) => {
    const store = await openStore(location, now);
    stores.push(store);
    return store;
  };
  const closeStores = async () => {
    for (const store of stores.splice(0)) await store.close().catch(() => undefined);
  };
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bot-db-'));
    const path = join(dir, 'bot.sqlite');
    copyFileSync(await migratedSqliteTemplate(), path);
    return {
      engine,
      location: { path },
      env: { DATABASE_PATH: path },
      open: (now) => openOn({ path }, now),
      async query<T>(strings: TemplateStringsArray, ...values: unknown[]) {
        const db = new Database(path, { readonly: true });
        try {
          return db.prepare(strings.join('?')).all(...values.map(sqliteValue)) as T[];
        } finally {
          db.close();
        }
      },
      async execute(strings: TemplateStringsArray, ...values: unknown[]) {
        const db = new Database(path);
        try {
          db.pragma('busy_timeout = 5000');
          db.prepare(strings.join('?')).run(...values.map(sqliteValue));
        } finally {
          db.close();
        }
      },
      async drop() {
        await closeStores();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresServer) throw new Error('no PostgreSQL server to create a database on');
  const server = postgresServer.url;
  const name = `bot_test_${process.pid}_${++created}_${Date.now().toString(36)}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  // From the migrated template when there is one: copying it is faster than migrating anew.
  const template = postgresServer.template ? ` template ${postgresServer.template}` : '';
  await admin.unsafe(`create database ${name}${template}`);
  await admin.end();
  const url = databaseUrl(server, name);
  return {
    engine,
    location: { url },
    env: { DATABASE_URL: url },
    open: (now) => openOn({ url }, now),
    async query<T>(strings: TemplateStringsArray, ...values: unknown[]) {
      return (await onPostgres(url, strings, values)) as T[];
    },
    async execute(strings: TemplateStringsArray, ...values: unknown[]) {
      await onPostgres(url, strings, values);
    },
    async drop() {
      await closeStores();
      const dropper = postgres(server, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await dropper.end();
    },
  };
}

function sqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return value;
}

async function onPostgres(url: string, strings: TemplateStringsArray, values: unknown[]): Promise<unknown[]> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const text = strings.reduce((acc, part, i) => `${acc}$${i}${part}`);
    return [...(await client.unsafe(text, values as postgres.ParameterOrJSON<never>[]))];
  } finally {
    await client.end();
  }
}
