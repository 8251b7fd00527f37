import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** One row per Telegram user who ever wrote to the bot. */
export const users = sqliteTable('users', {
  telegramId: integer('telegram_id').primaryKey(),
  firstName: text('first_name').notNull().default(''),
  username: text('username'),
  /** Language the user picked with /language; null means "follow Telegram's language_code". */
  locale: text('locale', { enum: ['en', 'ru'] }),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  languageCode: text('language_code'),
  blocked: integer('blocked', { mode: 'boolean' }).notNull().default(false),
  bannedAt: integer('banned_at', { mode: 'timestamp_ms' }),
  /** The delivered result's caption also shows the prompt. */
  promptInCaption: integer('prompt_in_caption', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  seenAt: integer('seen_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
});
