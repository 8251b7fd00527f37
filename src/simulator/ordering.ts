/**
 * The business operations behind POST /orders/quote, POST /orders and POST /orders/{id}/cancel.
 * Everything between reading the idempotency record and writing it back is synchronous, so two
 * concurrent requests with the same key cannot both create an order.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { canonicalJson } from './canonical.js';
import { SimError } from './errors.js';
import { type ValidatedGeneration, validateGeneration } from './generation-rules.js';
import { formatUsd, type Micros } from './money.js';
import {
  defaultFailure,
  FAIL_MARKER,
  isFinal,
  type OrderRecord,
  type OrderView,
  orderStatusAt,
} from './orders.js';
import { priceOf } from './pricing.js';
import { type GenerationBody, parseGenerationBody } from './request-body.js';
import type { AccountRecord, SimulatorState } from './state.js';

export interface QuoteView {
  quote_id: string;
  price_usd: string;
  expires_at: string;
  model_id: number;
}

function validated(state: SimulatorState, account: AccountRecord, json: unknown) {
  const body = parseGenerationBody(json);
  const request = validateGeneration(body, {
    catalog: state.catalog,
    uploads: state.uploads,
    accountKey: account.key,
  });
  return { body, request, price: priceOf(request, state.tariffPercent) };
}

/** What a quote binds: the model, the prompt it sees, the files and the effective options. */
function quoteFingerprint(request: ValidatedGeneration): string {
  return canonicalJson({
    model_id: request.model.id,
    prompt: request.prompt,
    media: request.media,
    options: request.options,
  });
}

export function createQuote(state: SimulatorState, account: AccountRecord, json: unknown): QuoteView {
  const { request, price } = validated(state, account, json);
  const now = state.clock.now();
  const quote = {
    id: `qt_${randomBytes(12).toString('hex')}`,
    accountKey: account.key,
    modelId: request.model.id,
    fingerprint: quoteFingerprint(request),
    price,
    createdAt: now,
    expiresAt: now + state.timings.quoteTtlMs,
  };
  state.insertQuote(quote);
  return {
    quote_id: quote.id,
    price_usd: formatUsd(price),
    expires_at: new Date(quote.expiresAt).toISOString(),
    model_id: quote.modelId,
  };
}

/**
 * Quote rules (spec 4.7 rule 5). Choices where the spec is silent: an unknown or foreign quote id is
 * `price_quote_expired` (expired quotes are indistinguishable from forgotten ones); a quote already
 * used by an order is `price_quote_changed`.
 */
function checkQuote(
  state: SimulatorState,
  account: AccountRecord,
  body: GenerationBody,
  request: ValidatedGeneration,
  price: Micros,
): string {
  if (!body.quote_id) {
    throw new SimError(
      'price_quote_required',
      `${request.model.name} requires a price quote (POST /orders/quote)`,
    );
  }
  const quote = state.getQuote(body.quote_id);
  if (!quote || quote.accountKey !== account.key) {
    throw new SimError(
      'price_quote_expired',
      `quote ${body.quote_id} is unknown or expired; get a new quote`,
    );
  }
  if (quote.usedByOrderId) {
    throw new SimError(
      'price_quote_changed',
      `quote ${quote.id} was already used by order ${quote.usedByOrderId}`,
    );
  }
  if (state.clock.now() >= quote.expiresAt) {
    throw new SimError(
      'price_quote_expired',
      `quote ${quote.id} expired at ${new Date(quote.expiresAt).toISOString()}`,
    );
  }
  if (quote.fingerprint !== quoteFingerprint(request) || quote.price !== price) {
    throw new SimError(
      'price_quote_changed',
      'the request or tariff differs from the quote; get a new quote',
    );
  }
  return quote.id;
}

export interface CreatedOrder {
  order: OrderView;
  /** true when an earlier request with the same Idempotency-Key and data made this order. */
  replayed: boolean;
}

