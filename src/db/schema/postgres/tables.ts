/**
 * The PostgreSQL tables: the same names, columns and meaning as schema/sqlite, in PostgreSQL's own
 * types (timestamptz, bigint for Telegram ids, jsonb, boolean). drizzle-kit reads this file for
 * migrations/postgres; schema/parity.ts checks both against db/records.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Update } from 'grammy/types';
import type { ContentRules } from '../../../domain/content-rules.js';
import { PAYMENT_LANES_SQL } from '../../../domain/inbox-lane.js';
import type { OrderStatus } from '../../../domain/order-state.js';
import type { GenerationRequest } from '../../../reseller/schemas.js';
import { EXAMPLE_KINDS, EXAMPLE_SOURCES, EXAMPLE_STATES } from '../../model-example-records.js';
import {
  BOT_STATUSES,
  BROADCAST_STATUSES,
  type BroadcastAudience,
  type BroadcastContent,
  CONTENT_PLACES,
  DELIVERY_OUTCOMES,
  type DeliveredFile,
  ORDER_STAGES,
  PRICE_RULE_KINDS,
  RECIPIENT_STATUSES,
  REMINDER_RULES,
  REMINDER_STATUSES,
  REPORT_STATUSES,
  type StoredError,
  SUBSCRIPTION_PERIOD_STATUSES,
  SUBSCRIPTION_SIGNAL_STATES,
  SUBSCRIPTION_STATES,
  TELEGRAM_FILE_KINDS,
  TOPUP_STATUSES,
  UPSTREAM_STATUSES,
  WALLET_ENTRY_KINDS,
} from '../../records.js';

/** Telegram ids go beyond 32 bits; as JS numbers they stay exact (below 2^53). */
const telegramId = (name: string) => bigint(name, { mode: 'number' });
/** The bot a record belongs to; see schema/sqlite/bot-key.ts. */
const botKey = () => integer('bot_id').notNull().default(1);
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const users = pgTable(
  'users',
  {
    botId: botKey(),
    telegramId: telegramId('telegram_id').notNull(),
    firstName: text('first_name').notNull().default(''),
    username: text('username'),
    locale: text('locale'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    languageCode: text('language_code'),
    blocked: boolean('blocked').notNull().default(false),
    bannedAt: at('banned_at'),
    promptInCaption: boolean('prompt_in_caption').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    seenAt: at('seen_at').notNull().defaultNow(),
    createdUpdateId: bigint('created_update_id', { mode: 'number' }),
    referralCode: text('referral_code'),
    referredBy: telegramId('referred_by'),
    campaignId: integer('campaign_id'),
    attributedAt: at('attributed_at'),
    remindersOff: boolean('reminders_off').notNull().default(false),
    startedAt: at('started_at'),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.telegramId] }),
    uniqueIndex('users_referral_code_unique').on(t.botId, t.referralCode),
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    botId: botKey(),
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdBy: telegramId('created_by').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('campaigns_code_unique').on(t.botId, t.code)],
);

