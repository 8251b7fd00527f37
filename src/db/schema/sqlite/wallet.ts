import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { TOPUP_STATUSES, WALLET_ENTRY_KINDS } from '../../records.js';
import { botKey } from './bot-key.js';

/** The wallet ledger: append-only; a user's balance is the sum of their `delta`s. */
export const walletEntries = sqliteTable(
  'wallet_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    botId: botKey(),
    key: text('key').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: WALLET_ENTRY_KINDS }).notNull(),
    /** Change of the spendable balance (negative for hold and refund, 0 for capture). */
    delta: integer('delta').notNull(),
    /** The event's own amount, always positive (a capture spends the Stars its hold took). */
    stars: integer('stars').notNull(),
    orderId: text('order_id'),
    chargeId: text('charge_id'),
    /** The admin behind a grant or a refund. */
    actorId: integer('actor_id'),
    note: text('note'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('wallet_entries_key_unique').on(t.botId, t.key),
    index('wallet_entries_user_idx').on(t.botId, t.userId, t.id),
    index('wallet_entries_order_idx').on(t.orderId),
    index('wallet_entries_kind_idx').on(t.kind, t.createdAt),
  ],
);

/** One row per invoice the bot sent; its id is the invoice payload, so a payment finds its row. */
export const starTopups = sqliteTable(
  'star_topups',
  {
    id: text('id').primaryKey(),
    botId: botKey(),
    userId: integer('user_id').notNull(),
    chatId: integer('chat_id').notNull(),
    stars: integer('stars').notNull(),
    status: text('status', { enum: TOPUP_STATUSES }).notNull(),
    /** The draft the user tops up for: after the payment, one tap confirms it. */
    orderId: text('order_id'),
    chargeId: text('charge_id'),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** When the user was told of the credit (a redelivered payment after a crash tells them once). */
    notifiedAt: integer('notified_at', { mode: 'timestamp_ms' }),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('star_topups_charge_id_unique').on(t.botId, t.chargeId),
    index('star_topups_user_idx').on(t.botId, t.userId, t.createdAt),
  ],
);
