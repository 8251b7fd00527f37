/**
 * Prometheus metrics (GET /metrics). One registry per process, with prom-client's default process
 * metrics. Every label value comes from a small fixed set (update types, route templates, Telegram
 * method names, status codes, the ids of the deployment's bots, at most MAX_BOT_LABELS of them):
 * never a user id, an order id, a prompt or a token.
 * Gauges that mirror state (active orders, catalog) are read at scrape time, per bot, through
 * `observe` (and `forget` when a bot is no longer served here).
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { API_ERROR_CODES } from './reseller/schemas.js';

export interface ScrapeSources {
  activeOrders?: () => Promise<{ queued: number; processing: number }>;
  catalog?: () => { offered: number; leftOut: number };
  /** Updates stored and not yet handled, cluster-wide. */
  inboxPending?: () => Promise<number>;
}

/** Bots with a label of their own; any beyond are counted together as `other`. */
export const MAX_BOT_LABELS = 500;
const labelledBots = new Set<number>();

/** A bot's `bot` label: its registry id (never its token or username), bounded. */
export function botLabel(botId: number): string {
  if (labelledBots.has(botId)) return String(botId);
  if (labelledBots.size >= MAX_BOT_LABELS) return 'other';
  labelledBots.add(botId);
  return String(botId);
}

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  /** Each served bot's scrape-time sources, by bot id. */
  const sourcesByBot = new Map<number, ScrapeSources>();

  const metrics = {
    registry,
    updates: new Counter({
      name: 'bot_updates_total',
      help: 'Telegram updates handled, by update type',
      labelNames: ['bot', 'type'] as const,
      registers: [registry],
    }),
    updateDuration: new Histogram({
      name: 'bot_update_duration_seconds',
      help: 'Time to handle one update, by update type',
      labelNames: ['bot', 'type'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    upstreamRequests: new Counter({
      name: 'bot_upstream_requests_total',
      help: 'Reseller API requests, by endpoint template and outcome (HTTP status or error code)',
      labelNames: ['endpoint', 'outcome'] as const,
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: 'bot_upstream_request_duration_seconds',
      help: 'Reseller API request duration, by endpoint template',
      labelNames: ['endpoint'] as const,
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
      registers: [registry],
    }),
    inboxUpdates: new Counter({
      name: 'bot_inbox_updates_total',
      help: 'Updates offered to the inbox: stored, a resend already there (duplicate), dropped (a chat flooding past its backlog) or unstorable (skipped: the store refused it)',
      labelNames: ['bot', 'outcome'] as const,
      registers: [registry],
    }),
    broadcastSends: new Counter({
      name: 'bot_broadcast_messages_total',
      help: 'Broadcast sends, by outcome (sent, blocked, retry_after, unreachable, failed, unknown)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    deliveries: new Counter({
      name: 'bot_result_files_total',
      help: 'Result files of completed orders, by outcome (sent, linked, expired, failed)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    deliveryFailures: new Counter({
      name: 'bot_delivery_failures_total',
      help: 'Delivery attempts that failed and will be retried (or given up until restart)',
      registers: [registry],
    }),
    telegramErrors: new Counter({
      name: 'bot_telegram_api_errors_total',
      help: 'Telegram Bot API calls that failed, by method and error code ("network" without an answer)',
      labelNames: ['method', 'code'] as const,
      registers: [registry],
    }),
    upstreamBalance: new Gauge({
      name: 'bot_upstream_balance_usd',
      help: 'Reseller API balance at the last check, in USD',
      registers: [registry],
    }),
    webhookRequests: new Counter({
      name: 'bot_webhook_requests_total',
      help: 'Webhook requests, by outcome (handled, unauthorized, too_large, bad_json, aborted, failed)',
      labelNames: ['bot', 'outcome'] as const,
      registers: [registry],
    }),
    unhandledRejections: new Counter({
      name: 'bot_unhandled_rejections_total',
      help: 'Promise rejections nobody handled (bugs); the bot keeps running',
      registers: [registry],
    }),
    /** Registers the state the scrape-time gauges read for a bot (the main bot by default). */
    observe(more: ScrapeSources, botId = 1): void {
      sourcesByBot.set(botId, { ...sourcesByBot.get(botId), ...more });
    },
    /** A bot no longer served here: its gauges go. */
    forget(botId: number): void {
      sourcesByBot.delete(botId);
    },
  };

  new Gauge({
    name: 'bot_active_orders',
    help: 'Orders upstream is working on, by status',
    labelNames: ['bot', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [id, sources] of sourcesByBot) {
        const counts = await sources.activeOrders?.();
        if (!counts) continue;
        const bot = botLabel(id);
        this.set({ bot, status: 'queued' }, counts.queued);
        this.set({ bot, status: 'processing' }, counts.processing);
      }
    },
  });
  new Gauge({
    name: 'bot_inbox_pending_updates',
    help: 'Updates stored in the inbox and not yet handled (every replica)',
    labelNames: ['bot'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [id, sources] of sourcesByBot) {
        const pending = await sources.inboxPending?.();
        if (pending !== undefined) this.set({ bot: botLabel(id) }, pending);
      }
    },
  });
  new Gauge({
    name: 'bot_catalog_models',
    help: 'Upstream models offered to users, and left out because they could not be read',
    labelNames: ['bot', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [id, sources] of sourcesByBot) {
        const stats = sources.catalog?.();
        if (!stats) continue;
        const bot = botLabel(id);
        this.set({ bot, state: 'offered' }, stats.offered);
        this.set({ bot, state: 'left_out' }, stats.leftOut);
      }
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The process's metrics: instrumented code records here; tests read `metrics.registry`. */
export const metrics: Metrics = createMetrics();

/** `/orders/3f2a.../cancel` -> `/orders/{id}/cancel`: bounded labels for request paths. */
export function endpointTemplate(method: string, path: string): string {
  const template = path
    .replace(/^\/orders\/(?!quote$)[^/]+/, '/orders/{id}')
    .replace(/^\/upload\/preview\/[^/]+/, '/upload/preview/{token}');
  return `${method} ${template}`;
}

/** Error codes of spec section 7 and the client's own; anything else upstream invents is one label. */
const KNOWN_UPSTREAM_CODES = new Set<string>([
  ...API_ERROR_CODES,
  'network_error',
  'timeout',
  'bad_response',
  'aborted',
  'upload_failed',
  'upload_size_mismatch',
  'unexpected_error',
]);

/** The outcome label of one upstream request: its HTTP status, or a known error code. */
export function upstreamOutcome(code: string | undefined, status: number | undefined): string {
  if (code === undefined) return status === undefined ? 'unknown' : String(status);
  return KNOWN_UPSTREAM_CODES.has(code) ? code : 'other_error';
}

/** Telegram's error codes are HTTP statuses; anything else (a broken proxy) is one label. */
export function telegramErrorCode(code: unknown): string {
  return Number.isInteger(code) && (code as number) >= 100 && (code as number) <= 599
    ? String(code)
    : 'other';
}

/** Update types of the Bot API; an update with an unknown key (a newer API) counts as `other`. */
const UPDATE_TYPES = new Set([
  'message',
  'edited_message',
  'channel_post',
  'edited_channel_post',
  'business_connection',
  'business_message',
  'edited_business_message',
  'deleted_business_messages',
  'message_reaction',
  'message_reaction_count',
  'inline_query',
  'chosen_inline_result',
  'callback_query',
  'shipping_query',
  'pre_checkout_query',
  'purchased_paid_media',
  'poll',
  'poll_answer',
  'my_chat_member',
  'chat_member',
  'managed_bot',
  'chat_join_request',
  'chat_boost',
  'removed_chat_boost',
]);

/** The type of an update: `message`, `callback_query`, ... (the one key besides update_id). */
export function updateType(update: object): string {
  const key = Object.keys(update).find((k) => k !== 'update_id');
  if (key === undefined) return 'unknown';
  return UPDATE_TYPES.has(key) ? key : 'other';
}
