/**
 * Money as the chat shows it (src/telegram/texts/money.ts, whose texts the page cannot import):
 * Stars as "⭐ 1,250" (a no-break space after the star, digits grouped the reader's way), USD in
 * cents, "from …" where the request decides. Whole numbers and exact decimal strings: never floats.
 */
import type { AppPrice } from '../../../src/services/app/models-types.js';
import { num, t, usd } from '../i18n.js';

export const stars = (n: number): string => `⭐\u00a0${num(n)}`;

/** "+⭐ 50" / "−⭐ 4", as the chat's movements read. */
export const signedStars = (delta: number): string => `${delta > 0 ? '+' : '−'}${stars(Math.abs(delta))}`;

export function priceLabel(price: AppPrice): string {
  const amount = price.stars !== undefined ? stars(price.stars) : usd(price.usd);
  return price.kind === 'from' ? t('app-price-from', { amount }) : amount;
}
