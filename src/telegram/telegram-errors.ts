/**
 * Telegram answers that a handler expects and must not treat as failures, and Telegram's answers
 * mapped once onto the services' typed results (a refund's).
 */
import { type Api, GrammyError } from 'grammy';
import type { StarRefundCall } from '../services/wallet/star-refunds.js';

/** An edit to the text and buttons the message already has (a double tap, a refresh with no news). */
export function isNotModified(err: unknown): boolean {
  return err instanceof GrammyError && /message is not modified/i.test(err.description);
}

/** Awaits an edit; "message is not modified" counts as done, anything else is thrown. */
export async function editIgnoringNotModified(edit: Promise<unknown>): Promise<void> {
  try {
    await edit;
  } catch (err) {
    if (!isNotModified(err)) throw err;
  }
}

/**
 * refundStarPayment with its answer read once, for the services' port: a charge Telegram already
 * refunded counts as refunded, any other refusal (or a call that never reached Telegram) as failed.
 */
export async function refundStarPayment(api: Api, userId: number, chargeId: string): Promise<StarRefundCall> {
  try {
    await api.refundStarPayment(userId, chargeId);
    return { kind: 'refunded' };
  } catch (err) {
    if (err instanceof GrammyError) {
      if (/CHARGE_ALREADY_REFUNDED/i.test(err.description)) return { kind: 'already_refunded' };
      return { kind: 'failed', description: err.description };
    }
    return { kind: 'failed', description: err instanceof Error ? err.message : String(err) };
  }
}
