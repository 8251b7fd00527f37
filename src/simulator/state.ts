/**
 * Everything the simulator knows (accounts, uploads, quotes, orders, idempotency keys, result
 * files) plus the steering API tests use. Side effects of time passing (refunds of failed or
 * cancelled orders, result files of completed ones) are applied lazily by `settle*` before any
 * read, so observable behaviour only depends on the clock.
 */
import { randomBytes } from 'node:crypto';
import type { OptionValue } from '../reseller/schemas.js';
import { type Catalog, publicModel } from './catalog.js';
import type { SimClock } from './clock.js';
import { SimError } from './errors.js';
import { formatUsd, type Micros, parseUsd } from './money.js';
import {
  type CancelBehaviour,
  defaultFailure,
  isFinal,
  type OrderFailure,
  type OrderRecord,
  type OrderView,
  orderStatusAt,
  orderView,
} from './orders.js';
import { UploadStore } from './uploads.js';

export interface SimAccount {
  key: string;
  balance_usd: string;
  deposit_usd: string;
}

export interface SimTimings {
  orderStageMs: number;
  heicProcessingMs: number;
  activeOrderCap: number;
  resultTtlMs: number;
  uploadTtlMs: number;
  quoteTtlMs: number;
  cancelConfirmMs: number;
  maxUploadBytes: number;
}

export interface AccountRecord {
  key: string;
  balance: Micros;
  deposit: Micros;
  /** Orders not yet settled in a final state. */
  active: Set<OrderRecord>;
}

export interface QuoteRecord {
  id: string;
  accountKey: string;
  modelId: number;
  /** Canonical model_id/prompt/media/options the quote was made for. */
  fingerprint: string;
  price: Micros;
  createdAt: number;
  expiresAt: number;
  usedByOrderId?: string;
}

export interface ResultFile {
  token: string;
  orderId: string;
  kind: 'image' | 'video';
  expiresAt: number;
}

/** What tests can inspect about an order: the public view plus what was asked. */
export interface SimOrderInfo extends OrderView {
  account_key: string;
  prompt: string | null;
  media: Record<string, string[]>;
  options: Record<string, OptionValue>;
  quote_id: string | null;
  idempotency_key: string;
}

export class SimulatorState {
  /** Set by the server once it listens (result and preview URLs are absolute). */
  origin = '';
  readonly uploads: UploadStore;
  private readonly accounts = new Map<string, AccountRecord>();
  private readonly orders = new Map<string, OrderRecord>();
  private readonly quotes = new Map<string, QuoteRecord>();
  private readonly idempotency = new Map<string, { fingerprint: string; orderId: string }>();
  private readonly results = new Map<string, ResultFile>();
  private ordersCreated = 0;
  private tariff = 100;

  constructor(
    readonly catalog: Catalog,
    readonly clock: SimClock,
    readonly timings: SimTimings,
    accounts: readonly SimAccount[],
  ) {
    this.uploads = new UploadStore(clock);
    for (const account of accounts) this.addAccount(account);
  }

  get baseUrl(): string {
    return `${this.origin}/api/v1`;
  }

  /** The catalog as served by GET /models. */
  get models(): ReturnType<typeof publicModel>[] {
    return this.catalog.models.map(publicModel);
  }

  /**
   * What GET /models sends: the catalog, or what a test made of it (another reading of the spec's
   * open shapes, an unreadable model). Quotes and orders still price from the catalog itself.
   */
  wireModels(): unknown[] {
    return this.wireRewrite ? this.wireRewrite(this.models) : this.models;
  }

  setWireRewrite(rewrite: ((models: ReturnType<typeof publicModel>[]) => unknown[]) | undefined): void {
    this.wireRewrite = rewrite;
  }

  private wireRewrite: ((models: ReturnType<typeof publicModel>[]) => unknown[]) | undefined;

  /** Percent of catalog prices charged by quotes and orders (default 100). */
  get tariffPercent(): number {
    return this.tariff;
  }

  /**
   * Simulates a tariff change: quotes and orders from now on cost `percent`% of the catalog price
   * (rounded to cents), so an order with an older quote gets price_quote_changed. /models is unchanged.
   */
  setTariffPercent(percent: number): void {
    if (!Number.isInteger(percent) || percent < 1 || percent > 1000)
      throw new RangeError('percent must be 1..1000');
    this.tariff = percent;
  }

  // ------------------------------------------------------------------ accounts

  addAccount(account: SimAccount): void {
    if (this.accounts.has(account.key)) throw new Error(`account ${account.key} already exists`);
    this.accounts.set(account.key, {
      key: account.key,
      balance: parseUsd(account.balance_usd),
      deposit: parseUsd(account.deposit_usd),
      active: new Set(),
    });
  }

  listAccountKeys(): string[] {
    return [...this.accounts.keys()];
  }

  getAccount(key: string): SimAccount | undefined {
    const account = this.accounts.get(key);
    if (!account) return undefined;
    this.settleAccount(account);
    return { key, balance_usd: formatUsd(account.balance), deposit_usd: formatUsd(account.deposit) };
  }

  setBalance(key: string, usd: string): void {
    this.requireAccount(key).balance = parseUsd(usd);
  }

  setDeposit(key: string, usd: string): void {
    this.requireAccount(key).deposit = parseUsd(usd);
  }

