/**
 * Wallet buttons: `wb:<stars>` sends an invoice for a pack; `wb:<stars>:<order id>` does the same for
 * a draft that was short of Stars (the payment's message then offers to place it).
 */
import { MAX_STARS_PER_PAYMENT } from '../../domain/wallet.js';
import { buttonFamily, field } from './codec.js';

export const walletBuyData = buttonFamily('wb', {
  stars: field.int(1, MAX_STARS_PER_PAYMENT),
  orderId: field.optional(field.id),
});
