/**
 * Alerts for the reseller's admins about the upstream: a rejected API key, orders refused for lack
 * of balance, a sustained outage (and its end), a low balance (raised by BalanceMonitor).
 *
 * - Rate limits are kept in SQLite (`admin_alerts`), so a restart (or a crash loop) never repeats
 *   an alert sooner than its cooldown, and a standing condition is not announced twice.
 * - Observing never throws and never waits for Telegram: callers on hot paths (every poll) pay one
 *   comparison when nothing is wrong.
 * - The sink (the bot's AdminNotifier) is bound late; until then, and without admins, nothing is
 *   claimed, so nothing is lost by a claim without a message.
 */
import type { AdminAlertsRepository } from '../db/index.js';
import type { Logger } from '../logger.js';
import type { ResellerClient } from '../reseller/client.js';
import { ResellerError } from '../reseller/errors.js';
import type { SubscriptionAlert } from './subscriptions.js';
import type { StarsDifference } from './wallet/reconciliation.js';

export type AdminAlert =
  | { kind: 'low_balance'; balanceUsd: string; thresholdUsd: string }
  | { kind: 'unauthorized' }
  | { kind: 'insufficient_balance'; modelName: string }
  | { kind: 'upstream_down'; failures: number; durationMs: number; lastError: string }
  | { kind: 'upstream_recovered'; downMs: number }
  /** One model of GET /models could not be read (left out of the menu). */
  | { kind: 'unreadable_model'; model: string; reason: string }
  /** GET /models failed at start-up: the stored catalog is served. */
  | { kind: 'catalog_stale'; error: string; count: number }
  /** Upstream charged an order an amount other than the price the user confirmed. */
  | { kind: 'charge_mismatch'; modelName: string; confirmedUsd: string; chargedUsd: string }
  /** The Stars ledger and Telegram's getStarTransactions disagree (wallet reconciliation). */
  | { kind: 'stars_reconciliation'; differences: StarsDifference[] }
  /** A completed order none of whose result files reached the customer (their Stars went back). */
  | { kind: 'undelivered_order'; orderId: string; modelName: string; chatId: number }
  /** Telegram refunded a customer's payment itself (refunded_payment); booked in the ledger. */
  | { kind: 'telegram_refund'; userId: number; stars: number; chargeId: string; balance: number }
  /** A renewal of another amount than its price; two live subscriptions of one customer. */
  | Exclude<SubscriptionAlert, { kind: 'telegram_refund' }>
  /**
   * Upstream has kept an order in a status we do not know (`status`, as it said it) since `since`:
   * reported once per order (the tracker's claim in the store decides), no cooldown of its own.
   */
  | { kind: 'unknown_order_status'; orderId: string; modelName: string; status: string; since: Date }
  /**
   * A bot refused an order at its daily upstream spend cap (bot-spend-cap.ts); once per bot and UTC
   * day (the day is the subject). `bot` names it when the operator is told about another bot.
   */
  | {
      kind: 'spend_cap_reached';
      capUsd: string;
      spentUsd: string;
      resetsAt: Date;
      bot?: { id: number; username: string | null };
    };

/** Delivers an alert to every admin; must not throw for a chat that cannot be reached. */
export interface AdminAlertSink {
  send(alert: AdminAlert): Promise<void>;
}

const DEFAULT_ALERT_COOLDOWNS_MS = {
  unauthorized: 60 * 60_000,
  insufficient_balance: 30 * 60_000,
  upstream_down: 30 * 60_000,
  unreadable_model: 24 * 60 * 60_000,
  catalog_stale: 60 * 60_000,
  /** Per model (the subject): one alert a model an hour, however many orders it affects. */
  charge_mismatch: 60 * 60_000,
  /** The check runs at start-up and daily: a crash loop must not repeat it to admins. */
  stars_reconciliation: 6 * 60 * 60_000,
  /** Per order (the subject): once, however often the outcome is settled again. */
  undelivered_order: 30 * 24 * 60 * 60_000,
  /** Per charge (the subject): once. */
  telegram_refund: 30 * 24 * 60 * 60_000,
  /** Per charge (the subject): once. */
  subscription_amount_mismatch: 30 * 24 * 60 * 60_000,
  /** Per customer (the subject): once a day while it lasts. */
  subscription_duplicate: 24 * 60 * 60_000,
  /** Per bot and UTC day (the subject): once a day, however many orders the cap refuses. */
  spend_cap_reached: 2 * 24 * 60 * 60_000,
} as const;

export type RateLimitedKind = keyof typeof DEFAULT_ALERT_COOLDOWNS_MS;

export interface AdminAlertsOptions {
  store: AdminAlertsRepository;
  logger: Logger;
  /** Without admins nothing is ever sent (nor claimed). */
  adminCount: number;
  cooldownsMs?: Partial<Record<RateLimitedKind, number>>;
  /** An outage: at least `failures` failed calls in a row, the first at least `minMs` ago. */
  outage?: { failures: number; minMs: number };
  now?: () => number;
}