  /** The account for an API key, settled; undefined for an unknown key. */
  accountRecord(key: string): AccountRecord | undefined {
    const account = this.accounts.get(key);
    if (account) this.settleAccount(account);
    return account;
  }

  private requireAccount(key: string): AccountRecord {
    const account = this.accountRecord(key);
    if (!account) throw new Error(`no simulator account with key ${key}`);
    return account;
  }

  // ------------------------------------------------------------------ orders

  listOrders(key?: string): SimOrderInfo[] {
    return [...this.orders.values()]
      .filter((o) => key === undefined || o.accountKey === key)
      .map((o) => this.info(o));
  }

  getOrder(id: string): SimOrderInfo | undefined {
    const order = this.orders.get(id);
    return order ? this.info(order) : undefined;
  }

  createdOrderCount(): number {
    return this.ordersCreated;
  }

  /** Ends an active order now with the given outcome (a failure carries `error`, default generation_failed). */
  forceOrderOutcome(orderId: string, outcome: 'failed' | 'completed', error?: OrderFailure): void {
    const order = this.requireOrder(orderId);
    this.settleOrder(order);
    if (order.settled) throw new Error(`order ${orderId} is already ${order.settled}`);
    const now = this.clock.now();
    order.outcome = outcome;
    order.failure = outcome === 'failed' ? (error ?? defaultFailure()) : undefined;
    order.startsAt = Math.min(order.startsAt, now);
    order.finishesAt = now;
    order.cancelRequestedAt = undefined;
    order.cancelledAt = undefined;
    this.settleOrder(order);
  }

  /** How POST /orders/{id}/cancel behaves for this order while it is processing. */
  setCancelBehaviour(orderId: string, behaviour: CancelBehaviour): void {
    this.requireOrder(orderId).cancelBehaviour = behaviour;
  }

  /** The order if it belongs to the account, else order_not_found. Settled. */
  ownedOrder(accountKey: string, orderId: string): OrderRecord {
    const order = this.orders.get(orderId);
    if (!order || order.accountKey !== accountKey)
      throw new SimError('order_not_found', `order ${orderId} not found`);
    this.settleOrder(order);
    return order;
  }

  insertOrder(order: OrderRecord, account: AccountRecord): void {
    this.orders.set(order.id, order);
    account.active.add(order);
    this.ordersCreated += 1;
  }

  view(order: OrderRecord): OrderView {
    this.settleOrder(order);
    return orderView(order, this.clock.now(), this.origin);
  }

  private info(order: OrderRecord): SimOrderInfo {
    return {
      ...this.view(order),
      account_key: order.accountKey,
      prompt: order.prompt,
      media: order.media,
      options: order.options,
      quote_id: order.quoteId ?? null,
      idempotency_key: order.idempotencyKey,
    };
  }

  private requireOrder(id: string): OrderRecord {
    const order = this.orders.get(id);
    if (!order) throw new Error(`no simulator order ${id}`);
    return order;
  }

  // ------------------------------------------------------------------ settling (lazy side effects)

  settleAccount(account: AccountRecord): void {
    for (const order of account.active) this.settleOrder(order);
  }

  /** Applies a final status's side effects once: refund for failed/cancelled, result files for completed. */
  settleOrder(order: OrderRecord): void {
    if (order.settled) return;
    const status = orderStatusAt(order, this.clock.now());
    if (!isFinal(status)) return;
    const account = this.accounts.get(order.accountKey)!;
    order.settled = status as OrderRecord['settled'];
    account.active.delete(order);
    if (status !== 'completed') {
      account.balance += order.costMicros; // failed and cancelled orders are refunded in full
      return;
    }
    order.resultsExpireAt = order.finishesAt + this.timings.resultTtlMs;
    const kind = order.model.type === 'video' ? 'video' : 'image';
    for (let i = 0; i < order.resultCount; i++) {
      const token = randomBytes(18).toString('base64url');
      order.resultTokens.push(token);
      this.results.set(token, { token, orderId: order.id, kind, expiresAt: order.resultsExpireAt });
    }
  }

  // ------------------------------------------------------------------ quotes, idempotency, results

  insertQuote(quote: QuoteRecord): void {
    this.quotes.set(quote.id, quote);
  }

  getQuote(id: string): QuoteRecord | undefined {
    return this.quotes.get(id);
  }

  listQuotes(key?: string): QuoteRecord[] {
    return [...this.quotes.values()].filter((q) => key === undefined || q.accountKey === key);
  }

  idempotencyEntry(
    accountKey: string,
    idempotencyKey: string,
  ): { fingerprint: string; orderId: string } | undefined {
    return this.idempotency.get(idempotencyScope(accountKey, idempotencyKey));
  }

  recordIdempotency(accountKey: string, idempotencyKey: string, fingerprint: string, orderId: string): void {
    this.idempotency.set(idempotencyScope(accountKey, idempotencyKey), { fingerprint, orderId });
  }

  orderById(id: string): OrderRecord | undefined {
    return this.orders.get(id);
  }

  resultFile(token: string): ResultFile | undefined {
    return this.results.get(token);
  }
}

/** Idempotency keys are scoped per API token (spec 4.7 rule 3). */
function idempotencyScope(accountKey: string, idempotencyKey: string): string {
  return `${accountKey}\u0000${idempotencyKey}`;
}
