import { sql } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { botKey } from './bot-key.js';

/** One row per Telegram user who ever wrote to the bot. */
export const users = sqliteTable(
  'users',
  {
    botId: botKey(),
    telegramId: integer('telegram_id').notNull(),
    firstName: text('first_name').notNull().default(''),
    username: text('username'),
    /** Language the user picked with /language; null means "follow Telegram's language_code". */
    locale: text('locale'),
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
    /** The update that created the row: only that update's /start may attribute the user (first touch). */
    createdUpdateId: integer('created_update_id'),
    /** The user's own referral code (random, made on their first /invite). */
    referralCode: text('referral_code'),
    /** Who brought them (a referral link at their first /start); never changes. */
    referredBy: integer('referred_by'),
    /** The campaign link of their first /start; never changes. */
    campaignId: integer('campaign_id'),
    /** When a referrer or a campaign was attached (set once). */
    attributedAt: integer('attributed_at', { mode: 'timestamp_ms' }),
    /** They turned the bot's reminders off. */
    remindersOff: integer('reminders_off', { mode: 'boolean' }).notNull().default(false),
    /** Their first update from the private chat: the bot can write to them (a guest card needs it). */
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.telegramId] }),
    uniqueIndex('users_referral_code_unique').on(t.botId, t.referralCode),
  ],
);

/** Campaign links made by admins (/campaign_new): `?start=c_<code>`. */
export const campaigns = sqliteTable(
  'campaigns',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    botId: botKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('campaigns_code_unique').on(t.botId, t.code)],
);
