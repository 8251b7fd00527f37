/**
 * The order pipeline from priced draft to upstream order, with exactly-once submission
 * (docs/architecture.md, "One order per confirmation"): the row and its Idempotency-Key are committed before POST /orders; every re-send uses
 * the same key and byte-identical data; the key changes only when upstream said no order was made.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { OrderRecord, OrdersRepository, QuoteFields, Tx } from '../db/index.js';
import { compareMoney, isMoneyString, parseMoney } from '../domain/money.js';
import { isActiveStatus, isFinalStatus, isLostOrder } from '../domain/order-state.js';
import type { ResellerClient } from '../reseller/client.js';
import { ResellerError } from '../reseller/errors.js';
import type { CreateOrderRequest, GenerationRequest, Model, Order } from '../reseller/schemas.js';
import type { ConfirmOutcome, OrderPipelineHooks } from './order-hooks.js';
import { localPrice, needsQuote, PricingError } from './pricing.js';
import { asResellerError, classifySubmissionFailure, storedError } from './submission-errors.js';

export type { ConfirmOutcome, OrderPipelineHooks } from './order-hooks.js';

export type OrderingClient = Pick<ResellerClient, 'quote' | 'createOrder' | 'waitForUploadReady'> &
  Partial<Pick<ResellerClient, 'cancelOrder'>>;

/** What a customer's Cancel did (see OrderingService.cancel). */
export type CancelOutcome =
  /** Not this chat's submitted order (a stale or forged button): nothing was asked. */
  | { kind: 'unknown' }
  /** Already final or lost: nothing to cancel; its outcome is (or was) delivered as usual. */
  | { kind: 'finished'; order: OrderRecord }
  /** Upstream cancelled it; `order` is the row with the state upstream answered. */
  | { kind: 'cancelled'; order: OrderRecord }
  /** Upstream said no (or failed): `code` says why, `order` carries the state its answer reported. */
  | { kind: 'refused'; code: string; order: OrderRecord };

export interface OrderingDeps {
  orders: OrdersRepository;
  client: OrderingClient;
  catalog: { getModel(id: number): Promise<Model | undefined> };
  logger: Logger;
  now?: () => number;
  hooks?: OrderPipelineHooks;
  /** Quote validity when the quote response states none (spec 2.6: 10 minutes). */
  quoteTtlMs?: number;
  /** A quote this close to expiry is renewed before sending, so it cannot expire in flight. */
  quoteSafetyMs?: number;
  /**
   * Upstream charged an amount other than the confirmed price (admins are told, the catalog
   * refreshed). Called once per order, when the charge is first known.
   */
  onChargeMismatch?: (order: OrderRecord, chargedUsd: string) => void;
  /** upload_processing: how long to wait for the files, and how many times to re-send. */
  uploadWait?: { timeoutMs: number; intervalMs: number; rounds: number };
  /** BILLING=stars: the customer's price in Stars for an upstream price; stored with the draft. */
  starPrice?: (modelId: number, usd: string) => number;
  /**
   * Runs in the transaction that moves a draft to `submitting` (a wallet's hold). Throwing refuses
   * the confirmation (outcome `refused`): the draft is unchanged and nothing is sent.
   */
  submissionHold?: (tx: Tx, order: OrderRecord) => Promise<void>;
  /**
   * Runs in the transaction of every state change that ends a submission or an order (reopen after
   * a refusal, reject, a final status, lost): the wallet settles there, so the change and its
   * settlement commit together. Throwing rolls the change back (it is tried again later).
   */
  settle?: (tx: Tx, orderId: string) => Promise<void>;
}

export interface PrepareInput {
  chatId: number;
  userId: number;
  locale: string;
  modelId: number;
  request: GenerationRequest;
}

/** The request as stored and sent: fixed key order, no quote_id, a private copy. */
function canonicalRequest(modelId: number, request: GenerationRequest): GenerationRequest {
  const copy: GenerationRequest = { model_id: modelId };
  if (request.prompt !== undefined) copy.prompt = request.prompt;
  if (request.media !== undefined) copy.media = request.media;
  if (request.options !== undefined) copy.options = request.options;
  return JSON.parse(JSON.stringify(copy)) as GenerationRequest;
}

