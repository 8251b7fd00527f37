/**
 * Money as integer micro-dollars (BigInt). Amounts enter and leave the simulator as decimal strings;
 * floats never touch a price.
 */
const MICROS_PER_USD = 1_000_000n;
const DECIMAL_USD = /^(\d+)(?:\.(\d{1,6}))?$/;

export type Micros = bigint;

export function isUsdString(value: string): boolean {
  return DECIMAL_USD.test(value);
}

/** "1.2" -> 1_200_000n. Throws on anything that is not a non-negative decimal with at most 6 decimals. */
export function parseUsd(value: string): Micros {
  const match = DECIMAL_USD.exec(value);
  if (!match) throw new RangeError(`not a USD amount: ${JSON.stringify(value)}`);
  const whole = BigInt(match[1]!);
  const fraction = BigInt((match[2] ?? '').padEnd(6, '0'));
  return whole * MICROS_PER_USD + fraction;
}

/** 1_200_000n -> "1.20": at least two decimals, more only when the amount needs them. */
export function formatUsd(micros: Micros): string {
  const sign = micros < 0n ? '-' : '';
  const abs = micros < 0n ? -micros : micros;
  const whole = abs / MICROS_PER_USD;
  let fraction = (abs % MICROS_PER_USD).toString().padStart(6, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${sign}${whole}.${fraction}`;
}

/** For the few places the spec wants a JSON number (deposit_required details). */
export function usdToNumber(micros: Micros): number {
  return Number(formatUsd(micros));
}
