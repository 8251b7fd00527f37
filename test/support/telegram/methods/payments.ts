/**
 * Telegram Stars payments as strictly as Telegram: XTR invoices (no provider token, exactly one
 * price item, a positive whole amount, no tips or shipping), invoice links (subscriptions of 30 days
 * only), pre-checkout answers, refunds, editUserStarSubscription and the bot's transaction list.
 */
import { badRequest } from '../api-error.js';
import type { MethodHandler } from '../core.js';
import { isRecord, optInt, optJson, optString, type Params } from '../params.js';
import { parseReplyMarkup } from '../reply-markup.js';
import type { StoredInvoice } from '../state/payments.js';
import { view, writableChat } from './common.js';

const XTR_FORBIDDEN = [
  'max_tip_amount',
  'suggested_tip_amounts',
  'need_name',
  'need_phone_number',
  'need_email',
  'need_shipping_address',
  'send_phone_number_to_provider',
  'send_email_to_provider',
  'is_flexible',
];

function requiredText(params: Params, key: string, min: number, max: number): string {
  const value = optString(params, key) ?? '';
  if (value.length < min || value.length > max) throw badRequest(`${key.toUpperCase()}_INVALID`);
  return value;
}

/** The invoice sendInvoice and createInvoiceLink share, checked as Telegram checks an XTR invoice. */
function starsInvoice(params: Params): StoredInvoice {
  const title = requiredText(params, 'title', 1, 32);
  const description = requiredText(params, 'description', 1, 255);
  const payload = optString(params, 'payload') ?? '';
  if (Buffer.byteLength(payload) < 1 || Buffer.byteLength(payload) > 128) throw badRequest('PAYLOAD_INVALID');
  const currency = optString(params, 'currency') ?? '';
  const providerToken = optString(params, 'provider_token') ?? '';
  if (currency !== 'XTR') {
    throw badRequest(providerToken ? 'PAYMENT_PROVIDER_INVALID' : 'CURRENCY_INVALID');
  }
  if (providerToken !== '') throw badRequest('provider_token must be empty for payments in Telegram Stars');
  for (const key of XTR_FORBIDDEN) {
    const value = params[key];
    if (value !== undefined && value !== false && value !== 'false') {
      throw badRequest(`${key} is not supported for payments in Telegram Stars`);
    }
  }
  const prices = optJson(params, 'prices', "can't parse prices JSON object");
  if (!Array.isArray(prices) || prices.length !== 1) {
    throw badRequest('invoice in Telegram Stars must contain exactly one price');
  }
  const [price] = prices as unknown[];
  const amount = isRecord(price) ? price['amount'] : undefined;
  const label = isRecord(price) ? price['label'] : undefined;
  if (typeof label !== 'string' || label.length === 0) throw badRequest('LABEL_INVALID');
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > 10_000) {
    throw badRequest('TOTAL_AMOUNT_INVALID');
  }
  return {
    title,
    description,
    currency,
    total_amount: amount,
    payload,
    start_parameter: optString(params, 'start_parameter') ?? '',
  };
}

export const sendInvoice: MethodHandler = (core, { params }) => {
  const chat = writableChat(core, params);
  if (params['subscription_period'] !== undefined) {
    throw badRequest('subscription_period is supported only by createInvoiceLink');
  }
  const invoice = starsInvoice(params);
  const replyMarkup = parseReplyMarkup(params['reply_markup']);
  if (replyMarkup && 'inline_keyboard' in replyMarkup) {
    const first = replyMarkup.inline_keyboard[0]?.[0] as { pay?: boolean } | undefined;
    if (!first?.pay) throw badRequest('REPLY_MARKUP_BUY_EMPTY');
  }
  const msg = core.chats.addMessage(chat, { fromBot: true, invoice, replyMarkup });
  return view(core, chat, msg);
};

/**
 * createInvoiceLink: the same invoice rules; `subscription_period` makes it a subscription, only in
 * Stars and only of 30 days (2592000 s; a test period only when the emulator was given one).
 */
export const createInvoiceLink: MethodHandler = (core, { params }) => {
  const invoice = starsInvoice(params);
  const raw = params['subscription_period'];
  if (raw === undefined) return core.subscriptions.createLink(invoice, undefined);
  const period = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof period !== 'number' || !Number.isInteger(period) || !core.subscriptions.acceptsPeriod(period)) {
    throw badRequest('SUBSCRIPTION_PERIOD_INVALID');
  }
  return core.subscriptions.createLink(invoice, period);
};

/** editUserStarSubscription: cancel (or re-enable what the bot cancelled) a user's subscription. */
export const editUserStarSubscription: MethodHandler = (core, { params }) => {
  const userId = optInt(params, 'user_id');
  if (userId === undefined) throw badRequest('user_id is empty');
  const chargeId = optString(params, 'telegram_payment_charge_id') ?? '';
  const flag = params['is_canceled'];
  if (flag === undefined) throw badRequest('is_canceled is empty');
  const isCanceled = flag === true || flag === 'true';
  if (!isCanceled && flag !== false && flag !== 'false') throw badRequest('is_canceled must be a boolean');
  core.subscriptions.edit(userId, chargeId, isCanceled);
  return true;
};

export const answerPreCheckoutQuery: MethodHandler = (core, { params }) => {
  const id = optString(params, 'pre_checkout_query_id') ?? '';
  const ok = params['ok'] === true || params['ok'] === 'true';
  const errorMessage = optString(params, 'error_message');
  if (!ok && !errorMessage) throw badRequest('ERROR_MESSAGE_EMPTY');
  core.payments.answer(id, ok ? { ok } : { ok, errorMessage: errorMessage! });
  return true;
};

export const refundStarPayment: MethodHandler = (core, { params }) => {
  const userId = optInt(params, 'user_id');
  const chargeId = optString(params, 'telegram_payment_charge_id') ?? '';
  if (userId === undefined) throw badRequest('user_id is empty');
  core.payments.refund(userId, chargeId);
  return true;
};

export const getStarTransactions: MethodHandler = (core, { params }) => {
  const offset = optInt(params, 'offset') ?? 0;
  const limit = optInt(params, 'limit') ?? 100;
  if (limit < 1 || limit > 100) throw badRequest('LIMIT_INVALID');
  return { transactions: core.payments.transactions.slice(offset, offset + limit) };
};
