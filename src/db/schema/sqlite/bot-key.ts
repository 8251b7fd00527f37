import { integer } from 'drizzle-orm/sqlite-core';

/**
 * The bot a record belongs to (see BotRecord). Rows stored before there were several bots belong to
 * the main bot, row 1, hence the default; what the store writes always names the bot (store-scope.ts).
 */
export const botKey = () => integer('bot_id').notNull().default(1);