/** Upstream failures that mean "not available right now" (as opposed to an answer we did not like). */
const UNAVAILABLE_CODES = new Set([
  'server_busy',
  'internal_error',
  'network_error',
  'timeout',
  'bad_response',
]);

export type UpstreamFailureKind = 'ignored' | 'unauthorized' | 'unavailable' | 'answered';

/** How an upstream call's failure counts for the alerts. */
export function classifyUpstreamFailure(err: unknown): UpstreamFailureKind {
  if (!(err instanceof ResellerError)) return 'ignored';
  if (err.code === 'aborted') return 'ignored';
  if (err.code === 'unauthorized' || err.httpStatus === 401) return 'unauthorized';
  if (UNAVAILABLE_CODES.has(err.code) || (err.httpStatus !== undefined && err.httpStatus >= 500)) {
    return 'unavailable';
  }
  // A 429 rate limit is the account asking us to slow down, not the service being down.
  if (err.httpStatus === 429) return 'ignored';
  return 'answered';
}

export class AdminAlerts {
  readonly #store: AdminAlertsRepository;
  readonly #log: Logger;
  readonly #adminCount: number;
  readonly #cooldowns: Record<RateLimitedKind, number>;
  readonly #outage: { failures: number; minMs: number };
  readonly #now: () => number;
  readonly #pending = new Set<Promise<void>>();
  #sink: AdminAlertSink | undefined;
  /** Failed calls in a row and when the first of them failed. */
  #failures = 0;
  #firstFailureAt: number | undefined;
  #lastFailure = '';
  /** Mirrors the stored `upstream_down` flag (undefined until read): successful calls then cost no query. */
  #down: boolean | undefined;
  readonly #loaded: Promise<void>;
  /**
   * The outage decisions ("down", "recovered") in the order their events happened. The observers are
   * synchronous and the store is not: without this chain an answer arriving while "down" is being
   * recorded would be judged on the state from before it.
   */
  #outageChain: Promise<void> = Promise.resolve();
  #outageQueued = 0;

