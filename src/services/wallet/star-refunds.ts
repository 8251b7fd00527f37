/**
 * The port through which the wallet and subscriptions ask Telegram to return a Stars payment
 * (refundStarPayment). The Telegram layer maps Telegram's answer onto this result once
 * (telegram/telegram-errors.ts), so services never read Telegram's error texts.
 */

export type StarRefundCall =
  /** Telegram returned the Stars now. */
  | { kind: 'refunded' }
  /** Telegram had already returned this payment (CHARGE_ALREADY_REFUNDED): the refund is done. */
  | { kind: 'already_refunded' }
  /** Telegram (or the way to it) refused: nothing was returned; `description` is for the admin. */
  | { kind: 'failed'; description: string };

export type RefundStarPayment = (userId: number, chargeId: string) => Promise<StarRefundCall>;
