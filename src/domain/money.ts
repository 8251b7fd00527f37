/**
 * Exact decimal money. Amounts travel as strings in the API ("0.11"); here they become a bigint of
 * micro-units (6 decimals) so sums and products never drift the way floats do (0.1 * 10 !== 1).
 */

/** A USD amount in micro-units (1 USD = 1_000_000). Branded so a plain bigint is not mistaken for it. */
export type Money = bigint & { readonly __money: 'micro-usd' };

const MONEY_SCALE = 6;
const UNIT = 10n ** BigInt(MONEY_SCALE);

const MONEY_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Wraps a raw micro-unit count. */
export function moneyFromMicros(micros: bigint): Money {
  return micros as Money;
}

export const ZERO_MONEY = moneyFromMicros(0n);

/**
 * Parses "12", "0.11", "-3.5". Rejects anything else (exponents, commas, spaces, "."), and amounts
 * with non-zero digits beyond 6 decimals, which cannot be held exactly.
 */
export function parseMoney(s: string): Money {
  const m = MONEY_RE.exec(s);
  if (!m) throw new RangeError(`malformed money amount: ${JSON.stringify(s)}`);
  const [, sign, whole = '0', frac = ''] = m;
  const extra = frac.slice(MONEY_SCALE);
  if (/[^0]/.test(extra)) throw new RangeError(`money amount has more than ${MONEY_SCALE} decimals: ${s}`);
  const micros = BigInt(whole) * UNIT + BigInt(frac.slice(0, MONEY_SCALE).padEnd(MONEY_SCALE, '0'));
  return moneyFromMicros(sign && micros !== 0n ? -micros : micros);
}

export function isMoneyString(s: string): boolean {
  try {
    parseMoney(s);
    return true;
  } catch {
    return false;
  }
}

export function addMoney(...amounts: Money[]): Money {
  let sum = 0n;
  for (const a of amounts) sum += a;
  return moneyFromMicros(sum);
}

/** The sum of stored USD amounts, leaving out any that isn't an exact decimal (one odd row costs only itself). */
export function sumMoneyStrings(amounts: readonly string[]): Money {
  return addMoney(...amounts.filter(isMoneyString).map(parseMoney));
}

/** What Telegram pays out for `stars` Stars at `usdPerStar` (STARS_PAYOUT_USD), exact. */
export function starsPayoutUsd(usdPerStar: string, stars: number): Money {
  return multiplyMoney(parseMoney(usdPerStar), stars);
}

export function subtractMoney(a: Money, b: Money): Money {
  return moneyFromMicros(a - b);
}

/** Multiplies by a whole count (seconds, images). Fractions are refused: they would need rounding rules. */
export function multiplyMoney(m: Money, factor: number | bigint): Money {
  if (typeof factor === 'number' && !Number.isSafeInteger(factor)) {
    throw new RangeError(`money can only be multiplied by an integer, got ${factor}`);
  }
  return moneyFromMicros(m * BigInt(factor));
}

export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Canonical decimal string: at least 2 decimals, trailing zeros beyond them dropped ("1.50", "0.1234"). */
export function moneyToString(m: Money): string {
  const neg = m < 0n;
  const abs = neg ? -m : m;
  const whole = abs / UNIT;
  let frac = (abs % UNIT).toString().padStart(MONEY_SCALE, '0').replace(/0+$/, '');
  if (frac.length < 2) frac = frac.padEnd(2, '0');
  return `${neg ? '-' : ''}${whole}.${frac}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string): Intl.NumberFormat {
  let f = formatters.get(locale);
  if (!f) {
    const options: Intl.NumberFormatOptions = {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol', // "$" everywhere, not "US$"
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    };
    try {
      f = new Intl.NumberFormat(locale, options);
    } catch {
      f = new Intl.NumberFormat('en', options); // malformed locale tag: fall back rather than throw in a reply
    }
    formatters.set(locale, f);
  }
  return f;
}

/**
 * Localized display: en "$1,234.50", ru "1 234,50 $" (ICU uses no-break spaces). Intl receives the
 * decimal string, which it formats exactly (no float conversion); up to 4 decimals are kept.
 */
export function formatMoney(amount: string | Money, locale: 'en' | 'ru' | (string & {})): string {
  const canonical = moneyToString(typeof amount === 'string' ? parseMoney(amount) : amount);
  return formatterFor(locale).format(canonical as Intl.StringNumericLiteral);
}
