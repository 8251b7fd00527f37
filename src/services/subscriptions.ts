/**
 * Stars subscriptions (SUBSCRIPTION_PLANS, BILLING=stars): the plans, their invoice links, the
 * payments of each period (first and renewals: the allowance credited once per charge id), turning
 * renewal off and on, the end of a subscription whose renewal never came, and the refund of one
 * period's payment. Telegram is reached only through functions the caller hands in (the bot's api).
 */
import type {
  SubscriptionPeriodRecord,
  SubscriptionRecord,
  SubscriptionStats,
  SubscriptionsRepository,
  WalletRepository,
} from '../db/index.js';
import { parsePlanPayload, planPayload, type SubscriptionPlan } from '../domain/subscription.js';
import { allowanceLeft } from '../domain/subscription-ledger.js';
import type { Logger } from '../logger.js';

export type PlanCheckoutRefusal = 'unknown_invoice' | 'other_user' | 'wrong_amount' | 'already_subscribed';

export interface PlanInvoice {
  plan: SubscriptionPlan;
  payload: string;
  periodSeconds: number;
}

export interface PeriodNotice {
  /** Booked now (false: a redelivered payment): the customer is told only then. */
  credited: boolean;
  plan: SubscriptionPlan | undefined;
  allowance: number;
  balance: number;
  expiresAt: Date;
  renewal: boolean;
}

export interface SubscriptionStatus {
  subscription: SubscriptionRecord;
  plan: SubscriptionPlan | undefined;
  /** Allowance Stars still spendable in the paid period. */
  allowanceLeft: number;
}

export type SubscriptionRefund =
  | { kind: 'refunded'; userId: number; stars: number; expired: number }
  | { kind: 'already_refunded' }
  | { kind: 'telegram_refused'; description: string };

export type PeriodRefundPreview =
  | { kind: 'refundable'; period: SubscriptionPeriodRecord; unspent: number }
  | { kind: 'already_refunded' };

export class SubscriptionsService {
  readonly plans: readonly SubscriptionPlan[];
  readonly periodSeconds: number;
  readonly #store: SubscriptionsRepository;
  readonly #ledger: WalletRepository;
  readonly #log: Logger;
  readonly #graceMs: number;

  constructor(deps: {
    store: SubscriptionsRepository;
    ledger: WalletRepository;
    plans: readonly SubscriptionPlan[];
    periodSeconds: number;
    logger: Logger;
    /** How long after a period's end a renewal may still arrive before the subscription ends. */
    graceMs?: number;
  }) {
    this.plans = deps.plans;
    this.periodSeconds = deps.periodSeconds;
    this.#store = deps.store;
    this.#ledger = deps.ledger;
    this.#log = deps.logger.child({ component: 'subscriptions' });
    this.#graceMs = deps.graceMs ?? 60 * 60_000;
  }

  plan(id: string): SubscriptionPlan | undefined {
    return this.plans.find((p) => p.id === id);
  }

  /** True for a payload of a plan invoice (`s:`), whatever the plan. */
  isPlanPayload(payload: string): boolean {
    return parsePlanPayload(payload) !== undefined;
  }

  /** What createInvoiceLink needs for `planId`, bought by `userId`. */
  invoice(userId: number, planId: string): PlanInvoice | undefined {
    const plan = this.plan(planId);
    return plan && { plan, payload: planPayload(plan.id, userId), periodSeconds: this.periodSeconds };
  }

  /** pre_checkout_query of a plan invoice: a plan we sell, at its price, for its buyer, not subscribed. */
  async checkCheckout(query: {
    payload: string;
    userId: number;
    currency: string;
    totalAmount: number;
  }): Promise<{ ok: true } | { ok: false; reason: PlanCheckoutRefusal }> {
    const named = parsePlanPayload(query.payload);
    const plan = named && this.plan(named.planId);
    if (!named || !plan) return { ok: false, reason: 'unknown_invoice' };
    if (named.userId !== query.userId) return { ok: false, reason: 'other_user' };
    if (query.currency !== 'XTR' || query.totalAmount !== plan.priceStars) {
      return { ok: false, reason: 'wrong_amount' };
    }
    const current = await this.#store.find(query.userId);
    if (current?.state === 'active' && !current.cancelled) return { ok: false, reason: 'already_subscribed' };
    return { ok: true };
  }

