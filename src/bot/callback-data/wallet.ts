/**
 * Wallet buttons: `wb:<stars>` sends an invoice for a pack; `wb:<stars>:<order id>` does the same for
 * a draft that was short of Stars (the payment's message then offers to place it). Parsing is
 * strict: forged or truncated data parses to undefined, never throws.
 */
import { MAX_STARS_PER_PAYMENT } from '../../services/wallet/prices-file.js';

const BUY = /^wb:(\d{1,5})(?::([A-Za-z0-9-]{1,40}))?$/;

export const walletButtons = {
  buy: (stars: number, orderId?: string) => (orderId ? `wb:${stars}:${orderId}` : `wb:${stars}`),
};

export function parseWalletBuy(data: string): { stars: number; orderId: string | undefined } | undefined {
  const match = BUY.exec(data);
  if (!match) return undefined;
  const stars = Number(match[1]);
  if (stars < 1 || stars > MAX_STARS_PER_PAYMENT) return undefined;
  return { stars, orderId: match[2] };
}

export const WALLET_BUY_PATTERN = /^wb:/;
