/**
 * The priced order as the user sees it before confirming: what will be generated, from what,
 * with which settings, and the exact amount. Its Confirm button is bound to that amount.
 */
import { createHash } from 'node:crypto';
import { InlineKeyboard } from 'grammy';
import type { OrderRecord } from '../db/index.js';
import { truncate } from '../lib/text.js';
import type { GenerationRequest, Model } from '../reseller/schemas.js';
import type { CatalogModel } from '../services/catalog.js';
import { planForm } from '../services/model-form.js';
import { orderActionData } from './callback-data/generate.js';
import { CHANGE_BUTTON_LABEL, changeableParts } from './form-parts.js';
import type { Texts } from './i18n.js';
import { mediaInputLabel, optionLabel, optionValueLabel } from './texts/labels.js';
import { modelName } from './texts/model-name.js';
import { orderPrice, pricesShown, stars } from './texts/money.js';

const PROMPT_PREVIEW_CHARS = 300;
/** Changes whenever the amount, the quote or the submission key changes. */
export function priceTag(
  order: Pick<OrderRecord, 'priceUsd' | 'priceStars' | 'quoteId' | 'idempotencyKey'>,
): string {
  const stars = order.priceStars === null ? '' : `|${order.priceStars}`;
  return createHash('sha256')
    .update(`${order.priceUsd}|${order.quoteId ?? ''}|${order.idempotencyKey}${stars}`)
    .digest('base64url')
    .slice(0, 8);
}

function orderSummaryKeyboard(
  ctx: Texts,
  order: OrderRecord,
  model: Model | undefined,
  priceText = orderPrice(ctx, order),
): InlineKeyboard {
  const tag = priceTag(order);
  const keyboard = new InlineKeyboard().text(
    // Only a price the customer pays goes on the button: a USD amount is the bot's cost, not theirs.
    pricesShown(ctx) && order.priceStars !== null
      ? ctx.t('button-confirm', { price: priceText })
      : ctx.t('button-confirm-no-price'),
    orderActionData.pack({ a: 'ok', id: order.id, t: tag }),
  );
  // A button per part the model has (no "Change settings" for a model without settings); an
  // unknown model (the catalog is down) keeps the settings, whose form then explains.
  const parts = model ? changeableParts(planForm(model), order.request.media ?? {}) : ['options' as const];
  parts.forEach((part, index) => {
    if (index % 2 === 0) keyboard.row();
    keyboard.text(
      ctx.t(CHANGE_BUTTON_LABEL[part]),
      orderActionData.pack({ a: CHANGE_ACTION[part], id: order.id, t: tag }),
    );
  });
  return keyboard.row().text(ctx.t('button-cancel'), orderActionData.pack({ a: 'x', id: order.id, t: tag }));
}

const CHANGE_ACTION = { prompt: 'desc', media: 'files', options: 'edit' } as const;

/**
 * What an order asks for, one line each: the prompt (cut to `promptChars`), files per input, and
 * every option with the model's labels. Shared by the priced summary and the /orders details.
 */
export function requestLines(
  ctx: Texts,
  request: GenerationRequest,
  model: Model | undefined,
  promptChars: number,
): string[] {
  const lines: string[] = [];
  if (request.prompt) lines.push(ctx.t('summary-prompt', { prompt: truncate(request.prompt, promptChars) }));
  for (const [key, files] of Object.entries(request.media ?? {})) {
    if (files.length > 0)
      lines.push(ctx.t('summary-media', { input: mediaInputLabel(ctx, key), count: files.length }));
  }
  for (const [key, value] of Object.entries(request.options ?? {})) {
    const schema = model?.options_schema.find((o) => o.key === key);
    const choice = schema?.options?.find((o) => o.value === value)?.label;
    lines.push(
      ctx.t('summary-option', {
        name: optionLabel(ctx, key, schema?.label ?? key),
        value: optionValueLabel(ctx, key, value, choice),
      }),
    );
  }
  return lines;
}

export async function orderSummary(
  ctx: Texts,
  order: OrderRecord,
  model: CatalogModel | undefined,
  /** With Stars billing: the customer's balance, shown under the price. */
  walletBalance?: number,
): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const priceText = orderPrice(ctx, order);
  // The name an admin gave the model, in the reader's language, while the catalog has it.
  const name = model ? modelName(ctx, model) : order.modelName;
  const lines = [ctx.t('summary-title'), '', ctx.t('summary-model', { model: name })];
  lines.push(...requestLines(ctx, order.request, model, PROMPT_PREVIEW_CHARS));
  if (pricesShown(ctx)) {
    lines.push('', ctx.t(order.priceStars !== null ? 'summary-price' : 'summary-cost', { price: priceText }));
    if (walletBalance !== undefined)
      lines.push(ctx.t('summary-wallet', { balance: stars(ctx, walletBalance) }));
    // Upstream sets how long a quote holds (`expires_at`): say until when, as it stated. A quote
    // lasts minutes, so the time of day says enough.
    if (order.quoteId && order.quoteExpiresAt)
      lines.push(ctx.t('summary-quote-note', { time: ctx.time(order.quoteExpiresAt) }));
  }
  return { text: lines.join('\n'), keyboard: orderSummaryKeyboard(ctx, order, model, priceText) };
}