  /**
   * A successful_payment of a plan (is_first_recurring or is_recurring): the period and its allowance
   * are booked once per charge id. A plan no longer offered still credits its allowance as it was
   * when bought (the payload names the plan; the allowance of a plan removed since is its price).
   */
  async recordPayment(payment: {
    chargeId: string;
    userId: number;
    stars: number;
    payload: string;
    /** subscription_expiration_date, if Telegram sent it. */
    expiresAt: Date | undefined;
    first: boolean;
  }): Promise<PeriodNotice> {
    const named = parsePlanPayload(payment.payload);
    const plan = named && this.plan(named.planId);
    if (!plan) {
      this.#log.error(
        { userId: payment.userId, chargeId: payment.chargeId, payload: payment.payload },
        'subscription payment for a plan we do not offer: its price credited as allowance',
      );
    }
    const allowance = plan?.allowanceStars ?? payment.stars;
    const outcome = await this.#store.recordPayment({
      chargeId: payment.chargeId,
      userId: payment.userId,
      planId: named?.planId ?? 'unknown',
      stars: payment.stars,
      allowance,
      expiresAt: payment.expiresAt,
      periodSeconds: this.periodSeconds,
      first: payment.first,
    });
    const credited = outcome.kind === 'credited';
    this.#log.info(
      { userId: payment.userId, chargeId: payment.chargeId, allowance, first: payment.first, credited },
      credited ? 'subscription period credited' : 'subscription payment already credited',
    );
    return {
      credited,
      plan,
      allowance,
      balance: outcome.balance,
      expiresAt: outcome.expiresAt,
      renewal: !payment.first,
    };
  }

  /** /subscription: the customer's subscription (active or ended), its plan and allowance left. */
  async status(userId: number): Promise<SubscriptionStatus | undefined> {
    const subscription = await this.#store.find(userId);
    if (!subscription) return undefined;
    await this.#ledger.expireAllowancesNow(userId);
    const pools = await this.#ledger.pools(userId);
    return { subscription, plan: this.plan(subscription.planId), allowanceLeft: allowanceLeft(pools) };
  }

  /**
   * Cancel (renewal off) or resume: Telegram first (editUserStarSubscription with is_canceled), then
   * our row; false when there is no active subscription to change (or it is already so).
   */
  async setRenewal(
    userId: number,
    cancel: boolean,
    edit: (userId: number, chargeId: string, isCanceled: boolean) => Promise<unknown>,
  ): Promise<boolean> {
    const current = await this.#store.find(userId);
    if (current?.state !== 'active' || current.cancelled === cancel) return false;
    await edit(userId, current.chargeId, cancel);
    const changed = await this.#store.setCancelled(userId, cancel);
    this.#log.info({ userId, cancel }, cancel ? 'subscription renewal off' : 'subscription renewal on');
    return changed;
  }

  /**
   * The periodic job: subscriptions whose paid period ended `graceMs` ago with no renewal end (their
   * customers told once, through `tell`), and every ended period's unspent allowance expires.
   */
  async endLapsed(tell: (subscription: SubscriptionRecord) => Promise<void>): Promise<number> {
    let ended = 0;
    for (const subscription of await this.#store.lapsed(this.#graceMs)) {
      if (!(await this.#store.end(subscription.userId, subscription.chargeId))) continue;
      ended += 1;
      this.#log.info({ userId: subscription.userId }, 'subscription ended: no renewal');
      await tell(subscription).catch((err: unknown) =>
        this.#log.warn({ err, userId: subscription.userId }, 'could not tell the end of a subscription'),
      );
    }
    for (const userId of await this.#store.usersWithEndedPeriods()) {
      await this.#ledger.expireAllowancesNow(userId);
    }
    return ended;
  }

  /**
   * What refunding a period's payment would do (/refund shows it before its button): the period, and
   * how many of its Stars are unspent, which the refund expires. Undefined if `chargeId` is no period's.
   */
  async refundPreview(chargeId: string): Promise<PeriodRefundPreview | undefined> {
    const period = await this.#store.findPeriod(chargeId);
    if (!period) return undefined;
    if (period.status === 'refunded') return { kind: 'already_refunded' };
    const pools = await this.#ledger.pools(period.userId);
    const pool = pools.allowance.find((p) => p.chargeId === chargeId);
    const unspent = pool && pool.expiries === 0 ? Math.max(pool.left, 0) : 0;
    return { kind: 'refundable', period, unspent };
  }

  /** The charge ids of a customer's periods, newest first (a refund button names one by a tag). */
  async periodCharges(userId: number): Promise<string[]> {
    return (await this.#store.periodsOf(userId)).map((p) => p.chargeId);
  }

  /**
   * Refunds one period's payment: Telegram returns the Stars (a charge it already refunded counts as
   * done), then the period ends and its unspent allowance expires, once.
   */
  async refund(
    chargeId: string,
    refundStarPayment: (userId: number, chargeId: string) => Promise<unknown>,
  ): Promise<SubscriptionRefund | undefined> {
    const period = await this.#store.findPeriod(chargeId);
    if (!period) return undefined;
    if (period.status === 'refunded') return { kind: 'already_refunded' };
    try {
      await refundStarPayment(period.userId, chargeId);
    } catch (err) {
      const description = String((err as { description?: unknown }).description ?? (err as Error).message);
      if (!/CHARGE_ALREADY_REFUNDED/i.test(description)) return { kind: 'telegram_refused', description };
    }
    const out = await this.#store.refundPeriod(chargeId);
    if (out.kind === 'already_refunded') return { kind: 'already_refunded' };
    const expired = out.kind === 'refunded' ? out.expired : 0;
    this.#log.info({ chargeId, userId: period.userId, expired }, 'subscription payment refunded');
    return { kind: 'refunded', userId: period.userId, stars: period.stars, expired };
  }

  /** A refunded_payment Telegram made itself for a period: the period ends like an admin's refund. */
  async telegramRefund(chargeId: string): Promise<boolean> {
    const out = await this.#store.refundPeriod(chargeId);
    return out.kind === 'refunded';
  }

  stats(since: Date): Promise<SubscriptionStats> {
    return this.#store.stats(since);
  }
}
