/**
 * Promo codes' rules: what a code looks like (so it also fits a `?start=p_<CODE>` deep link), how
 * it is matched (case-insensitively: stored upper case), the alphabet of generated codes (no
 * look-alikes), and the admins' arguments with the limits that keep a typo from giving away a fortune.
 */

/** Letters, digits, `_` and `-`: what a deep link's payload allows; `p_` + 32 stays within its 64. */
const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** Generated codes leave out 0/O, 1/I/L: read aloud or copied by hand, they stay unambiguous. */
export const UNAMBIGUOUS_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 10 of 31 symbols: about 49 bits, far beyond guessing at a few tries per 10 minutes. */
export const GENERATED_CODE_LENGTH = 10;

export const PROMO_LIMITS = {
  maxStars: 100_000,
  maxUses: 1_000_000,
  maxDays: 3650,
  maxBatch: 1000,
} as const;

/** The stored form of what a customer typed, or undefined when it cannot be a code at all. */
export function normalizePromoCode(typed: string): string | undefined {
  const code = typed.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : undefined;
}

/** Which argument of an admin's command is wrong (each has its own explanation). */
export type PromoArgumentError = 'usage' | 'code' | 'stars' | 'uses' | 'days' | 'count';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: PromoArgumentError };

/** A whole number within [min, max], or undefined (no signs, no decimals, no exponent). */
function wholeNumber(text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined || !/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

function words(text: string): string[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

export interface NewPromoArgs {
  code: string;
  stars: number;
  uses: number;
  /** Null: valid until disabled. */
  days: number | null;
}

/** `/promo_new <CODE> <stars> [uses] [days]`: uses default to 1, validity to unlimited. */
export function parsePromoNew(text: string): Parsed<NewPromoArgs> {
  const args = words(text);
  if (args.length < 2 || args.length > 4) return { ok: false, error: 'usage' };
  const [rawCode, rawStars, rawUses, rawDays] = args;
  const code = normalizePromoCode(rawCode!);
  if (!code) return { ok: false, error: 'code' };
  const stars = wholeNumber(rawStars, 1, PROMO_LIMITS.maxStars);
  if (stars === undefined) return { ok: false, error: 'stars' };
  const uses = rawUses === undefined ? 1 : wholeNumber(rawUses, 1, PROMO_LIMITS.maxUses);
  if (uses === undefined) return { ok: false, error: 'uses' };
  const days = rawDays === undefined ? null : wholeNumber(rawDays, 1, PROMO_LIMITS.maxDays);
  if (days === undefined) return { ok: false, error: 'days' };
  return { ok: true, value: { code, stars, uses, days } };
}

export interface PromoBatchArgs {
  count: number;
  stars: number;
  days: number | null;
}

/** `/promo_batch <count> <stars> [days]`: one-time codes. */
export function parsePromoBatch(text: string): Parsed<PromoBatchArgs> {
  const args = words(text);
  if (args.length < 2 || args.length > 3) return { ok: false, error: 'usage' };
  const [rawCount, rawStars, rawDays] = args;
  const count = wholeNumber(rawCount, 1, PROMO_LIMITS.maxBatch);
  if (count === undefined) return { ok: false, error: 'count' };
  const stars = wholeNumber(rawStars, 1, PROMO_LIMITS.maxStars);
  if (stars === undefined) return { ok: false, error: 'stars' };
  const days = rawDays === undefined ? null : wholeNumber(rawDays, 1, PROMO_LIMITS.maxDays);
  if (days === undefined) return { ok: false, error: 'days' };
  return { ok: true, value: { count, stars, days } };
}

/** A code's validity end, `days` whole days from `now` (null: none). */
export function promoExpiry(now: number, days: number | null): Date | null {
  return days === null ? null : new Date(now + days * 86_400_000);
}

/** What one redemption attempt came to (the repository's part; the service adds the throttle). */
export type RedemptionOutcome =
  | { kind: 'redeemed'; stars: number; balance: number }
  | { kind: 'unknown' }
  | { kind: 'used_up' }
  | { kind: 'expired' }
  | { kind: 'disabled' }
  | { kind: 'already' };
