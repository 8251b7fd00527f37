/**
 * Star subscriptions as Telegram keeps them: invoice links (createInvoiceLink), each with its
 * subscription_period, and the subscriptions users paid through them. Telegram charges again at
 * each period's end unless the bot or the user cancelled; tests decide when (renew / fail).
 */
import { randomBytes } from 'node:crypto';
import type { User } from 'grammy/types';
import { badRequest } from '../api-error.js';
import type { StoredInvoice } from './payments.js';

/** Telegram's only subscription period (createInvoiceLink's subscription_period). */
export const TELEGRAM_SUBSCRIPTION_PERIOD = 2_592_000;

export interface InvoiceLink {
  url: string;
  invoice: StoredInvoice;
  /** Seconds; absent for a one-time payment. */
  subscriptionPeriod?: number;
}

export interface StarSubscription {
  user: User;
  amount: number;
  payload: string;
  period: number;
  /** Unix seconds: the paid period's end. */
  expiresAt: number;
  /** Every charge of this subscription, the first one first. */
  charges: string[];
  canceledByBot: boolean;
  /** The user turned renewal off in Telegram's own settings (only they can turn it on again). */
  canceledByUser: boolean;
  /** The renewal did not go through (a test's failRenewal): no further payments. */
  ended: boolean;
}

export class StarSubscriptions {
  readonly #links = new Map<string, InvoiceLink>();
  readonly #subs: StarSubscription[] = [];

  constructor(
    /** A period other than 30 days accepted (Telegram's test environment), if any. */
    readonly testPeriod: number | undefined,
  ) {}

  /** The periods createInvoiceLink accepts. */
  acceptsPeriod(seconds: number): boolean {
    return seconds === TELEGRAM_SUBSCRIPTION_PERIOD || seconds === this.testPeriod;
  }

  createLink(invoice: StoredInvoice, subscriptionPeriod: number | undefined): string {
    const url = `https://t.me/$${randomBytes(12).toString('base64url')}`;
    this.#links.set(url, { url, invoice, ...(subscriptionPeriod !== undefined && { subscriptionPeriod }) });
    return url;
  }

  link(url: string): InvoiceLink | undefined {
    return this.#links.get(url);
  }

  start(user: User, link: InvoiceLink, chargeId: string, nowSeconds: number): StarSubscription {
    const period = link.subscriptionPeriod!;
    const sub: StarSubscription = {
      user,
      amount: link.invoice.total_amount,
      payload: link.invoice.payload,
      period,
      expiresAt: nowSeconds + period,
      charges: [chargeId],
      canceledByBot: false,
      canceledByUser: false,
      ended: false,
    };
    this.#subs.push(sub);
    return sub;
  }

  /** The user's latest subscription. */
  of(userId: number): StarSubscription | undefined {
    return this.#subs.filter((s) => s.user.id === userId).at(-1);
  }

  byCharge(chargeId: string): StarSubscription | undefined {
    return this.#subs.find((s) => s.charges.includes(chargeId));
  }

  /** editUserStarSubscription: only the user's own subscription; re-enabling only what the bot cancelled. */
  edit(userId: number, chargeId: string, isCanceled: boolean): void {
    const sub = this.byCharge(chargeId);
    if (!sub || sub.user.id !== userId) throw badRequest('CHARGE_ID_INVALID');
    if (sub.ended) throw badRequest('SUBSCRIPTION_EXPIRED');
    if (!isCanceled && sub.canceledByUser) throw badRequest('SUBSCRIPTION_CANCELED_BY_USER');
    if (!isCanceled && !sub.canceledByBot) throw badRequest('SUBSCRIPTION_NOT_CANCELED');
    sub.canceledByBot = isCanceled;
  }
}
