/**
 * The bot whose records a store reads and writes (issue 40: many bots, one deployment). A store is
 * opened for one bot (storeOn's `bot`), and every repository of customer data is built with its
 * scope: conditions come from `where`, new rows from `row`. scope-guard.ts is what makes this more
 * than a habit: the engine refuses a statement on a bot's table that does not name the bot.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The main bot (BOT_TOKEN): row 1 of `bots`, owner of everything stored before there were more. */
export const MAIN_BOT_ID = 1;

export class BotScope {
  constructor(readonly botId: number) {
    if (!Number.isSafeInteger(botId) || botId < 1) throw new RangeError(`not a bot id: ${botId}`);
  }

  /** `conditions` (all of them) within this bot's rows of `table`. */
  where(table: { botId: PgColumn }, ...conditions: Array<SQL | undefined>): SQL {
    return and(eq(table.botId, this.botId), ...conditions) as SQL;
  }

  /** `values` as a row of this bot. */
  row<T extends object>(values: T): T & { botId: number } {
    return { ...values, botId: this.botId };
  }
}