  constructor(opts: AdminAlertsOptions) {
    this.#store = opts.store;
    this.#log = opts.logger.child({ component: 'admin-alerts' });
    this.#adminCount = opts.adminCount;
    this.#cooldowns = { ...DEFAULT_ALERT_COOLDOWNS_MS, ...opts.cooldownsMs };
    this.#outage = opts.outage ?? { failures: 5, minMs: 2 * 60_000 };
    this.#now = opts.now ?? Date.now;
    this.#loaded = this.#store.isActive('upstream_down').then(
      (down) => {
        this.#down ??= down;
      },
      (err: unknown) => {
        this.#down ??= false;
        this.#log.error({ err }, 'could not read the stored upstream_down flag');
      },
    );
  }

  bindSink(sink: AdminAlertSink): void {
    this.#sink = sink;
  }

  /** Whether alerts can reach anyone (admins configured and the sink bound). */
  get enabled(): boolean {
    return this.#adminCount > 0 && this.#sink !== undefined;
  }

  /** Sends a rate-limited alert unless one of its kind went out within its cooldown. True if sent. */
  raise(alert: Extract<AdminAlert, { kind: RateLimitedKind }>, subject?: string): Promise<boolean> {
    return this.#raiseAt(this.#now(), alert, subject);
  }

  /**
   * `raise` for callers that cannot wait (observers, reporters): it runs in the background, after
   * every alert decision asked for before it, and whenIdle() waits for it. Never throws.
   */
  raiseLater(alert: Extract<AdminAlert, { kind: RateLimitedKind }>, subject?: string): void {
    const at = this.#now();
    this.#decide(async () => {
      await this.#raiseAt(at, alert, subject);
    }, 'could not raise an admin alert');
  }

  /** `raise` as of `at`: when the event happened, which may be before its turn in the chain came. */
  async #raiseAt(
    at: number,
    alert: Extract<AdminAlert, { kind: RateLimitedKind }>,
    subject?: string,
  ): Promise<boolean> {
    if (!this.enabled) return false;
    const now = new Date(at);
    // `subject` rate-limits per thing (one alert per unreadable model, not one for all of them).
    const key = subject === undefined ? alert.kind : `${alert.kind}:${subject}`;
    if (!(await this.#store.claimSend(key, now, this.#cooldowns[alert.kind]))) {
      this.#log.debug({ kind: alert.kind }, 'admin alert suppressed by its rate limit');
      return false;
    }
    this.#deliver(alert);
    return true;
  }

  /**
   * An order stuck in a status we do not know: its caller claimed the one report in the store
   * (OrdersRepository.claimUnknownStatusReport), so it is sent as it is, without a cooldown.
   */
  orderStatusUnknown(alert: Omit<Extract<AdminAlert, { kind: 'unknown_order_status' }>, 'kind'>): void {
    if (this.enabled) this.#deliver({ kind: 'unknown_order_status', ...alert });
  }

  /**
   * A standing condition began (`low_balance`): sends once, until `conditionEnded`. The state is
   * stored even when nobody can be told, so a later start does not announce an old condition.
   */
  async conditionBegan(alert: Extract<AdminAlert, { kind: 'low_balance' }>): Promise<boolean> {
    if (!(await this.#store.activate(alert.kind, new Date(this.#now())))) return false;
    if (this.enabled) this.#deliver(alert);
    return true;
  }

  /** The condition is over: the next `conditionBegan` alerts again. True if it was standing. */
  conditionEnded(kind: 'low_balance'): Promise<boolean> {
    return this.#store.deactivate(kind, new Date(this.#now()));
  }

  // ---------------------------------------------------------------- observing upstream calls

  /** Any upstream call answered normally. Never throws; the stored state is updated in the background. */
  upstreamAnswered(): void {
    // The common case costs nothing: no failures counted, not down, no decision on its way.
    if (this.#failures === 0 && this.#down === false && this.#outageQueued === 0) return;
    const since = this.#firstFailureAt;
    const now = this.#now();
    this.#failures = 0;
    this.#firstFailureAt = undefined;
    this.#decide(() => this.#recovered(since, now), 'could not record the end of an upstream outage');
  }

  async #recovered(since: number | undefined, now: number): Promise<void> {
    if (!this.#down) return;
    this.#down = false;
    const row = await this.#store.find('upstream_down');
    if (!(await this.#store.deactivate('upstream_down', new Date(now)))) return;
    const from = since ?? row?.lastSentAt?.getTime() ?? now;
    if (this.enabled) this.#deliver({ kind: 'upstream_recovered', downMs: Math.max(0, now - from) });
  }

  /** Queues an outage decision behind the earlier ones (and behind reading the stored flag). */
  #decide(decision: () => Promise<void>, failure: string): void {
    this.#outageQueued++;
    const next = this.#outageChain
      .then(() => this.#loaded)
      .then(decision)
      .finally(() => this.#outageQueued--);
    this.#outageChain = next.catch(() => undefined);
    this.#track(next, failure);
  }

  /** Any upstream call failed (polls, balance checks, submissions). Never throws. */
  upstreamFailed(err: unknown): void {
    try {
      switch (classifyUpstreamFailure(err)) {
        case 'unauthorized':
          this.raiseLater({ kind: 'unauthorized' });
          return;
        case 'unavailable':
          this.#countUnavailable(err as ResellerError);
          return;
        case 'answered':
          this.upstreamAnswered();
          return;
        case 'ignored':
          return;
      }
    } catch (e) {
      this.#log.error({ err: e }, 'could not evaluate an upstream failure for admin alerts');
    }
  }

  /** Upstream refused a user's order (no order was created). */
  orderRefused(order: { modelName: string }, error: ResellerError): void {
    try {
      if (error.code === 'insufficient_balance') {
        this.upstreamAnswered();
        this.raiseLater({ kind: 'insufficient_balance', modelName: order.modelName });
      } else {
        this.upstreamFailed(error);
      }
    } catch (e) {
      this.#log.error({ err: e }, 'could not evaluate a refused order for admin alerts');
    }
  }

  /** The tracker's client, observed: every poll's outcome feeds the outage and key checks. */
  observePolls(client: Pick<ResellerClient, 'getOrder'>): Pick<ResellerClient, 'getOrder'> {
    return {
      getOrder: async (id, opts) => {
        try {
          const order = await client.getOrder(id, opts);
          this.upstreamAnswered();
          return order;
        } catch (err) {
          this.upstreamFailed(err);
          throw err;
        }
      },
    };
  }

  /** Resolves once every alert handed to the sink was sent (shutdown, tests). */
  async whenIdle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  #countUnavailable(err: ResellerError): void {
    const now = this.#now();
    this.#failures++;
    this.#firstFailureAt ??= now;
    this.#lastFailure = err.httpStatus ? `${err.code} (HTTP ${err.httpStatus})` : String(err.code);
    if (this.#down) return;
    const durationMs = now - this.#firstFailureAt;
    if (this.#failures < this.#outage.failures || durationMs < this.#outage.minMs) return;
    if (!this.enabled) return;
    const alert = {
      kind: 'upstream_down' as const,
      failures: this.#failures,
      durationMs,
      lastError: this.#lastFailure,
    };
    // Marked down only when admins are told: "recovered" then always follows a "down" they saw.
    this.#decide(async () => {
      if (this.#down) return;
      if (!(await this.#raiseAt(now, alert))) return;
      this.#down = true;
      await this.#store.activate('upstream_down', new Date(now));
    }, 'could not record an upstream outage');
  }

  /** Background work of the synchronous observers: logged if it fails, awaited by whenIdle. */
  #track(work: Promise<unknown>, failure: string, context: Record<string, unknown> = {}): void {
    const p = work
      .then(() => undefined)
      .catch((err: unknown) => this.#log.error({ err, ...context }, failure))
      .finally(() => this.#pending.delete(p));
    this.#pending.add(p);
  }

  #deliver(alert: AdminAlert): void {
    const sink = this.#sink;
    if (!sink) return;
    this.#log.warn({ alert }, 'alerting admins');
    this.#track(sink.send(alert), 'admin alert failed', { kind: alert.kind });
  }
}
