/**
 * The Stars invoices customers pay, worded once for the chat and the customers' app (issue 43): a
 * top-up's title, description and price label (sendInvoice in the chat, createInvoiceLink in the
 * app: the same texts and the wallet's own payload) and a plan's subscription link. XTR, one price
 * item, no provider token: Telegram's rules for digital goods.
 */
import type { Api } from 'grammy';
import { STARS_CURRENCY } from '../domain/stars-payment.js';
import { htmlToPlainText } from '../lib/html.js';
import type { PlanInvoice } from '../services/subscriptions.js';
import type { Texts } from './i18n.js';
import { stars } from './texts/money.js';
import { planName } from './texts/plan-name.js';

/** A top-up of `amount` Stars: the invoice's title, description and its one price item. */
export function topupInvoiceTexts(
  texts: Texts,
  amount: number,
): { title: string; description: string; prices: [{ label: string; amount: number }] } {
  const shown = stars(texts, amount);
  return {
    title: htmlToPlainText(texts.t('wallet-invoice-title', { amount: shown }), 32),
    description: htmlToPlainText(texts.t('wallet-invoice-description', { amount: shown }), 255),
    prices: [{ label: htmlToPlainText(texts.t('wallet-invoice-label'), 32), amount }],
  };
}

/** Telegram's link for a top-up the wallet created (its payload): what the app opens with openInvoice. */
export function topupInvoiceLink(api: Api, texts: Texts, payload: string, amount: number): Promise<string> {
  const { title, description, prices } = topupInvoiceTexts(texts, amount);
  return api.createInvoiceLink(title, description, payload, '', STARS_CURRENCY, prices);
}

/** Telegram's link for a plan's subscription (renewed every period on the first payment's terms). */
export function planInvoiceLink(api: Api, texts: Texts, invoice: PlanInvoice): Promise<string> {
  const { plan } = invoice;
  const name = planName(texts, plan);
  return api.createInvoiceLink(
    htmlToPlainText(texts.t('subscription-invoice-title', { name }), 32),
    htmlToPlainText(
      texts.t('subscription-invoice-description', { name, allowance: stars(texts, plan.allowanceStars) }),
      255,
    ),
    invoice.payload,
    '',
    STARS_CURRENCY,
    [
      {
        label: htmlToPlainText(texts.t('subscription-invoice-label', { name }), 32),
        amount: plan.priceStars,
      },
    ],
    { subscription_period: invoice.periodSeconds },
  );
}
