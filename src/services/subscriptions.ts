/**
 * Stars subscriptions (SUBSCRIPTION_PLANS, BILLING=stars): the plans, their invoice links, the
 * payments of each period (first and renewals: the allowance credited once per charge id, on the
 * terms of the subscription's first payment), turning renewal off and on, the end of a subscription
 * whose renewal never came, and the refund of one period's payment. Telegram is reached only through
 * functions the caller hands in (the bot's api); admins through the `alert` callback.
 */
import { randomBytes } from 'node:crypto';
import {
  SUBSCRIPTION_SIGNAL_STATES,
  type SubscriptionPeriodRecord,
  type SubscriptionRecord,
  type SubscriptionSignalState,
  type SubscriptionStats,
  type SubscriptionsRepository,
  type WalletRepository,
} from '../db/index.js';
import { starsOfPayment } from '../domain/stars-payment.js';
import { namedPlanId, parsePlanPayload, planPayload, type SubscriptionPlan } from '../domain/subscription.js';
import { allowanceLeft } from '../domain/subscription-ledger.js';
import type { Logger } from '../logger.js';
import type { RefundStarPayment } from './wallet/star-refunds.js';

export type PlanCheckoutRefusal =
  | 'unknown_invoice'
  | 'other_user'
  | 'wrong_amount'
  | 'already_subscribed'
  | 'payment_pending';

/** What the admins are told about subscriptions (the caller raises them as admin alerts). */
export type SubscriptionAlert =
  /** A renewal paid another amount than its subscription's price: its allowance in proportion. */
  | {
      kind: 'subscription_amount_mismatch';
      userId: number;
      chargeId: string;
      expected: number;
      paid: number;
      allowance: number;
    }
  /** Telegram charges two plan links of one customer: both live (both shown, each with its Cancel). */
  | { kind: 'subscription_duplicate'; userId: number; chargeIds: string[] }
  /** Telegram refunded a period's payment itself: it ended, its spent allowance booked against them. */
  | { kind: 'telegram_refund'; userId: number; stars: number; chargeId: string; balance: number };

/** How long a plan checkout answered ok waits for its payment before another may pass. */
const CHECKOUT_PENDING_MS = 10 * 60_000;

export interface PlanInvoice {
  plan: SubscriptionPlan;
  payload: string;
  periodSeconds: number;
}

export interface PeriodNotice {
  /** Booked now (false: a redelivered payment): the customer is told only then. */
  credited: boolean;
  plan: SubscriptionPlan | undefined;
  /** The subscription's plan id (its plan may no longer be offered); null: its payment named none. */
  planId: string | null;
  allowance: number;
  balance: number;
  expiresAt: Date;
  renewal: boolean;
}

export interface SubscriptionStatus {
  /** The one to show: the newest live subscription, else the newest that ended. */
  subscription: SubscriptionRecord;
  plan: SubscriptionPlan | undefined;
  /** Allowance Stars still spendable in the paid periods. */
  allowanceLeft: number;
  /** Every live subscription, oldest first: one, or two if Telegram charged two plan links. */
  live: SubscriptionRecord[];
}

/** A subscription Telegram changed (SubscriptionsService.signal): the customer is told what it means. */
export interface SubscriptionSignalNotice {
  state: SubscriptionSignalState;
  subscription: SubscriptionRecord;
  /** Its plan, while it is still offered (a failed renewal is then paid again with its link). */
  plan: SubscriptionPlan | undefined;
}

export type SubscriptionRefund =
  | { kind: 'refunded'; userId: number; stars: number; expired: number; spent: number }
  | { kind: 'already_refunded' }
  | { kind: 'telegram_refused'; description: string };

export type PeriodRefundPreview =
  | { kind: 'refundable'; period: SubscriptionPeriodRecord; unspent: number; spent: number }
  | { kind: 'already_refunded' };

export class SubscriptionsService {
  readonly plans: readonly SubscriptionPlan[];
  readonly periodSeconds: number;
  readonly #store: SubscriptionsRepository;
  readonly #ledger: WalletRepository;
  readonly #log: Logger;
  readonly #graceMs: number;
  readonly #alert: (alert: SubscriptionAlert) => void;
  readonly #newLink: () => string;

  constructor(deps: {
    store: SubscriptionsRepository;
    ledger: WalletRepository;
    plans: readonly SubscriptionPlan[];
    periodSeconds: number;
    logger: Logger;
    /** How long after a period's end a renewal may still arrive before the subscription ends. */
    graceMs?: number;
    /** Tells the admins (AdminAlerts.raiseLater); never throws, never waits. */
    alert?: (alert: SubscriptionAlert) => void;
    /** A fresh tag for each invoice link's payload (tests pass their own). */
    newLink?: () => string;
  }) {
    this.plans = deps.plans;
    this.periodSeconds = deps.periodSeconds;
    this.#store = deps.store;
    this.#ledger = deps.ledger;
    this.#log = deps.logger.child({ component: 'subscriptions' });
    this.#graceMs = deps.graceMs ?? 60 * 60_000;
    this.#alert = deps.alert ?? (() => undefined);
    this.#newLink = deps.newLink ?? (() => randomBytes(6).toString('base64url'));
  }

