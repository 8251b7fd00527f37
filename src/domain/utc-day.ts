/**
 * UTC days: the daily order and spending caps, the referral reward's daily cap and the admins'
 * day-by-day figures all count days from 00:00 UTC, whatever the server's time zone.
 */
export const DAY_MS = 86_400_000;

/** The start of the UTC day `at` (epoch ms) falls in. */
export function utcDayStart(at: number): number {
  return at - (((at % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The UTC day around `at`: [start, end). */
export function utcDay(at: number): { start: number; end: number } {
  const start = utcDayStart(at);
  return { start, end: start + DAY_MS };
}
