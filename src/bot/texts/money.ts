import { formatMoney } from '../../lib/money.js';
import type { CatalogPrice } from '../../services/pricing.js';
import type { Texts } from '../i18n.js';

/** The user's locale decides the format: "$0.11" in English, "0,11 $" in Russian. */
export function price(texts: Texts, amountUsd: string): string {
  return formatMoney(amountUsd, texts.locale);
}

export function catalogPriceLabel(texts: Texts, catalog: CatalogPrice): string {
  const amount = price(texts, catalog.amountUsd);
  return catalog.kind === 'from' ? texts.t('price-from', { amount }) : amount;
}
