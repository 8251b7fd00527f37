/**
 * The Stars wallet's vocabulary: the unique keys that name each ledger event (see "The money" in
 * docs/architecture.md), the refusal of a hold that does not fit, and Telegram's cap on one payment.
 */
import type { DeliveryOutcome, OrderStage, OrderStatus } from './order-state.js';

/** Telegram takes at most this many Stars in one invoice (and refunds at most that). */
export const MAX_STARS_PER_PAYMENT = 10_000;

/**
 * One key per event, so a redelivered payment, a replica race or a hook run again after a crash
 * books nothing twice.
 */
export const ledgerKeys = {
  /** A top-up paid with Telegram Stars (its Telegram charge id). */
  topup: (chargeId: string) => `topup:${chargeId}`,
  /** The Stars held by one submission of an order (its idempotency key). */
  hold: (orderId: string, idempotencyKey: string) => `hold:${orderId}:${idempotencyKey}`,
  /** The one settlement (capture or release) of a hold. */
  settle: (holdKey: string) => `settle:${holdKey}`,
  /** The late charge of a hold that was released, for an order whose files reached the chat later. */
  charge: (holdKey: string) => `charge:${holdKey}`,
  /** An admin's refund of a top-up, one per attempt. */
  refund: (chargeId: string, attempt: number) => `refund:${chargeId}:${attempt}`,
  /** A refund Telegram refused: the Stars come back. */
  refundUndo: (chargeId: string, attempt: number) => `refund_undo:${chargeId}:${attempt}`,
  /** Telegram refunded a top-up on its own (a `refunded_payment`). */
  telegramRefund: (chargeId: string) => `tgrefund:${chargeId}`,
  /** Stars an admin gave, named by the caller's own event key. */
  grant: (eventKey: string) => `grant:${eventKey}`,
  /** The welcome bonus, once per customer. */
  welcome: (userId: number) => `welcome:${userId}`,
  /** A promo code redeemed, once per (code, customer). */
  promo: (code: string, userId: number) => `promo:${code}:${userId}`,
  /** A referrer's reward for a referee's paid top-up (its Telegram charge id); before issue 38. */
  referral: (chargeId: string) => `referral:${chargeId}`,
  /**
   * A referrer's reward for the paid Stars a referee spent on a delivered result: one per capture or
   * late charge (its key, `settle:hold:...` or `charge:hold:...`), so a capture replayed rewards once.
   */
  referralSpend: (spendKey: string) => `referral:${spendKey}`,
  /** That reward taken back: the top-up was refunded. */
  referralUndo: (chargeId: string) => `referral_undo:${chargeId}`,
  /**
   * Rewards taken back from a referrer because a refund (its ledger key) booked Stars against the
   * referee that they had already spent on delivered results: once per refund.
   */
  referralClawback: (refundKey: string) => `referral_clawback:${refundKey}`,
} as const;

/** What one hold of an order should become, given the order as it is now. */
export type HoldVerdict = 'capture' | 'release' | 'keep';

/** What of an order decides its holds (an order row carries these). */
export interface HoldFacts {
  id: string;
  idempotencyKey: string;
  stage: OrderStage;
  status: OrderStatus | null;
  lostAt: Date | null;
  deliveredAt: Date | null;
  deliveryOutcome: DeliveryOutcome | null;
}

/**
 * What one hold of an order should become (docs/architecture.md, "Holds settled once"). A hold
 * belongs to one submission key: any key that is not the row's current one can never be sent again,
 * so its hold goes back. The live key's hold stays while the submission is under way or upstream
 * works on it, and ends with the order: spent only when at least one result file reached the chat,
 * returned otherwise. The wallet repository's `ordersToSettle` states the same rule in SQL; a
 * contract test (test/db/hold-settlement.contract.test.ts) holds the two together.
 */
export function holdVerdict(order: HoldFacts, key: string): HoldVerdict {
  if (key !== ledgerKeys.hold(order.id, order.idempotencyKey)) return 'release';
  if (order.stage === 'submitting') return 'keep';
  if (order.stage !== 'submitted' || order.lostAt) return 'release';
  if (order.status === 'failed' || order.status === 'cancelled') return 'release';
  if (order.status !== 'completed' || !order.deliveredAt) return 'keep';
  return order.deliveryOutcome === 'sent' ? 'capture' : 'release';
}

/** A hold that does not fit the balance: nothing was booked. */
export class InsufficientStarsError extends Error {
  override readonly name = 'InsufficientStarsError';
  constructor(
    readonly priceStars: number,
    readonly balanceStars: number,
  ) {
    super(`not enough Stars: price ${priceStars}, balance ${balanceStars}`);
  }
  get missingStars(): number {
    return this.priceStars - this.balanceStars;
  }
}
