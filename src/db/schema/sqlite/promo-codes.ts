import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { botKey } from './bot-key.js';

/** Promo codes (BILLING=stars): each grants `stars` to at most `uses` customers, once each. */
export const promoCodes = sqliteTable(
  'promo_codes',
  {
    botId: botKey(),
    /** Stored normalized (upper case): customers type it in any case. */
    code: text('code').notNull(),
    stars: integer('stars').notNull(),
    /** Redemptions allowed in total. */
    uses: integer('uses').notNull(),
    /** Redemptions so far; only ever raised by a conditional UPDATE (used < uses). */
    used: integer('used').notNull().default(0),
    /** Null: valid until disabled. */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
    createdBy: integer('created_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.code] })],
);

/** One row per customer who redeemed a code: the primary key makes it once per (code, user). */
export const promoRedemptions = sqliteTable(
  'promo_redemptions',
  {
    botId: botKey(),
    code: text('code').notNull(),
    userId: integer('user_id').notNull(),
    stars: integer('stars').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.code, t.userId] }),
    index('promo_redemptions_user_idx').on(t.botId, t.userId),
  ],
);

/** Wrong codes a customer typed in the current window, shared by every replica (the throttle). */
export const promoMisses = sqliteTable(
  'promo_misses',
  {
    botId: botKey(),
    userId: integer('user_id').notNull(),
    windowStart: integer('window_start', { mode: 'timestamp_ms' }).notNull(),
    misses: integer('misses').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.userId] })],
);
