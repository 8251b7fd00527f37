import type { OrderRecord } from '../../db/index.js';
import { formatMoney } from '../../domain/money.js';
import type { Model } from '../../reseller/schemas.js';
import type { CatalogModel } from '../../services/catalog.js';
import { shownPrice } from '../../services/pricing.js';
import type { StarPricing } from '../../services/wallet/star-pricing.js';
import type { Texts } from '../i18n.js';
import { modelName } from './model-name.js';

/** Whether customers see prices: not in a free bot with SHOW_PRICES=false. */
export function pricesShown(texts: Texts): boolean {
  return texts.showPrices !== false;
}

/** The user's locale decides the format: "$0.11" in English, "0,11 $" in Russian. */
export function price(texts: Texts, amountUsd: string): string {
  return formatMoney(amountUsd, texts.locale);
}

/** "⭐ 50" (grouped the user's way: "⭐ 1,000" / "⭐ 1 000"). */
export function stars(texts: Texts, n: number): string {
  return texts.t('stars-amount', { n });
}

/** The amount upstream charged (`cost_usd`), or the confirmed price until upstream answered. */
function orderAmount(order: Pick<OrderRecord, 'costUsd' | 'priceUsd'>): string {
  return order.costUsd ?? order.priceUsd;
}

/** What the customer pays for an order: its Stars price with billing on, else the USD amount. */
export function orderPrice(
  texts: Texts,
  order: Pick<OrderRecord, 'priceStars' | 'costUsd' | 'priceUsd'>,
): string {
  return order.priceStars !== null ? stars(texts, order.priceStars) : price(texts, orderAmount(order));
}

/**
 * A model's price in the catalog: "$0.04" or "from $0.20"; with Stars billing the same in Stars at
 * the reseller's prices (a fixed price per model is always exact).
 */
export function catalogPriceLabel(texts: Texts, model: Model, pricing: StarPricing | undefined): string {
  const shown = shownPrice(model, pricing);
  const amount = shown.stars !== undefined ? stars(texts, shown.stars) : price(texts, shown.usd);
  return shown.kind === 'from' ? texts.t('price-from', { amount }) : amount;
}

/** A model on a button: its name and catalog price, or the name alone where prices are not shown. */
export function modelButtonLabel(
  texts: Texts,
  model: CatalogModel,
  pricing: StarPricing | undefined,
): string {
  const name = modelName(texts, model);
  return pricesShown(texts) ? `${name} · ${catalogPriceLabel(texts, model, pricing)}` : name;
}