  plan(id: string): SubscriptionPlan | undefined {
    return this.plans.find((p) => p.id === id);
  }

  /** True for a payload of a plan invoice (`s:`), whatever the plan. */
  isPlanPayload(payload: string): boolean {
    return parsePlanPayload(payload) !== undefined;
  }

  /**
   * What createInvoiceLink needs for `planId`, bought by `userId`: a payload of its own for each link,
   * so each subscription's renewals (which carry it) name that subscription.
   */
  invoice(userId: number, planId: string): PlanInvoice | undefined {
    const plan = this.plan(planId);
    return (
      plan && {
        plan,
        payload: planPayload(plan.id, userId, this.#newLink()),
        periodSeconds: this.periodSeconds,
      }
    );
  }

  /**
   * pre_checkout_query of a plan invoice: a plan we sell, at its price, for its buyer, who has no
   * active subscription and no other plan invoice paid but not credited yet (two links paid back to
   * back would make two subscriptions). An ok is recorded: the payment is awaited.
   */
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
    if (starsOfPayment(query) !== plan.priceStars) return { ok: false, reason: 'wrong_amount' };
    const approval = await this.#store.approveCheckout(query.userId, query.payload, CHECKOUT_PENDING_MS);
    if (approval === 'subscribed') return { ok: false, reason: 'already_subscribed' };
    if (approval === 'payment_pending') return { ok: false, reason: 'payment_pending' };
    return { ok: true };
  }

  /**
   * A successful_payment of a plan (is_first_recurring or is_recurring): the period and its allowance
   * are booked once per charge id. A first payment starts a subscription on the plan's terms as
   * configured now (its price is what it paid); a renewal credits its own subscription's terms, even
   * if the plan was repriced or withdrawn since (Telegram renews at its link's price), in proportion
   * if it paid another amount (the admins are told). A first payment for a plan no longer offered
   * credits its price as allowance.
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
    const outcome = await this.#store.recordPayment({
      chargeId: payment.chargeId,
      userId: payment.userId,
      planId: named?.planId ?? null,
      payload: payment.payload,
      stars: payment.stars,
      allowance: plan?.allowanceStars ?? payment.stars,
      expiresAt: payment.expiresAt,
      periodSeconds: this.periodSeconds,
      first: payment.first,
    });
    const credited = outcome.kind === 'credited';
    const { allowance } = outcome;
    const stored = outcome.subscription?.planId;
    const planId = stored === undefined ? (named?.planId ?? null) : namedPlanId(stored);
    this.#log.info(
      { userId: payment.userId, chargeId: payment.chargeId, allowance, first: payment.first, credited },
      credited ? 'subscription period credited' : 'subscription payment already credited',
    );
    if (credited) {
      const { subscription, others } = outcome;
      if (!payment.first && !(planId !== null && this.plan(planId))) {
        this.#log.warn(
          { userId: payment.userId, planId },
          'renewal of a plan no longer offered: its own terms',
        );
      }
      if (payment.first && !plan) {
        this.#log.error(
          { userId: payment.userId, chargeId: payment.chargeId, payload: payment.payload },
          'subscription payment for a plan we do not offer: its price credited as allowance',
        );
      }
      if (payment.stars !== subscription.priceStars) {
        this.#log.error(
          { userId: payment.userId, chargeId: payment.chargeId, expected: subscription.priceStars },
          'subscription payment of another amount than its price: allowance in proportion',
        );
        this.#alert({
          kind: 'subscription_amount_mismatch',
          userId: payment.userId,
          chargeId: payment.chargeId,
          expected: subscription.priceStars,
          paid: payment.stars,
          allowance,
        });
      }
      if (others.length > 0) {
        this.#log.error({ userId: payment.userId }, 'a customer has two live subscriptions');
        this.#alert({
          kind: 'subscription_duplicate',
          userId: payment.userId,
          chargeIds: [...others.map((o) => o.id), subscription.id],
        });
      }
    }
    return {
      credited,
      plan: planId === null ? undefined : this.plan(planId),
      planId,
      allowance,
      balance: outcome.balance,
      expiresAt: outcome.expiresAt,
      renewal: !payment.first,
    };
  }

  /**
   * Telegram's `subscription` update (Bot API 10.2): renewal turned off (`canceled`) or on again
   * (`active`) by the customer in Telegram, or the renewal's payment `failed`. Recorded once per
   * update id; what to tell the customer, or undefined when nothing changed (a redelivery, a state
   * it was already in, a payload naming no live subscription of theirs).
   */
  async signal(update: {
    updateId: number;
    userId: number;
    payload: string;
    state: string;
  }): Promise<SubscriptionSignalNotice | undefined> {
    const { updateId, userId, payload } = update;
    const state = SUBSCRIPTION_SIGNAL_STATES.find((known) => known === update.state);
    if (!state) {
      // A state this version does not know: recorded nowhere, changes nothing (liberal in what we take).
      this.#log.warn({ userId, state: update.state }, 'subscription update of an unknown state: ignored');
      return undefined;
    }
    const outcome = await this.#store.recordSignal({ updateId, userId, payload, state });
    this.#log.info({ userId, updateId, state, outcome: outcome.kind }, 'subscription update from Telegram');
    if (outcome.kind !== 'recorded' || !outcome.changed) return undefined;
    const { subscription } = outcome;
    return { state, subscription, plan: this.plan(subscription.planId) };
  }

