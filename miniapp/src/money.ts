/**
 * A USD amount as the API gives it (an exact decimal string, up to six decimals), shown in cents
 * without ever becoming a float: rounded half away from zero on its digits, then grouped in the
 * admin's language. "1234.5" → "$1,234.50"; "102.234568" → "$102.23" ("102,23 $" reads oddly in a
 * table, so Russian keeps the sign first: "$102,23"). The digits are grouped and the cents set
 * apart as the language writes numbers (Intl's marks for it).
 */
export function formatUsd(amount: string, locale: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!m) return amount;
  const [, sign, whole = '0', frac = ''] = m;
  const roundUp = (frac[2] ?? '0') >= '5';
  const cents = (BigInt(whole + frac.padEnd(2, '0').slice(0, 2)) + (roundUp ? 1n : 0n))
    .toString()
    .padStart(3, '0');
  const dollars = cents.slice(0, -2);
  const shownSign = sign && /[1-9]/.test(cents) ? '-' : '';
  const { group, decimal } = numberMarks(locale);
  const grouped = dollars.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${shownSign}$${grouped}${decimal}${cents.slice(-2)}`;
}

/** The language's digit group separator and decimal mark ("," and "." in English). */
function numberMarks(locale: string): { group: string; decimal: string } {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
  } catch {
    parts = new Intl.NumberFormat('en').formatToParts(1234.5);
  }
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}
