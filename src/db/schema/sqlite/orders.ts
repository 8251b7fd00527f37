import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { OrderStatus } from '../../../domain/order-state.js';
import type { GenerationRequest } from '../../../reseller/schemas.js';
import {
  DELIVERY_OUTCOMES,
  type DeliveredFile,
  ORDER_STAGES,
  type StoredError,
  UPSTREAM_STATUSES,
} from '../../records.js';
import { botKey } from './bot-key.js';

/** One row per generation attempt ("order"), from priced draft to delivered result. */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    botId: botKey(),
    chatId: integer('chat_id').notNull(),
    userId: integer('user_id').notNull(),
    locale: text('locale').notNull(),
    modelId: integer('model_id').notNull(),
    modelName: text('model_name').notNull(),
    modelType: text('model_type').notNull(),
    /** The GenerationRequest exactly as it is sent (without quote_id): a re-send is the same data. */
    request: text('request_json', { mode: 'json' }).$type<GenerationRequest>().notNull(),
    /** The amount the user is shown and confirms (decimal string). */
    priceUsd: text('price_usd').notNull(),
    /** With BILLING=stars: what the customer pays for priceUsd, fixed when the price is (whole Stars). */
    priceStars: integer('price_stars'),
    quoteId: text('quote_id'),
    quoteExpiresAt: integer('quote_expires_at', { mode: 'timestamp_ms' }),
    idempotencyKey: text('idempotency_key').notNull(),
    stage: text('stage', { enum: ORDER_STAGES }).notNull(),
    /** How many times POST /orders was sent for this row (all keys together); diagnostics. */
    submitAttempts: integer('submit_attempts').notNull().default(0),
    /** The last failed submission (business refusal or transient failure); cleared on success. */
    submitError: text('submit_error_json', { mode: 'json' }).$type<StoredError>(),
    submittedAt: integer('submitted_at', { mode: 'timestamp_ms' }),
    upstreamOrderId: text('upstream_order_id'),
    status: text('status', { enum: UPSTREAM_STATUSES }).$type<OrderStatus>(),
    costUsd: text('cost_usd'),
    result: text('result_json', { mode: 'json' }).$type<string[]>(),
    resultExpiresAt: integer('result_expires_at', { mode: 'timestamp_ms' }),
    /** `order.error` of a failed generation, as upstream sent it (shape not specified). */
    error: text('error_json', { mode: 'json' }).$type<unknown>(),
    statusMessageId: integer('status_message_id'),
    /** A guest order's card (answerGuestQuery, issue 42): its status and result are edits of it. */
    inlineMessageId: text('inline_message_id'),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
    nextPollAt: integer('next_poll_at', { mode: 'timestamp_ms' }),
    pollFailures: integer('poll_failures').notNull().default(0),
    /** The process whose poll claim `next_poll_at` is while it polls (claimPoll); null otherwise. */
    pollOwner: text('poll_owner'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    /** When upstream first reported a final status (completed/failed/cancelled). */
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    /** When OrderPipelineHooks.onFinalState finished for this row; null means it still has to run. */
    finalHandledAt: integer('final_handled_at', { mode: 'timestamp_ms' }),
    /** When upstream answered order_not_found for it: polling stopped (see markLost). */
    lostAt: integer('lost_at', { mode: 'timestamp_ms' }),
    /** The process delivering the outcome, and until when its claim holds (claimDelivery). */
    deliveryOwner: text('delivery_owner'),
    deliveryLeaseUntil: integer('delivery_lease_until', { mode: 'timestamp_ms' }),
    /** Whether a result file reached the chat (`sent`) or nothing did (`none`): decides capture or release. */
    deliveryOutcome: text('delivery_outcome', { enum: DELIVERY_OUTCOMES }),
    /** Since when upstream reports a status we do not know (read as processing); null once it is known. */
    unknownStatusSince: integer('unknown_status_since', { mode: 'timestamp_ms' }),
    /** When admins were told it stayed unknown too long (once; it then stops counting as active). */
    unknownStatusReportedAt: integer('unknown_status_reported_at', { mode: 'timestamp_ms' }),
    /** The result files as they reached the chat (Telegram's ids); null before delivery. */
    resultFiles: text('result_files_json', { mode: 'json' }).$type<DeliveredFile[]>(),
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