/** What POST /orders receives: the stored request plus the confirmed quote. */
function orderBody(row: OrderRecord): CreateOrderRequest {
  return row.quoteId ? { ...row.request, quote_id: row.quoteId } : row.request;
}

/** `expires_at` of the quote response, where the upstream states it. */
function statedExpiry(raw: unknown): Date | null {
  const r = raw as { quote?: { expires_at?: unknown }; expires_at?: unknown } | undefined;
  const value = r?.quote?.expires_at ?? r?.expires_at;
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

const repeat = (o: ConfirmOutcome): ConfirmOutcome => (o.kind === 'ordered' ? { ...o, firstTime: false } : o);

export class OrderingService {
  /** Shared with the tracker and the bot for reads and tracking updates. */
  readonly orders: OrdersRepository;
  readonly #client: OrderingClient;
  readonly #catalog: OrderingDeps['catalog'];
  readonly #logger: Logger;
  readonly #now: () => number;
  readonly #hooks: OrderPipelineHooks;
  readonly #quoteTtlMs: number;
  readonly #quoteSafetyMs: number;
  readonly #uploadWait: NonNullable<OrderingDeps['uploadWait']>;
  /** In-process single flight: a second press joins the running submission instead of re-sending. */
  readonly #submitting = new Map<string, Promise<ConfirmOutcome>>();
  readonly #finalizing = new Map<string, Promise<OrderRecord>>();
  readonly #unknownStatuses = new Set<string>();
  readonly #onChargeMismatch: OrderingDeps['onChargeMismatch'];
  readonly #starPrice: OrderingDeps['starPrice'];
  readonly #submissionHold: OrderingDeps['submissionHold'];
  readonly #settle: OrderingDeps['settle'];

  constructor(deps: OrderingDeps) {
    this.#now = deps.now ?? Date.now;
    this.orders = deps.orders;
    this.#client = deps.client;
    this.#catalog = deps.catalog;
    this.#logger = deps.logger.child({ component: 'ordering' });
    this.#hooks = deps.hooks ?? {};
    this.#onChargeMismatch = deps.onChargeMismatch;
    this.#starPrice = deps.starPrice;
    this.#submissionHold = deps.submissionHold;
    this.#settle = deps.settle;
    this.#quoteTtlMs = deps.quoteTtlMs ?? 10 * 60_000;
    this.#quoteSafetyMs = deps.quoteSafetyMs ?? 15_000;
    this.#uploadWait = deps.uploadWait ?? { timeoutMs: 120_000, intervalMs: 1_000, rounds: 2 };
  }

  // Reads for the chat's own views (/orders, the status message, the wallet's history).
  find(orderId: string): Promise<OrderRecord | undefined> {
    return this.orders.find(orderId);
  }

  /** The order only if it belongs to this chat: a copied or forged button finds nothing. */
  findForChat(orderId: string, chatId: number): Promise<OrderRecord | undefined> {
    return this.orders.findForChat(orderId, chatId);
  }

  /** The user's own results that reached their chat, newest first (inline sharing). */
  listDeliveredResults(userId: number, limit: number): Promise<OrderRecord[]> {
    return this.orders.listDeliveredResults(userId, { limit });
  }

  listForChat(...args: Parameters<OrdersRepository['listForChat']>): Promise<OrderRecord[]> {
    return this.orders.listForChat(...args);
  }

  countForChat(...args: Parameters<OrdersRepository['countForChat']>): Promise<number> {
    return this.orders.countForChat(...args);
  }

  /** /orders: a customer's orders, their private chat's and their own in groups (issue 42). */
  listForCustomer(...args: Parameters<OrdersRepository['listForCustomer']>): Promise<OrderRecord[]> {
    return this.orders.listForCustomer(...args);
  }

  countForCustomer(userId: number): Promise<number> {
    return this.orders.countForCustomer(userId);
  }

  findForCustomer(orderId: string, userId: number): Promise<OrderRecord | undefined> {
    return this.orders.findForCustomer(orderId, userId);
  }

  /** The message that shows the order's status (the notifier edits it). */
  setStatusMessageId(orderId: string, messageId: number): Promise<void> {
    return this.orders.setStatusMessageId(orderId, messageId);
  }

  /** The guest card showing the order (issue 42): the notifier edits it by this id. */
  setInlineMessageId(orderId: string, inlineMessageId: string): Promise<void> {
    return this.orders.setInlineMessageId(orderId, inlineMessageId);
  }

  /** Prices the request (quote or local price) and stores a draft awaiting the user's confirmation. */
  async prepare(input: PrepareInput): Promise<OrderRecord> {
    const model = await this.#catalog.getModel(input.modelId);
    if (!model) throw modelNotFound(input.modelId);
    const request = canonicalRequest(model.id, input.request);
    const price = await this.#price(model, request);
    const row = await this.orders.insertDraft({
      id: randomUUID(),
      chatId: input.chatId,
      userId: input.userId,
      locale: input.locale,
      modelId: model.id,
      modelName: model.name,
      modelType: model.type,
      request,
      ...price,
      idempotencyKey: randomUUID(),
    });
    this.#logger.info({ orderId: row.id, modelId: model.id, priceUsd: row.priceUsd }, 'order draft prepared');
    return row;
  }

  /** The user pressed "confirm": submit exactly once, whatever happens around it. */
  async confirm(orderId: string, chatId: number): Promise<ConfirmOutcome> {
    const row = await this.orders.findForChat(orderId, chatId);
    if (!row) return { kind: 'not_found' };
    // Joined synchronously after the read: a second press in this process shares the first's outcome.
    return this.#exclusive(row.id, () => this.#confirmRow(row.id));
  }

  /** awaiting_confirmation -> abandoned; false if not this chat's draft or no longer a draft. */
  async cancelDraft(orderId: string, chatId: number): Promise<boolean> {
    return this.orders.abandonDraft(orderId, chatId);
  }

  /** Start-up: re-send every `submitting` row with its SAME key (a crash between send and answer). */
  async resumeSubmissions(): Promise<Array<{ order: OrderRecord; outcome: ConfirmOutcome }>> {
    const results: Array<{ order: OrderRecord; outcome: ConfirmOutcome }> = [];
    for (const row of await this.orders.listSubmitting()) {
      const outcome = await this.#exclusive(row.id, () => this.#confirmRow(row.id));
      results.push({ order: row, outcome });
      this.#logger.info({ orderId: row.id, outcome: outcome.kind }, 'resumed submission');
    }
    return results;
  }

  /** Start-up: run onFinalState for final orders whose hook never completed. Returns how many. */
  async resumeFinalHooks(): Promise<number> {
    let handled = 0;
    for (const row of await this.orders.listFinalUnhandled()) {
      if ((await this.#finalize(row)).finalHandledAt) handled++;
    }
    return handled;
  }

  /**
   * Upstream answered order_not_found: the row is marked lost (polling stops) and onFinalState runs
   * for it as for a failed order. Returns the row if this call marked it, undefined otherwise.
   */
  async recordLost(orderId: string): Promise<OrderRecord | undefined> {
    const row = await this.orders.markLost(orderId, undefined, this.#settleIn(orderId));
    return row ? this.#finalize(row) : undefined;
  }

  /**
   * A customer's Cancel of a running order of their chat: POST /orders/{id}/cancel, and the state
   * upstream answered (with success or inside its error) recorded like a polled one, so a cancelled
   * order is final by the same path as any other. Its delivery is the tracker's, under its claim
   * (docs/architecture.md, "A result delivered once"), never the caller's.
   */
  async cancel(orderId: string, chatId: number): Promise<CancelOutcome> {
    const row = await this.orders.findForChat(orderId, chatId);
    if (row?.stage !== 'submitted' || !row.upstreamOrderId) return { kind: 'unknown' };
    if (!isActiveStatus(row.status) || isLostOrder(row)) return { kind: 'finished', order: row };
    if (!this.#client.cancelOrder) throw new Error('no cancelOrder given to the ordering service');
    let cancelled: Order;
    try {
      cancelled = await this.#client.cancelOrder(row.upstreamOrderId);
    } catch (err) {
      const error = asResellerError(err);
      this.#logger.info({ orderId, code: error.code, status: error.httpStatus }, 'cancel refused');
      return { kind: 'refused', code: error.code, order: await this.#recordAnswer(row, error.details.order) };
    }
    this.#logger.info({ orderId, status: cancelled.status }, 'order cancelled');
    return { kind: 'cancelled', order: await this.#recordAnswer(row, cancelled) };
  }

  /** Records the order an answer carried; the fresh row, or the old one if there is none or storing fails. */
  async #recordAnswer(row: OrderRecord, order: Order | undefined): Promise<OrderRecord> {
    if (!order || order.id !== row.upstreamOrderId) return row;
    try {
      return (await this.recordUpstreamState(row.id, order)).order;
    } catch (err) {
      this.#logger.warn({ orderId: row.id, err }, 'could not record the order state from a cancel answer');
      return row;
    }
  }

  /** The tracker reports a polled order; onFinalState runs once when it first reaches a final status. */
  async recordUpstreamState(
    orderId: string,
    upstream: Order,
  ): Promise<{ order: OrderRecord; becameFinal: boolean }> {
    if (upstream.unknown_status !== undefined && !this.#unknownStatuses.has(upstream.unknown_status)) {
      // Logged once per status per process: it is read as `processing` and polling goes on.
      this.#unknownStatuses.add(upstream.unknown_status);
      this.#logger.warn(
        { orderId, status: upstream.unknown_status },
        'unknown order status: treated as processing',
      );
    }
    const { row, becameFinal } = await this.orders.updateFromUpstream(
      orderId,
      upstream,
      this.#settleIn(orderId),
    );
    const order = isFinalStatus(row.status) && !row.finalHandledAt ? await this.#finalize(row) : row;
    return { order, becameFinal };
  }

  /**
   * The delivery worker recorded how a completed order's delivery ended (`deliveryOutcome`):
   * onDelivered runs (the wallet captures or releases; admins hear of an order that reached nobody).
   * A failing hook is logged; the wallet's sweep settles from the recorded outcome later.
   */
  async deliveryRecorded(orderId: string): Promise<void> {
    const row = await this.#row(orderId);
    await this.#notify('onDelivered', () => this.#hooks.onDelivered?.(row), orderId);
  }

  /**
   * "Send the files again" reached the chat: an order whose first delivery reached nothing is now
   * delivered (and paid for, once). False if it was not such an order (or another call said so first).
   */
  async recordResent(orderId: string): Promise<boolean> {
    if (!(await this.orders.markResent(orderId))) return false;
    const row = await this.#row(orderId);
    await this.#notify('onDelivered', () => this.#hooks.onDelivered?.(row), orderId);
    return true;
  }

  // ---------------------------------------------------------------- submission steps

  /** The settle dependency bound to one order, for a repository's `alongside`. */
  #settleIn(orderId: string): ((tx: Tx) => Promise<void>) | undefined {
    const settle = this.#settle;
    return settle && ((tx) => settle(tx, orderId));
  }

  #exclusive(id: string, run: () => Promise<ConfirmOutcome>): Promise<ConfirmOutcome> {
    const running = this.#submitting.get(id);
    if (running) return running.then(repeat);
    const p = run().finally(() => this.#submitting.delete(id));
    this.#submitting.set(id, p);
    return p;
  }

  async #confirmRow(id: string, depth = 0): Promise<ConfirmOutcome> {
    const row = await this.#row(id);
    switch (row.stage) {
      case 'submitted':
        return { kind: 'ordered', order: row, firstTime: false };
      case 'abandoned':
      case 'rejected':
        return { kind: 'closed', order: row };
      case 'submitting':
        return this.#send(row);
      case 'awaiting_confirmation':
        return this.#submitDraft(row, depth);
    }
  }

  async #submitDraft(draft: OrderRecord, depth: number): Promise<ConfirmOutcome> {
    const check = await this.#checkDraftPrice(draft);
    if (check) return check;
    // Before the row becomes `submitting`: no key is ever sent (or re-sent after a crash) that did not
    // pass this hook. A crash after it may call it again for the same key; hooks dedupe by key.
    try {
      await this.#hooks.beforeSubmit?.(draft);
    } catch (reason) {
      this.#logger.info({ orderId: draft.id, err: reason }, 'submission refused by beforeSubmit');
      return { kind: 'refused', order: await this.#row(draft.id), reason };
    }
    let begun: boolean;
    try {
      const hold = this.#submissionHold;
      begun = await this.orders.beginSubmission(
        draft.id,
        draft.idempotencyKey,
        hold && ((tx) => hold(tx, draft)),
      );
    } catch (reason) {
      // The transaction rolled back: still a draft, nothing held, nothing sent.
      this.#logger.info({ orderId: draft.id, err: reason }, 'submission refused by the hold');
      return { kind: 'refused', order: await this.#row(draft.id), reason };
    }
    if (!begun) {
      // Moved meanwhile (cancelled during the hook, or another process): release what the hook took
      // unless this very key went on to be submitted, then decide again on the new stage.
      const current = await this.#row(draft.id);
      const keyUsed = current.idempotencyKey === draft.idempotencyKey && current.stage !== 'abandoned';
      if (!keyUsed) {
        const error = new ResellerError('draft_changed', 'the draft changed before it could be submitted');
        await this.#notify('onNotOrdered', () => this.#hooks.onNotOrdered?.(current, error), draft.id);
      }
      if (depth > 2) return this.#settled(draft.id);
      return this.#confirmRow(draft.id, depth + 1);
    }
    return this.#send(await this.#row(draft.id));
  }

  /**
   * Before a draft is sent: is the price the user saw still the price? Quote models need a live quote
   * (renewed locally, without an order attempt); local-price models must still price the same.
   * Returns an outcome to stop at, or undefined to go on.
   */
  async #checkDraftPrice(draft: OrderRecord): Promise<ConfirmOutcome | undefined> {
    let model: Model | undefined;
    try {
      model = await this.#catalog.getModel(draft.modelId);
    } catch (err) {
      return { kind: 'rejected', order: draft, error: asResellerError(err) };
    }
    if (!model) return { kind: 'rejected', order: draft, error: modelNotFound(draft.modelId) };
    // A draft priced before Stars billing was turned on has no Stars price to hold.
    if (this.#starPrice && draft.priceStars === null) return this.#reprice(draft, model);
    if (needsQuote(model)) {
      const expires = draft.quoteExpiresAt?.getTime() ?? 0;
      if (!draft.quoteId || this.#now() >= expires - this.#quoteSafetyMs) return this.#reprice(draft, model);
      return undefined;
    }
    let price: string | null;
    try {
      price = localPrice(model, draft.request);
    } catch (err) {
      return { kind: 'rejected', order: draft, error: pricingError(err) };
    }
    const same =
      price !== null &&
      compareMoney(parseMoney(price), parseMoney(draft.priceUsd)) === 0 &&
      this.#starsFor(model.id, price) === draft.priceStars;
    return same && !draft.quoteId ? undefined : this.#reprice(draft, model);
  }

  /** Stores a fresh price (new key: the draft must be confirmed again) and reports `requoted`. */
  async #reprice(draft: OrderRecord, model: Model): Promise<ConfirmOutcome> {
    let quote: QuoteFields;
    try {
      quote = await this.#price(model, draft.request);
    } catch (err) {
      return { kind: 'rejected', order: draft, error: asResellerError(err) };
    }
    const row = await this.orders.reopen(
      draft.id,
      draft.idempotencyKey,
      { newKey: randomUUID(), submitError: null, quote },
      this.#settleIn(draft.id),
    );
    if (!row) return this.#settled(draft.id);
    this.#logger.info({ orderId: row.id, from: draft.priceUsd, to: row.priceUsd }, 'order repriced');
    return {
      kind: 'requoted',
      order: row,
      previousPriceUsd: draft.priceUsd,
      previousPriceStars: draft.priceStars,
    };
  }

  /** Sends POST /orders for a `submitting` row with its key; waits out upload_processing (bounded). */
  async #send(row: OrderRecord): Promise<ConfirmOutcome> {
    const body = orderBody(row);
    for (let round = 0; ; round++) {
      await this.orders.countSubmitAttempt(row.id, row.idempotencyKey);
      try {
        const order = await this.#client.createOrder(body, row.idempotencyKey);
        return await this.#recordCreated(row, order);
      } catch (err) {
        const error = asResellerError(err);
        if (error.code === 'upload_processing' && round < this.#uploadWait.rounds) {
          await this.#waitForUploads(row);
          continue;
        }
        return this.#onSendFailure(row, error);
      }
    }
  }

  async #recordCreated(row: OrderRecord, order: Order): Promise<ConfirmOutcome> {
    if (await this.orders.markSubmitted(row.id, row.idempotencyKey, order)) {
      this.#logger.info(
        { orderId: row.id, upstreamOrderId: order.id, costUsd: order.cost_usd },
        'order submitted',
      );
      let saved = await this.#row(row.id);
      this.#checkCharge(saved, order.cost_usd);
      if (isFinalStatus(saved.status)) saved = await this.#finalize(saved);
      return { kind: 'ordered', order: saved, firstTime: true };
    }
    const current = await this.#row(row.id);
    if (current.stage === 'submitted' && current.upstreamOrderId === order.id) {
      return { kind: 'ordered', order: current, firstTime: false };
    }
    // Unreachable: the key is the row's; if it happens an operator must look at it.
    this.#logger.error(
      { orderId: row.id, upstreamOrderId: order.id, stage: current.stage },
      'upstream created an order the row no longer expects',
    );
    return this.#settled(row.id);
  }

  async #onSendFailure(row: OrderRecord, error: ResellerError): Promise<ConfirmOutcome> {
    const failure = classifySubmissionFailure(error);
    const log = { orderId: row.id, code: error.code, status: error.httpStatus };
    if (failure === 'unknown') {
      await this.orders.notePendingError(row.id, row.idempotencyKey, storedError(error));
      this.#logger.warn(log, 'order submission pending: will be sent again with the same key');
      return { kind: 'pending', order: await this.#row(row.id), error };
    }
    if (failure === 'conflict') {
      await this.orders.markRejected(row.id, row.idempotencyKey, storedError(error), this.#settleIn(row.id));
      this.#logger.error(
        log,
        'idempotency conflict: draft closed, check upstream for an order under its key',
      );
      // Closed for good and nothing will be delivered: what was held for it goes back.
      const closed = await this.#row(row.id);
      await this.#notify('onNotOrdered', () => this.#hooks.onNotOrdered?.(closed, error), row.id);
      return { kind: 'rejected', order: closed, error };
    }
    // Upstream created nothing: a new key is safe, and needed if the user retries with the same data.
    // The failed key's hold is freed in the same transaction (settle): nothing else is touched, so a
    // new hold another process takes for the new key meanwhile stays.
    const reopened = await this.orders.reopen(
      row.id,
      row.idempotencyKey,
      {
        newKey: randomUUID(),
        submitError: storedError(error),
        // A dead quote is marked expired so that the next confirm renews it first.
        ...(failure === 'quote' && {
          quote: {
            quoteId: row.quoteId,
            priceUsd: row.priceUsd,
            priceStars: row.priceStars,
            quoteExpiresAt: new Date(0),
          },
        }),
      },
      this.#settleIn(row.id),
    );
    if (!reopened) return this.#settled(row.id);
    await this.#notify('onNotOrdered', () => this.#hooks.onNotOrdered?.(reopened, error), row.id);
    this.#logger.info(log, 'order not created by upstream');
    if (failure === 'business') return { kind: 'rejected', order: reopened, error };
    const model = await this.#catalog.getModel(row.modelId).catch(() => undefined);
    if (!model) return { kind: 'rejected', order: reopened, error };
    return this.#reprice(reopened, model);
  }

  /** Waits (bounded) for every upload of the request to become ready; failures surface on re-send. */
  async #waitForUploads(row: OrderRecord): Promise<void> {
    const paths = Object.values(row.request.media ?? {}).flat();
    for (const path of paths) {
      try {
        await this.#client.waitForUploadReady(path, {
          timeoutMs: this.#uploadWait.timeoutMs,
          intervalMs: this.#uploadWait.intervalMs,
        });
      } catch (err) {
        this.#logger.warn({ orderId: row.id, err }, 'waiting for an upload failed');
        return;
      }
    }
  }

  /** The outcome matching a row someone else moved on (used when our conditional UPDATE lost). */
  async #settled(id: string): Promise<ConfirmOutcome> {
    const row = await this.#row(id);
    if (row.stage === 'submitted') return { kind: 'ordered', order: row, firstTime: false };
    if (row.stage === 'submitting') {
      return {
        kind: 'pending',
        order: row,
        error: new ResellerError('unexpected_error', 'submission in progress'),
      };
    }
    return { kind: 'closed', order: row };
  }

  // ---------------------------------------------------------------- pricing and final state

  async #price(model: Model, request: GenerationRequest): Promise<QuoteFields> {
    if (needsQuote(model)) {
      const quote = await this.#client.quote(request);
      const expires = statedExpiry(quote.raw) ?? new Date(this.#now() + this.#quoteTtlMs);
      return {
        quoteId: quote.quoteId,
        priceUsd: quote.priceUsd,
        priceStars: this.#starsFor(model.id, quote.priceUsd),
        quoteExpiresAt: expires,
      };
    }
    let priceUsd: string;
    try {
      priceUsd = localPrice(model, request) ?? model.price_usd;
    } catch (err) {
      throw pricingError(err);
    }
    return { quoteId: null, priceUsd, priceStars: this.#starsFor(model.id, priceUsd), quoteExpiresAt: null };
  }

  #starsFor(modelId: number, usd: string): number | null {
    return this.#starPrice ? this.#starPrice(modelId, usd) : null;
  }

  /** Compares what upstream charged with what the user confirmed; any difference is reported. */
  #checkCharge(row: OrderRecord, chargedUsd: string): void {
    if (!isMoneyString(chargedUsd) || !isMoneyString(row.priceUsd)) return;
    if (compareMoney(parseMoney(chargedUsd), parseMoney(row.priceUsd)) === 0) return;
    this.#logger.error(
      { orderId: row.id, modelId: row.modelId, confirmedUsd: row.priceUsd, chargedUsd },
      'upstream charged an amount other than the confirmed price',
    );
    try {
      this.#onChargeMismatch?.(row, chargedUsd);
    } catch (err) {
      this.#logger.error({ orderId: row.id, err }, 'charge mismatch report failed');
    }
  }

  /** Runs onFinalState once per order (joined when concurrent) and records that it ran. */
  #finalize(row: OrderRecord): Promise<OrderRecord> {
    const running = this.#finalizing.get(row.id);
    if (running) return running;
    const p = (async () => {
      const current = await this.#row(row.id);
      if (current.finalHandledAt) return current;
      const ok = await this.#notify('onFinalState', () => this.#hooks.onFinalState?.(current), row.id);
      if (ok) await this.orders.markFinalHandled(row.id);
      return this.#row(row.id);
    })().finally(() => this.#finalizing.delete(row.id));
    this.#finalizing.set(row.id, p);
    return p;
  }

  /** Runs a hook; a failing hook is logged, never allowed to lose the state already recorded. */
  async #notify(name: string, call: () => Promise<void> | undefined, orderId: string): Promise<boolean> {
    try {
      await call();
      return true;
    } catch (err) {
      this.#logger.error({ orderId, hook: name, err }, 'order hook failed');
      return false;
    }
  }

  async #row(id: string): Promise<OrderRecord> {
    const row = await this.orders.find(id);
    if (!row) throw new Error(`order ${id} disappeared`);
    return row;
  }
}

function modelNotFound(id: number): ResellerError {
  return new ResellerError('model_not_found', `model ${id} is not offered`);
}

/** Local pricing refusals speak the upstream's language, so the bot has one error type to explain. */
function pricingError(err: unknown): ResellerError {
  if (err instanceof PricingError) return new ResellerError('validation_error', err.message, { cause: err });
  return asResellerError(err);
}
