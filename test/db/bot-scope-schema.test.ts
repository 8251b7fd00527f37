/**
 * Many bots, one deployment (issue 40): every table that holds what a customer or an admin of one
 * bot can reach carries that bot's key, on both engines, and its unique keys include it (one
 * Telegram user in two bots is two customers). The few tables the whole deployment shares say why.
 *
 * A new table must take a side: with a bot key, or in SHARED with its reason, so nothing new is born
 * unscoped.
 */
import { PgTable, getTableConfig as pgTableConfig } from 'drizzle-orm/pg-core';
import { SQLiteTable, getTableConfig as sqliteTableConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as pg from '../../src/db/schema/postgres/tables.js';
import * as sqlite from '../../src/db/schema/sqlite/index.js';

const BOT_KEY = 'bot_id';

/** Tables of the whole deployment, with no bot key: why each is shared. */
const SHARED: Record<string, string> = {
  bots: 'the registry of bots itself',
  catalog_snapshots: 'the upstream catalog, read with the deployment’s upstream key',
  poll_budget: 'upstream polls per second, a limit of the upstream key',
  inbox_replicas: 'the processes sharing the update inbox, which split its shards between them',
};

interface TableShape {
  name: string;
  columns: Map<string, { notNull: boolean }>;
  /** Column names of the primary key and of every unique index or constraint. */
  uniqueKeys: string[][];
}

/** What both engines' getTableConfig report, as far as this test reads it. */
interface TableConfigRead {
  name: string;
  columns: Array<{ name: string; notNull: boolean; primary: boolean; isUnique: boolean }>;
  primaryKeys: Array<{ columns: Array<{ name: string }> }>;
  uniqueConstraints: Array<{ columns: Array<{ name: string }> }>;
  indexes: Array<{ config: { unique?: boolean; columns: readonly object[] } }>;
}

function shapeOf(c: TableConfigRead): TableShape {
  return {
    name: c.name,
    columns: new Map(c.columns.map((col) => [col.name, { notNull: col.notNull }])),
    uniqueKeys: [
      ...c.columns.filter((col) => col.primary || col.isUnique).map((col) => [col.name]),
      ...c.primaryKeys.map((k) => k.columns.map((col) => col.name)),
      ...c.uniqueConstraints.map((u) => u.columns.map((col) => col.name)),
      ...c.indexes
        .filter((i) => i.config.unique)
        .map((i) => i.config.columns.map((col) => ('name' in col ? String(col.name) : '(expression)'))),
    ],
  };
}

function pgShapes(): TableShape[] {
  return (Object.values(pg) as unknown[])
    .filter((t): t is PgTable => t instanceof PgTable)
    .map((t) => shapeOf(pgTableConfig(t)));
}

function sqliteShapes(): TableShape[] {
  return (Object.values(sqlite) as unknown[])
    .filter((t): t is SQLiteTable => t instanceof SQLiteTable)
    .map((t) => shapeOf(sqliteTableConfig(t)));
}

describe.each([
  ['postgres', pgShapes],
  ['sqlite', sqliteShapes],
] as const)('the bot key on %s', (_engine, shapes) => {
  const tables = shapes();

  it('reads the tables of the schema, the shared ones among them', () => {
    const names = tables.map((t) => t.name);
    expect(names.length).toBeGreaterThan(Object.keys(SHARED).length);
    expect(names).toEqual(expect.arrayContaining(Object.keys(SHARED)));
  });

  it('every table is shared for a stated reason or scoped by a bot key', () => {
    const undecided = tables.filter((t) => !(t.name in SHARED) && !t.columns.has(BOT_KEY)).map((t) => t.name);
    expect(undecided, 'tables with neither a bot key nor a reason to be shared').toEqual([]);
  });

  it('a shared table has no bot key (or it would not be shared)', () => {
    const both = tables.filter((t) => t.name in SHARED && t.columns.has(BOT_KEY)).map((t) => t.name);
    expect(both).toEqual([]);
  });

  it('a scoped table’s bot key is required, and every unique key includes it', () => {
    const problems = tables
      .filter((t) => t.columns.has(BOT_KEY))
      .flatMap((t) => [
        ...(t.columns.get(BOT_KEY)?.notNull ? [] : [`${t.name}.${BOT_KEY} may be null`]),
        ...t.uniqueKeys
          .filter((key) => !key.includes(BOT_KEY) && !(key.length === 1 && key[0] === 'id'))
          .map((key) => `${t.name}: unique (${key.join(', ')}) without ${BOT_KEY}`),
      ]);
    expect(problems).toEqual([]);
  });
});
