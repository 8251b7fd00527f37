import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { botKey } from './bot-key.js';

/**
 * What the admin alerts remember across restarts, one row per alert kind: when it was last sent
 * (rate limiting) and whether its condition is standing (low balance, upstream down), so a restart
 * neither repeats an alert nor forgets to say that the condition ended.
 */
export const adminAlerts = sqliteTable(
  'admin_alerts',
  {
    botId: botKey(),
    kind: text('kind').notNull(),
    /** The condition holds and admins were told (low balance, upstream down). */
    active: integer('active', { mode: 'boolean' }).notNull().default(false),
    lastSentAt: integer('last_sent_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.kind] })],
);