  /** /subscription: the customer's subscription (active or ended), its plan and allowance left. */
  async status(userId: number): Promise<SubscriptionStatus | undefined> {
    const subscription = await this.#store.find(userId);
    if (!subscription) return undefined;
    await this.#ledger.expireAllowancesNow(userId);
    const pools = await this.#ledger.pools(userId);
    const live = await this.#store.live(userId);
    return { subscription, plan: this.plan(subscription.planId), allowanceLeft: allowanceLeft(pools), live };
  }

  /**
   * Cancel (renewal off) or resume the customer's live subscription number `which` (1 = the oldest;
   * there are two only if Telegram charged two of their plan links): Telegram first
   * (editUserStarSubscription with is_canceled), then our row; false when there is no such active
   * subscription to change (or it is already so).
   */
  async setRenewal(
    userId: number,
    cancel: boolean,
    edit: (userId: number, chargeId: string, isCanceled: boolean) => Promise<unknown>,
    which = 1,
  ): Promise<boolean> {
    const current = (await this.#store.live(userId))[which - 1];
    if (current?.state !== 'active' || current.cancelled === cancel) return false;
    // Turned off by the customer in Telegram: Telegram lets only them turn it on again.
    if (!cancel && current.cancelledInTelegram) return false;
    await edit(userId, current.chargeId, cancel);
    const changed = await this.#store.setCancelled(current.id, cancel);
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
    return { kind: 'refundable', period, unspent, spent: await this.#store.periodSpent(period) };
  }

  /** The charge ids of a customer's periods, newest first (a refund button names one by a tag). */
  async periodCharges(userId: number): Promise<string[]> {
    return (await this.#store.periodsOf(userId)).map((p) => p.chargeId);
  }

  /**
   * Refunds one period's payment: Telegram returns the Stars (a charge it already refunded counts as
   * done), then the period ends, its unspent allowance expires and what was spent of it is booked
   * against the customer, once (as for a top-up: their balance may go below zero).
   */
  async refund(
    chargeId: string,
    refundStarPayment: RefundStarPayment,
  ): Promise<SubscriptionRefund | undefined> {
    const period = await this.#store.findPeriod(chargeId);
    if (!period) return undefined;
    if (period.status === 'refunded') return { kind: 'already_refunded' };
    const call = await refundStarPayment(period.userId, chargeId);
    if (call.kind === 'failed') return { kind: 'telegram_refused', description: call.description };
    const out = await this.#store.refundPeriod(chargeId);
    if (out.kind === 'already_refunded') return { kind: 'already_refunded' };
    const expired = out.kind === 'refunded' ? out.expired : 0;
    const spent = out.kind === 'refunded' ? out.spent : 0;
    this.#log.info({ chargeId, userId: period.userId, expired, spent }, 'subscription payment refunded');
    return { kind: 'refunded', userId: period.userId, stars: period.stars, expired, spent };
  }

  /**
   * A refunded_payment Telegram made itself: for a period's payment, the period ends like an admin's
   * refund (its rest expires, what was spent is booked against the customer) and the admins are told,
   * once. False if `chargeId` is no period's (a top-up's refund is the wallet's).
   */
  async telegramRefund(chargeId: string): Promise<boolean> {
    const out = await this.#store.refundPeriod(chargeId);
    if (out.kind === 'unknown') return false;
    if (out.kind === 'refunded') {
      const { period, spent, balance } = out;
      this.#log.warn(
        { chargeId, userId: period.userId, spent, balance },
        'Telegram refunded a subscription payment',
      );
      this.#alert({ kind: 'telegram_refund', userId: period.userId, stars: period.stars, chargeId, balance });
    }
    return true;
  }

  stats(since: Date): Promise<SubscriptionStats> {
    return this.#store.stats(since);
  }
}
