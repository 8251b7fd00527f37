import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Update } from 'grammy/types';
import { botKey } from './bot-key.js';

/**
 * Telegram updates as they arrived (webhook or getUpdates), kept until handled and then for a day
 * so a resend with the same update_id is recognised. Workers on every replica claim them: one
 * update of a lane (a chat) at a time, in update_id order (repositories/update-inbox.ts).
 */
export const updateInbox = sqliteTable(
  'update_inbox',
  {
    botId: botKey(),
    updateId: integer('update_id').notNull(),
    /** Updates of one lane are handled one at a time, in order (see telegram/inbox-lane.ts). */
    lane: text('lane').notNull(),
    /** The lane's shard (domain/inbox-shard.ts); SQLite has one process, which claims them all. */
    shard: integer('shard').notNull().default(0),
    /** /cancel or /help: may run beside an update of its lane that is already being handled. */
    control: integer('control', { mode: 'boolean' }).notNull().default(false),
    payload: text('payload', { mode: 'json' }).$type<Update>().notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
    owner: text('owner'),
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    attempts: integer('attempts').notNull().default(0),
    /** A /cancel handled elsewhere asks the owner of this update to stop its long work. */
    cancelRequested: integer('cancel_requested', { mode: 'boolean' }).notNull().default(false),
    doneAt: integer('done_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.updateId] }),
    index('update_inbox_lane_idx').on(t.botId, t.lane, t.updateId).where(sql`${t.doneAt} is null`),
    index('update_inbox_pending_idx').on(t.botId, t.updateId).where(sql`${t.doneAt} is null`),
    index('update_inbox_done_idx').on(t.doneAt),
  ],
);

/**
 * Upstream polls granted per wall-clock second across every replica: the tracker's cap
 * (ORDER_POLL_RPS) holds for the cluster, not per process.
 */
export const pollBudget = sqliteTable('poll_budget', {
  second: integer('second').primaryKey({ autoIncrement: false }),
  used: integer('used').notNull(),
  /** What the last request in this second was granted (read back by that request). */
  lastGrant: integer('last_grant').notNull(),
});

/**
 * The replicas sharing the update inbox (PostgreSQL's; issue 41). SQLite serves one process, which
 * is always alone: the table exists so both engines have the same tables, and stays empty.
 */
export const inboxReplicas = sqliteTable('inbox_replicas', {
  owner: text('owner').primaryKey(),
  leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }).notNull(),
});