export const conversationStates = pgTable(
  'conversation_states',
  {
    botId: botKey(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.key] })],
);

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    botId: botKey(),
    chatId: telegramId('chat_id').notNull(),
    userId: telegramId('user_id').notNull(),
    locale: text('locale').notNull(),
    modelId: integer('model_id').notNull(),
    modelName: text('model_name').notNull(),
    modelType: text('model_type').notNull(),
    request: jsonb('request_json').$type<GenerationRequest>().notNull(),
    priceUsd: text('price_usd').notNull(),
    priceStars: integer('price_stars'),
    quoteId: text('quote_id'),
    quoteExpiresAt: at('quote_expires_at'),
    idempotencyKey: text('idempotency_key').notNull(),
    stage: text('stage', { enum: ORDER_STAGES }).notNull(),
    submitAttempts: integer('submit_attempts').notNull().default(0),
    submitError: jsonb('submit_error_json').$type<StoredError>(),
    submittedAt: at('submitted_at'),
    upstreamOrderId: text('upstream_order_id'),
    status: text('status', { enum: UPSTREAM_STATUSES }).$type<OrderStatus>(),
    costUsd: text('cost_usd'),
    result: jsonb('result_json').$type<string[]>(),
    resultExpiresAt: at('result_expires_at'),
    error: jsonb('error_json').$type<unknown>(),
    statusMessageId: bigint('status_message_id', { mode: 'number' }),
    inlineMessageId: text('inline_message_id'),
    deliveredAt: at('delivered_at'),
    nextPollAt: at('next_poll_at'),
    pollFailures: integer('poll_failures').notNull().default(0),
    pollOwner: text('poll_owner'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    finishedAt: at('finished_at'),
    finalHandledAt: at('final_handled_at'),
    lostAt: at('lost_at'),
    deliveryOwner: text('delivery_owner'),
    deliveryLeaseUntil: at('delivery_lease_until'),
    deliveryOutcome: text('delivery_outcome', { enum: DELIVERY_OUTCOMES }),
    unknownStatusSince: at('unknown_status_since'),
    unknownStatusReportedAt: at('unknown_status_reported_at'),
    resultFiles: jsonb('result_files_json').$type<DeliveredFile[]>(),
  },
  (t) => [
    index('orders_active_idx').on(t.status, t.nextPollAt),
    index('orders_chat_idx').on(t.botId, t.chatId, t.createdAt),
    // A customer's orders (the reminders' "ordered since" and "last order" checks).
    index('orders_user_idx').on(t.botId, t.userId, t.createdAt),
    uniqueIndex('orders_idempotency_key_unique').on(t.botId, t.idempotencyKey),
    uniqueIndex('orders_upstream_order_id_unique').on(t.botId, t.upstreamOrderId),
    index('orders_stage_idx').on(t.stage),
  ],
);

