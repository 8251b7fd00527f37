import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { BOT_STATUSES } from '../../records.js';

/**
 * The bots this deployment serves (see BotRecord). Row 1, the main bot, is made by the migration
 * that creates the table, so every record already in the database belongs to it.
 */
export const bots = sqliteTable('bots', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  telegramId: integer('telegram_id').unique(),
  username: text('username'),
  tokenSealed: text('token_sealed'),
  upstreamKeySealed: text('upstream_key_sealed'),
  status: text('status', { enum: BOT_STATUSES }).notNull().default('active'),
  dailyCapUsd: text('daily_cap_usd'),
  createdBy: integer('created_by'),
  managed: integer('managed', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});
