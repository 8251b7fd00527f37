/**
 * A USD amount as the API gives it (an exact decimal string, up to six decimals), shown in cents
 * without ever becoming a float: rounded half away from zero on its digits, then grouped in the
 * admin's language. "1234.5" → "$1,234.50"; "102.234568" → "$102.23" ("102,23 $" reads oddly in a
 * table, so Russian keeps the sign first: "$102,23").
 */
export function formatUsd(amount: string, locale: 'en' | 'ru'): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!m) return amount;
  const [, sign, whole = '0', frac = ''] = m;
  const roundUp = (frac[2] ?? '0') >= '5';
  const cents = (BigInt(whole + frac.padEnd(2, '0').slice(0, 2)) + (roundUp ? 1n : 0n))
    .toString()
    .padStart(3, '0');
  const dollars = cents.slice(0, -2);
  const shownSign = sign && /[1-9]/.test(cents) ? '-' : '';
  const grouped = dollars.replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'ru' ? '\u00a0' : ',');
  return `${shownSign}$${grouped}${locale === 'ru' ? ',' : '.'}${cents.slice(-2)}`;
}
