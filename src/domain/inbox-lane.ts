/**
 * The update inbox's payment lanes: a checkout question gets a lane of its own (Telegram waits 10 s
 * for the answer), a chat's successful payments share the chat's payment lane. Payments have worker
 * slots of their own, so whether a lane carries payments is decided here once: the lanes are built
 * by `paymentLanes` (telegram/inbox-lane.ts), recognised by `isPaymentLane` (the inbox worker) and
 * selected in SQL by `PAYMENT_LANES_SQL` (the inbox repository's claims, and PostgreSQL's index of them).
 */

export const paymentLanes = {
  /** One pre_checkout_query. */
  checkout: (updateId: number) => `checkout:${updateId}`,
  /** A chat's successful payments. */
  payment: (chatId: number | undefined) => `${chatId}:payment`,
} as const;

/** SQL LIKE patterns: a lane matching one of them carries payments; no other lane matches. */
export const PAYMENT_LANE_PATTERNS = ['checkout:%', '%:payment'] as const;

/** The payment lanes as an SQL condition on a `lane` column (the claims, and PostgreSQL's index of them). */
export const PAYMENT_LANES_SQL = `(${PAYMENT_LANE_PATTERNS.map((pattern) => `lane like '${pattern}'`).join(' or ')})`;

const likeToRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('%')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('_', '.'))
      .join('.*')}$`,
    's',
  );
const PAYMENT_LANE_REGEXPS = PAYMENT_LANE_PATTERNS.map(likeToRegExp);

/** Whether a lane carries payments (what `PAYMENT_LANE_PATTERNS` selects in SQL). */
export function isPaymentLane(lane: string): boolean {
  return PAYMENT_LANE_REGEXPS.some((re) => re.test(lane));
}
