import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import {
  SUBSCRIPTION_PERIOD_STATUSES,
  SUBSCRIPTION_SIGNAL_STATES,
  SUBSCRIPTION_STATES,
} from '../../records.js';
import { botKey } from './bot-key.js';

/**
 * One row per subscription (the chain of charges Telegram makes for one paid plan link), named by
 * its first charge: the plan, the terms of its first payment, the period paid last, cancelled or not.
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    botId: botKey(),
    userId: integer('user_id').notNull(),
    payload: text('payload').notNull(),
    planId: text('plan_id').notNull(),
    priceStars: integer('price_stars').notNull(),
    allowanceStars: integer('allowance_stars').notNull(),
    periodSeconds: integer('period_seconds').notNull(),
    state: text('state', { enum: SUBSCRIPTION_STATES }).notNull(),
    cancelled: integer('cancelled', { mode: 'boolean' }).notNull().default(false),
    chargeId: text('charge_id').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    endNotifiedAt: integer('end_notified_at', { mode: 'timestamp_ms' }),
    /** The customer turned renewal off in Telegram itself (the bot cannot turn it on again). */
    cancelledInTelegram: integer('cancelled_in_telegram', { mode: 'boolean' }).notNull().default(false),
    /** Telegram said the renewal's payment failed (`subscription` update); cleared by a renewal. */
    renewalFailedAt: integer('renewal_failed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('subscriptions_state_idx').on(t.state, t.expiresAt),
    index('subscriptions_user_idx').on(t.botId, t.userId, t.payload),
  ],
);

/** One row per paid period (its Telegram charge id): the allowance it credited and when it ends. */
export const subscriptionPeriods = sqliteTable(
  'subscription_periods',
  {
    botId: botKey(),
    chargeId: text('charge_id').notNull(),
    userId: integer('user_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    planId: text('plan_id').notNull(),
    stars: integer('stars').notNull(),
    allowance: integer('allowance').notNull(),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_PERIOD_STATUSES }).notNull(),
    first: integer('first', { mode: 'boolean' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.chargeId] }),
    index('subscription_periods_user_idx').on(t.botId, t.userId, t.endsAt),
  ],
);

/**
 * A plan checkout answered ok whose payment is not credited yet (one per customer): a second plan
 * checkout is refused meanwhile, so two links paid back to back make one subscription.
 */
export const subscriptionCheckouts = sqliteTable(
  'subscription_checkouts',
  {
    botId: botKey(),
    userId: integer('user_id').notNull(),
    payload: text('payload').notNull(),
    approvedAt: integer('approved_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.userId] })],
);

/**
 * Telegram's `subscription` updates (Bot API 10.2: canceled, active, failed), one row per update id:
 * a redelivered update finds its row and changes nothing, tells nobody.
 */
export const subscriptionSignals = sqliteTable(
  'subscription_signals',
  {
    botId: botKey(),
    updateId: integer('update_id').notNull(),
    userId: integer('user_id').notNull(),
    /** The subscription its payload named; null when it named none of ours. */
    subscriptionId: text('subscription_id'),
    state: text('state', { enum: SUBSCRIPTION_SIGNAL_STATES }).notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.updateId] })],
);
