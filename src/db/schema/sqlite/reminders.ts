import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { REMINDER_RULES, REMINDER_STATUSES } from '../../records.js';
import { botKey } from './bot-key.js';

/**
 * The reminders the bot owes or sent (issue 44), one row per key (a rule and what it is about), so
 * a thing is reminded of once. `due` rows wait for the sender; the daily limit reads `sent_at`.
 */
export const reminders = sqliteTable(
  'reminders',
  {
    botId: botKey(),
    key: text('key').notNull(),
    userId: integer('user_id').notNull(),
    rule: text('rule', { enum: REMINDER_RULES }).notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: REMINDER_STATUSES }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    note: text('note'),
    /** When the customer did what it asked within 48 hours of it (ordered, renewed, confirmed). */
    actedAt: integer('acted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.key] }),
    index('reminders_status_idx').on(t.botId, t.status, t.createdAt),
    index('reminders_user_idx').on(t.botId, t.userId, t.sentAt),
  ],
);