export const adminAlerts = pgTable(
  'admin_alerts',
  {
    botId: botKey(),
    kind: text('kind').notNull(),
    active: boolean('active').notNull().default(false),
    lastSentAt: at('last_sent_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.kind] })],
);

export const catalogSnapshots = pgTable('catalog_snapshots', {
  id: integer('id').primaryKey(),
  models: jsonb('models').notNull(),
  savedAt: at('saved_at').notNull(),
});

export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    botId: botKey(),
    key: text('key').notNull(),
    userId: telegramId('user_id').notNull(),
    kind: text('kind', { enum: WALLET_ENTRY_KINDS }).notNull(),
    delta: integer('delta').notNull(),
    stars: integer('stars').notNull(),
    orderId: text('order_id'),
    chargeId: text('charge_id'),
    actorId: telegramId('actor_id'),
    note: text('note'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('wallet_entries_key_unique').on(t.botId, t.key),
    index('wallet_entries_user_idx').on(t.botId, t.userId, t.id),
    index('wallet_entries_order_idx').on(t.orderId),
    index('wallet_entries_kind_idx').on(t.kind, t.createdAt),
  ],
);

export const starTopups = pgTable(
  'star_topups',
  {
    id: text('id').primaryKey(),
    botId: botKey(),
    userId: telegramId('user_id').notNull(),
    chatId: telegramId('chat_id').notNull(),
    stars: integer('stars').notNull(),
    status: text('status', { enum: TOPUP_STATUSES }).notNull(),
    orderId: text('order_id'),
    chargeId: text('charge_id'),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    paidAt: at('paid_at'),
    notifiedAt: at('notified_at'),
    refundedAt: at('refunded_at'),
  },
  (t) => [
    uniqueIndex('star_topups_charge_id_unique').on(t.botId, t.chargeId),
    index('star_topups_user_idx').on(t.botId, t.userId, t.createdAt),
  ],
);

export const updateInbox = pgTable(
  'update_inbox',
  {
    botId: botKey(),
    updateId: bigint('update_id', { mode: 'number' }).notNull(),
    lane: text('lane').notNull(),
    /** The lane's shard (domain/inbox-shard.ts): replicas split the shards (issue 41). */
    shard: integer('shard').notNull().default(0),
    control: boolean('control').notNull().default(false),
    payload: jsonb('payload').$type<Update>().notNull(),
    receivedAt: at('received_at').notNull(),
    owner: text('owner'),
    leaseUntil: at('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    doneAt: at('done_at'),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.updateId] }),
    // The only index of waiting updates. During a flood the planner's statistics predate it and
    // it takes a bot for one waiting update; a second index of them (by id, or by shard) then cost
    // it the same, and a lookup of one chat's updates sometimes read the bot's every one through
    // it, once per chat (240 ms a claim). Lookups by id use the primary key.
    index('update_inbox_lane_idx').on(t.botId, t.lane, t.updateId).where(sql`${t.doneAt} is null`),
    // The waiting payments alone: a claim of payments reads them, not a flood of messages. Only a
    // statement naming the same lanes can use it (the claim's `LANE_KIND_SQL.payments`).
    index('update_inbox_payment_idx')
      .on(t.botId, t.lane, t.updateId)
      .where(sql`${t.doneAt} is null and ${sql.raw(PAYMENT_LANES_SQL)}`),
    // Done updates only (pruning): waiting ones are the lane index's, never every bot's at once.
    index('update_inbox_done_idx').on(t.doneAt).where(sql`${t.doneAt} is not null`),
  ],
);

/**
 * The replicas sharing the update inbox (issue 41): each renews its row while it lives, and the
 * live ones split the inbox's shards between them (domain/inbox-shard.ts).
 */
export const inboxReplicas = pgTable('inbox_replicas', {
  owner: text('owner').primaryKey(),
  leaseUntil: at('lease_until').notNull(),
});

export const pollBudget = pgTable('poll_budget', {
  second: bigint('second', { mode: 'number' }).primaryKey(),
  used: integer('used').notNull(),
  lastGrant: integer('last_grant').notNull(),
});

export const broadcasts = pgTable(
  'broadcasts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    botId: botKey(),
    createdBy: telegramId('created_by').notNull(),
    adminChatId: telegramId('admin_chat_id').notNull(),
    locale: text('locale').notNull(),
    content: jsonb('content_json').$type<BroadcastContent>().notNull(),
    audience: jsonb('audience_json').$type<BroadcastAudience>().notNull(),
    status: text('status', { enum: BROADCAST_STATUSES }).notNull(),
    activeSlot: integer('active_slot'),
    total: integer('total').notNull(),
    progressMessageId: bigint('progress_message_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    finishedAt: at('finished_at'),
    reportedAt: at('reported_at'),
  },
  (t) => [uniqueIndex('broadcasts_one_active_idx').on(t.botId, t.activeSlot)],
);

export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    botId: botKey(),
    broadcastId: integer('broadcast_id').notNull(),
    userId: telegramId('user_id').notNull(),
    status: text('status', { enum: RECIPIENT_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.broadcastId, t.userId] }),
    index('broadcast_recipients_status_idx').on(t.broadcastId, t.status, t.userId),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    botId: botKey(),
    actorId: telegramId('actor_id').notNull(),
    action: text('action').notNull(),
    targetUserId: telegramId('target_user_id'),
    details: jsonb('details_json').$type<Record<string, unknown>>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.botId, t.createdAt)],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    botId: botKey(),
    code: text('code').notNull(),
    stars: integer('stars').notNull(),
    uses: integer('uses').notNull(),
    used: integer('used').notNull().default(0),
    expiresAt: at('expires_at'),
    disabledAt: at('disabled_at'),
    createdBy: telegramId('created_by').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.code] })],
);

export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    botId: botKey(),
    code: text('code').notNull(),
    userId: telegramId('user_id').notNull(),
    stars: integer('stars').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.code, t.userId] }),
    index('promo_redemptions_user_idx').on(t.botId, t.userId),
  ],
);

