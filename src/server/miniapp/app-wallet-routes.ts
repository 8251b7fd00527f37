/**
 * The customers' app's Wallet tab (issue 43), only where the bot bills in Stars (otherwise each
 * answers 404 and the page says payments are off):
 *
 *   GET  /wallet                          → 200 AppWallet (the signed customer's own)
 *   POST /invoice { stars } | { plan }    → 200 AppInvoice; 422 not a listed pack or plan;
 *                                           409 a plan while one is active
 *   POST /promo   { code }                → 200 AppPromoOutcome; 404 promo codes off; 422 no code
 */
import type { AppWalletService } from '../../services/app/wallet.js';
import type { AppInvoiceRequest } from '../../services/app/wallet-types.js';
import { pageLocale } from './app-models-routes.js';
import type { CustomerRoute } from './customer-api.js';

const MAX_CODE_CHARS = 64;

function invoiceRequestOf(body: unknown): AppInvoiceRequest | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { stars, plan } = body as Record<string, unknown>;
  if (stars !== undefined && plan === undefined) {
    return typeof stars === 'number' && Number.isSafeInteger(stars) ? { stars } : undefined;
  }
  if (plan !== undefined && stars === undefined) {
    return typeof plan === 'string' && plan.length <= 32 ? { plan } : undefined;
  }
  return undefined;
}

function codeOf(body: unknown): string | undefined {
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.trim() !== '' && code.length <= MAX_CODE_CHARS ? code : undefined;
}

/** `wallet` null: the bot does not bill in Stars, and the wallet's endpoints are not there. */
export function appWalletRoutes(wallet: AppWalletService | null): CustomerRoute[] {
  const off = { status: 404, json: { error: 'wallet_off' } };
  return [
    {
      method: 'GET',
      path: '/wallet',
      async handle({ userId, query, languageCode }) {
        if (!wallet) return off;
        return { status: 200, json: await wallet.view(userId, pageLocale(query, languageCode)) };
      },
    },
    {
      method: 'POST',
      path: '/invoice',
      write: true,
      async handle({ userId, body }) {
        if (!wallet) return off;
        const request = invoiceRequestOf(body);
        if (!request) return { status: 422, json: { error: 'invalid' } };
        const outcome = await wallet.invoice(userId, request);
        if (outcome.kind === 'invalid') return { status: 422, json: { error: 'invalid' } };
        if (outcome.kind === 'subscribed') return { status: 409, json: { error: 'subscribed' } };
        return { status: 200, json: { url: outcome.url } };
      },
    },
    {
      method: 'POST',
      path: '/promo',
      write: true,
      async handle({ userId, body }) {
        if (!wallet?.promoOn) return { status: 404, json: { error: 'promo_off' } };
        const code = codeOf(body);
        if (code === undefined) return { status: 422, json: { error: 'invalid' } };
        return { status: 200, json: await wallet.redeem(userId, code) };
      },
    },
  ];
}
