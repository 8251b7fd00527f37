/**
 * The one place that keeps one bot's records away from another's (issue 40): every statement the
 * engine runs that reads or writes a table with a bot key must name that key (`bot_id`) at least
 * once for each time it names such a table, or it is refused before it reaches the database. The
 * repositories scope their statements with BotScope; this catches the one that forgot, in every
 * test that runs it and in production alike. A statement on the deployment's shared tables
 * (bots, catalog, poll budget) passes as it is.
 *
 * It reads the statement's text only, so it cannot tell which bot a statement names; BotScope
 * decides that. The verdict is kept per statement text: a prepared statement is checked once.
 */
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import * as pgTables from './schema/postgres/tables.js';

export const BOT_KEY_COLUMN = 'bot_id';

export class UnscopedStatementError extends Error {
  override readonly name = 'UnscopedStatementError';
}

/** The names of `tables` that have a bot key. */
export function botKeyedTables(tables: Record<string, unknown>): string[] {
  return Object.values(tables)
    .filter((table) => typeof table === 'object' && table !== null)
    .map((table) => getTableConfig(table as PgTable))
    .filter((config) => config.columns.some((column) => column.name === BOT_KEY_COLUMN))
    .map((config) => config.name);
}

/** The tables with a bot key: the same names on both engines (schema/parity.ts). */
export const BOT_KEYED_TABLES: readonly string[] = botKeyedTables(pgTables);

/** The tables whose every statement is checked: all that have a bot key. */
export const GUARDED_TABLES: readonly string[] = BOT_KEYED_TABLES;

/** Verdicts are remembered up to this many statement texts (the repositories have a few hundred). */
const REMEMBERED = 5_000;

/** `bot_id` compared with something (`"t"."bot_id" = $1`, `x.bot_id = "t"."bot_id"`, `bot_id in (…)`). */
const KEY_COMPARED = /[`"]?bot_id[`"]?\s*(?:=|in\s*\()|=\s*[\w."`]*\bbot_id\b/gi;

export class ScopeGuard {
  readonly #reference: RegExp | undefined;
  readonly #inserted: RegExp | undefined;
  readonly #checked = new Set<string>();

  constructor(scopedTables: readonly string[] = GUARDED_TABLES) {
    const names = scopedTables.map((name) => name.replace(/[^a-z0-9_]/gi, '')).join('|');
    const table = `[\`"]?(?:${names})[\`"]?(?![\\w.])`;
    // Where a statement reads or writes a bot's table: `from "users"`, `join users`,
    // `update "orders"`, `into "orders"` (quoted by drizzle, bare in hand-written SQL).
    this.#reference = names === '' ? undefined : new RegExp(`\\b(?:from|join|into|update)\\s+${table}`, 'gi');
    // An insert's column list: the new row's bot is named there.
    this.#inserted = names === '' ? undefined : new RegExp(`\\binto\\s+${table}\\s*\\(([^)]*)\\)`, 'gi');
  }

  /**
   * Throws UnscopedStatementError unless each mention of a bot's table comes with the bot: compared
   * in a condition (selecting the column does not count) or given in an insert's columns.
   */
  check(statement: string): void {
    if (this.#reference === undefined || this.#checked.has(statement)) return;
    const tables = statement.match(this.#reference)?.length ?? 0;
    if (tables === 0) {
      this.#remember(statement);
      return;
    }
    const compared = statement.match(KEY_COMPARED)?.length ?? 0;
    const inserted = [...statement.matchAll(this.#inserted!)].filter((m) =>
      /\bbot_id\b/.test(m[1] ?? ''),
    ).length;
    if (compared + inserted < tables) {
      throw new UnscopedStatementError(
        `a statement on a bot's table does not name the bot (${BOT_KEY_COLUMN}): ${statement.slice(0, 300)}`,
      );
    }
    this.#remember(statement);
  }

  #remember(statement: string): void {
    if (this.#checked.size >= REMEMBERED) this.#checked.clear();
    this.#checked.add(statement);
  }

  /** A drizzle logger that checks every statement before it runs. */
  logger(): { logQuery(query: string, params: unknown[]): void } {
    return { logQuery: (query) => this.check(query) };
  }
}