export const promoMisses = pgTable(
  'promo_misses',
  {
    botId: botKey(),
    userId: telegramId('user_id').notNull(),
    windowStart: at('window_start').notNull(),
    misses: integer('misses').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.userId] })],
);

export const uploadSources = pgTable(
  'upload_sources',
  {
    botId: botKey(),
    path: text('path').notNull(),
    kind: text('kind', { enum: TELEGRAM_FILE_KINDS }).notNull(),
    telegramFileId: text('telegram_file_id').notNull(),
    telegramFileUniqueId: text('telegram_file_unique_id').notNull(),
    fileName: text('file_name'),
    mimeType: text('mime_type'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.path] })],
);

/** See schema/sqlite/live-settings.ts: the settings admins change live, one row, versioned. */
export const liveSettings = pgTable(
  'live_settings',
  {
    botId: botKey(),
    id: integer('id').notNull(),
    version: integer('version').notNull(),
    markupPercent: text('markup_percent'),
    welcomeStars: integer('welcome_stars'),
    topupPacks: jsonb('topup_packs_json').$type<number[]>(),
    reminders: jsonb('reminders_json').$type<string[]>(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.id] })],
);

/** Per model, what the admins set; no row (or a null column): as the environment says. */
export const modelSettings = pgTable(
  'model_settings',
  {
    botId: botKey(),
    modelId: integer('model_id').notNull(),
    offered: boolean('offered'),
    /** By language tag, only the languages given ({"en": "...", "uk": "..."}). */
    names: jsonb('names_json').$type<Record<string, string>>().notNull().default({}),
    descriptions: jsonb('descriptions_json').$type<Record<string, string>>().notNull().default({}),
    priceKind: text('price_kind', { enum: PRICE_RULE_KINDS }).notNull(),
    priceMarkupPercent: text('price_markup_percent'),
    priceStars: integer('price_stars'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.modelId] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    botId: botKey(),
    userId: telegramId('user_id').notNull(),
    payload: text('payload').notNull(),
    planId: text('plan_id').notNull(),
    priceStars: integer('price_stars').notNull(),
    allowanceStars: integer('allowance_stars').notNull(),
    periodSeconds: integer('period_seconds').notNull(),
    state: text('state', { enum: SUBSCRIPTION_STATES }).notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    chargeId: text('charge_id').notNull(),
    expiresAt: at('expires_at').notNull(),
    startedAt: at('started_at').notNull(),
    cancelledAt: at('cancelled_at'),
    endedAt: at('ended_at'),
    endNotifiedAt: at('end_notified_at'),
    cancelledInTelegram: boolean('cancelled_in_telegram').notNull().default(false),
    renewalFailedAt: at('renewal_failed_at'),
  },
  (t) => [
    index('subscriptions_state_idx').on(t.state, t.expiresAt),
    index('subscriptions_user_idx').on(t.botId, t.userId, t.payload),
  ],
);

export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    botId: botKey(),
    chargeId: text('charge_id').notNull(),
    userId: telegramId('user_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    planId: text('plan_id').notNull(),
    stars: integer('stars').notNull(),
    allowance: integer('allowance').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    status: text('status', { enum: SUBSCRIPTION_PERIOD_STATUSES }).notNull(),
    first: boolean('first').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.chargeId] }),
    index('subscription_periods_user_idx').on(t.botId, t.userId, t.endsAt),
  ],
);

export const subscriptionCheckouts = pgTable(
  'subscription_checkouts',
  {
    botId: botKey(),
    userId: telegramId('user_id').notNull(),
    payload: text('payload').notNull(),
    approvedAt: at('approved_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.userId] })],
);

/** See schema/sqlite/subscriptions.ts: Telegram's `subscription` updates, one row per update id. */
export const subscriptionSignals = pgTable(
  'subscription_signals',
  {
    botId: botKey(),
    updateId: bigint('update_id', { mode: 'number' }).notNull(),
    userId: telegramId('user_id').notNull(),
    subscriptionId: text('subscription_id'),
    state: text('state', { enum: SUBSCRIPTION_SIGNAL_STATES }).notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.updateId] })],
);

