import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  BROADCAST_STATUSES,
  type BroadcastAudience,
  type BroadcastContent,
  RECIPIENT_STATUSES,
} from '../../records.js';
import { botKey } from './bot-key.js';

/** Broadcasts composed with /broadcast; one may be running or paused at a time (active_slot = 1). */
export const broadcasts = sqliteTable(
  'broadcasts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    botId: botKey(),
    createdBy: integer('created_by').notNull(),
    adminChatId: integer('admin_chat_id').notNull(),
    locale: text('locale').notNull(),
    content: text('content_json', { mode: 'json' }).$type<BroadcastContent>().notNull(),
    audience: text('audience_json', { mode: 'json' }).$type<BroadcastAudience>().notNull(),
    status: text('status', { enum: BROADCAST_STATUSES }).notNull(),
    activeSlot: integer('active_slot'),
    total: integer('total').notNull(),
    progressMessageId: integer('progress_message_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    reportedAt: integer('reported_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('broadcasts_one_active_idx').on(t.botId, t.activeSlot)],
);

/** Every recipient of a broadcast with its state, so a restart resumes without sending twice. */
export const broadcastRecipients = sqliteTable(
  'broadcast_recipients',
  {
    botId: botKey(),
    broadcastId: integer('broadcast_id').notNull(),
    userId: integer('user_id').notNull(),
    status: text('status', { enum: RECIPIENT_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.broadcastId, t.userId] }),
    index('broadcast_recipients_status_idx').on(t.broadcastId, t.status, t.userId),
  ],
);

/** Admin actions (broadcasts, bans, grants, refunds), newest read first by /audit. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    botId: botKey(),
    actorId: integer('actor_id').notNull(),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id'),
    details: text('details_json', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.botId, t.createdAt)],
);