export function createOrder(
  state: SimulatorState,
  account: AccountRecord,
  idempotencyKey: string,
  json: unknown,
): CreatedOrder {
  const fingerprint = canonicalJson(json);
  const previous = state.idempotencyEntry(account.key, idempotencyKey);
  if (previous) {
    if (previous.fingerprint !== fingerprint) {
      throw new SimError(
        'idempotency_conflict',
        'this Idempotency-Key was already used with different request data',
      );
    }
    return { order: state.view(state.orderById(previous.orderId)!), replayed: true };
  }

  const { body, request, price } = validated(state, account, json);
  const quoteId = request.model.pricing?.quote_required
    ? checkQuote(state, account, body, request, price)
    : undefined;
  state.settleAccount(account);
  if (account.active.size >= state.timings.activeOrderCap) {
    throw new SimError(
      'too_many_active_orders',
      `at most ${state.timings.activeOrderCap} active orders per account`,
    );
  }
  if (account.balance < price) {
    throw new SimError(
      'insufficient_balance',
      `balance ${formatUsd(account.balance)} USD is below the order cost ${formatUsd(price)} USD`,
    );
  }

  const now = state.clock.now();
  const stage = state.timings.orderStageMs;
  const failing = (body.prompt ?? '').includes(FAIL_MARKER);
  const countOption = request.model.sim.result_count_option;
  const order: OrderRecord = {
    id: `ord_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
    accountKey: account.key,
    model: request.model,
    prompt: request.prompt,
    media: request.media,
    options: request.options,
    costMicros: price,
    quoteId,
    idempotencyKey,
    createdAt: now,
    startsAt: now + stage,
    finishesAt: now + 2 * stage,
    outcome: failing ? 'failed' : 'completed',
    failure: failing ? defaultFailure() : undefined,
    cancelBehaviour: 'normal',
    resultCount: countOption ? Number(request.options[countOption] ?? 1) : 1,
    resultTokens: [],
  };
  account.balance -= price;
  if (quoteId) state.getQuote(quoteId)!.usedByOrderId = order.id;
  state.insertOrder(order, account);
  state.recordIdempotency(account.key, idempotencyKey, fingerprint, order.id);
  return { order: state.view(order), replayed: false };
}

/**
 * Cancellation (spec 3 and 4.9). Errors carry the order. Choices where the spec is silent:
 * processing on a model without cancellation support is `cannot_cancel` (409); a second cancel
 * while one awaits confirmation answers `cancel_pending` again; a cancelled order is refunded.
 */
export function cancelOrder(state: SimulatorState, account: AccountRecord, orderId: string): OrderView {
  const order = state.ownedOrder(account.key, orderId);
  const now = state.clock.now();
  const status = orderStatusAt(order, now);
  const refuse = (
    code: 'not_ready' | 'cannot_cancel' | 'cancel_pending' | 'cancel_failed',
    message: string,
  ) => new SimError(code, message, { envelope: { order: state.view(order) } });

  if (status === 'queued')
    throw refuse('not_ready', 'generation has not started yet; cancellation is not available');
  if (isFinal(status)) throw refuse('cannot_cancel', `order is ${status} and can no longer be cancelled`);
  if (order.cancelRequestedAt !== undefined) {
    throw refuse('cancel_pending', 'cancellation requested, not yet confirmed; poll the order');
  }
  if (!order.model.sim.cancellable_when_processing) {
    throw refuse(
      'cannot_cancel',
      `${order.model.name} does not support cancellation once processing has begun`,
    );
  }
  switch (order.cancelBehaviour) {
    case 'fail':
      throw refuse(
        'cancel_failed',
        'cancellation failed temporarily; check the order status before retrying',
      );
    case 'pending-then-cancelled':
      order.cancelRequestedAt = now;
      order.cancelledAt = now + state.timings.cancelConfirmMs;
      throw refuse('cancel_pending', 'cancellation requested, not yet confirmed; poll the order');
    case 'normal':
      order.cancelledAt = now;
      return state.view(order);
  }
}
