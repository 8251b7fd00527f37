import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { ContentRules } from '../../../domain/content-rules.js';
import { CONTENT_PLACES, REPORT_STATUSES } from '../../records.js';
import { botKey } from './bot-key.js';

/**
 * The content rules admins set (issue 42): one row per bot, the whole document and the version every
 * write bumps (a write names the version it read, as live_settings). No row: the defaults.
 */
export const contentRules = sqliteTable(
  'content_rules',
  {
    botId: botKey(),
    version: integer('version').notNull(),
    rules: text('rules_json', { mode: 'json' }).$type<ContentRules>().notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId] })],
);

/**
 * Descriptions the rules refused, one row each: the strikes a customer collects (read by user and
 * time) and what admins review. The description is kept as the customer sent it.
 */
export const contentBlocks = sqliteTable(
  'content_blocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    botId: botKey(),
    userId: integer('user_id').notNull(),
    chatId: integer('chat_id').notNull(),
    place: text('place', { enum: CONTENT_PLACES }).notNull(),
    /** The list line that matched. */
    line: text('line').notNull(),
    description: text('description').notNull(),
    /** This attempt was the strike that banned the customer. */
    banned: integer('banned', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('content_blocks_user_idx').on(t.botId, t.userId, t.createdAt),
    index('content_blocks_created_idx').on(t.botId, t.createdAt),
  ],
);

/**
 * Results posted in a group that a member reported (issue 42): one row per reporter and order, so
 * a report is counted once; admins resolve it by removing the post, banning its owner or dismissing it.
 */
export const contentReports = sqliteTable(
  'content_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    botId: botKey(),
    orderId: text('order_id').notNull(),
    /** Where the result was posted, and its message there (what Remove deletes). */
    chatId: integer('chat_id').notNull(),
    messageId: integer('message_id').notNull(),
    reporterId: integer('reporter_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    resolvedBy: integer('resolved_by'),
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('content_reports_once_idx').on(t.botId, t.orderId, t.reporterId),
    index('content_reports_created_idx').on(t.botId, t.createdAt),
  ],
);