/** See schema/sqlite/reminders.ts: the reminders the bot owes or sent, one row per key. */
export const reminders = pgTable(
  'reminders',
  {
    botId: botKey(),
    key: text('key').notNull(),
    userId: telegramId('user_id').notNull(),
    rule: text('rule', { enum: REMINDER_RULES }).notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: REMINDER_STATUSES }).notNull(),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
    note: text('note'),
    actedAt: at('acted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.key] }),
    index('reminders_status_idx').on(t.botId, t.status, t.createdAt),
    index('reminders_user_idx').on(t.botId, t.userId, t.sentAt),
  ],
);

/** See schema/sqlite/group-chats.ts. */
export const groupChats = pgTable(
  'group_chats',
  {
    botId: botKey(),
    chatId: telegramId('chat_id').notNull(),
    title: text('title').notNull(),
    member: boolean('member').notNull(),
    enabled: boolean('enabled'),
    dailyCap: integer('daily_cap'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.chatId] })],
);

/** See schema/sqlite/content-rules.ts. */
export const contentRules = pgTable(
  'content_rules',
  {
    botId: botKey(),
    version: integer('version').notNull(),
    rules: jsonb('rules_json').$type<ContentRules>().notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId] })],
);

export const contentBlocks = pgTable(
  'content_blocks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    botId: botKey(),
    userId: telegramId('user_id').notNull(),
    chatId: telegramId('chat_id').notNull(),
    place: text('place', { enum: CONTENT_PLACES }).notNull(),
    line: text('line').notNull(),
    description: text('description').notNull(),
    banned: boolean('banned').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('content_blocks_user_idx').on(t.botId, t.userId, t.createdAt),
    index('content_blocks_created_idx').on(t.botId, t.createdAt),
  ],
);

/** See schema/sqlite/content-rules.ts. */
export const contentReports = pgTable(
  'content_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    botId: botKey(),
    orderId: text('order_id').notNull(),
    chatId: telegramId('chat_id').notNull(),
    messageId: integer('message_id').notNull(),
    reporterId: telegramId('reporter_id').notNull(),
    ownerId: telegramId('owner_id').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull(),
    createdAt: at('created_at').notNull(),
    resolvedBy: telegramId('resolved_by'),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    uniqueIndex('content_reports_once_idx').on(t.botId, t.orderId, t.reporterId),
    index('content_reports_created_idx').on(t.botId, t.createdAt),
  ],
);

/** See schema/sqlite/bots.ts: the bots this deployment serves; row 1 is the main bot. */
export const bots = pgTable('bots', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  telegramId: telegramId('telegram_id').unique(),
  username: text('username'),
  tokenSealed: text('token_sealed'),
  upstreamKeySealed: text('upstream_key_sealed'),
  status: text('status', { enum: BOT_STATUSES }).notNull().default('active'),
  dailyCapUsd: text('daily_cap_usd'),
  createdBy: telegramId('created_by'),
  managed: boolean('managed').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** See schema/sqlite/model-examples.ts: the examples of a model admins picked for the app (issue 43). */
export const modelExamples = pgTable(
  'model_examples',
  {
    id: text('id').primaryKey(),
    botId: botKey(),
    modelId: integer('model_id').notNull(),
    source: text('source', { enum: EXAMPLE_SOURCES }).notNull(),
    orderId: text('order_id'),
    fileIndex: integer('file_index'),
    ownerUserId: telegramId('owner_user_id'),
    state: text('state', { enum: EXAMPLE_STATES }).notNull(),
    kind: text('kind', { enum: EXAMPLE_KINDS }).notNull(),
    fileId: text('file_id').notNull(),
    previewFileId: text('preview_file_id'),
    position: integer('position').notNull(),
    addedBy: telegramId('added_by').notNull(),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('model_examples_result_idx').on(t.botId, t.orderId, t.fileIndex),
    index('model_examples_model_idx').on(t.botId, t.modelId, t.position),
  ],
);
