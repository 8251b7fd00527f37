/**
 * What a Telegram Stars payment must look like before the bot books or accepts it: currency `XTR`
 * and a positive whole number of Stars within Telegram's cap on one payment. Every payment path
 * (a checkout and a successful payment, of a top-up or of a subscription) asks this one function.
 */
import { MAX_STARS_PER_PAYMENT } from './wallet.js';

/** Telegram Stars' currency code in invoices and payments. */
export const STARS_CURRENCY = 'XTR';

/** The Stars of a payment in Telegram Stars, or undefined when it is not one the bot can book. */
export function starsOfPayment(payment: { currency: string; totalAmount: number }): number | undefined {
  const { currency, totalAmount } = payment;
  if (currency !== STARS_CURRENCY) return undefined;
  if (!Number.isSafeInteger(totalAmount) || totalAmount < 1 || totalAmount > MAX_STARS_PER_PAYMENT) {
    return undefined;
  }
  return totalAmount;
}
