/**
 * The customer's Stars wallet (BILLING=stars): balance and history, the hold at Confirm, its capture
 * or release when the order ends, top-up invoices and their payments, grants and refunds.
 *
 * Every step is booked in the ledger under a key that names its event (wallet repository), so a
 * step that runs again (a redelivered payment, a hook re-run after a crash) books nothing twice.
 */
import { randomBytes } from 'node:crypto';
import type { StarsBilling } from '../../config.js';
import type {
  ReferralCredit,
  RewardBooked,
  RewardClawback,
  RewardSpend,
  StarTopupRecord,
  Tx,
  WalletRepository,
  WalletTotals,
} from '../../db/index.js';
import { starsOfPayment } from '../../domain/stars-payment.js';
import { holdVerdict, ledgerKeys } from '../../domain/wallet.js';
import type { Logger } from '../../logger.js';
import type { OrderPipelineHooks, OrderRecord } from '../order-hooks.js';
import { type PriceRules, StarPricing } from './star-pricing.js';
import type { RefundStarPayment } from './star-refunds.js';

/** What admins may change live in the wallet (live settings); absent: the environment's values. */
export interface LiveWalletSettings extends PriceRules {
  welcomeStars: number;
  topupPacks: readonly number[];
}

/** What a pre_checkout_query may be refused for; each has a localized reason. */
export type CheckoutRefusal = 'unknown_invoice' | 'already_paid' | 'wrong_amount' | 'other_user';

/**
 * What one delivery of a successful payment does after booking it. `credited`: this delivery booked
 * the Stars (false: an earlier delivery of the same payment did).
 */
export type PaymentNotice =
  /** Exactly one delivery tells the customer (the first to get here after the credit, even after a crash). */
  | {
      kind: 'tell';
      credited: boolean;
      stars: number;
      balance: number;
      /** The draft the customer topped up for, if any. */
      orderId: string | null;
    }
  /** Another delivery tells (or told) them. */
  | { kind: 'silent'; credited: boolean };

/**
 * For /stats: the Stars side. Revenue and margin are not here: they come from the admin dashboard's
 * one rule (DashboardService.statsMoney, domain/money-result.ts), where granted Stars are no revenue.
 */
export interface WalletReport {
  totals: WalletTotals;
}

export type RefundResult =
  | { kind: 'refunded'; userId: number; stars: number }
  | { kind: 'unknown' }
  | { kind: 'already_refunded' }
  | { kind: 'spent'; userId: number; stars: number; balance: number; refundable: number }
  | { kind: 'telegram_refused'; description: string };

export type RefundPreview =
  | { kind: 'unknown' }
  | { kind: 'already_refunded' }
  | {
      kind: 'preview';
      topup: StarTopupRecord;
      refundable: number;
      /** A referral reward the refund takes back, and the referrer's balance after it. */
      reward?: { referrerId: number; stars: number; balanceAfter: number } | undefined;
    };

/** Invoice payloads are `t:<top-up id>`: short, opaque, and never a user's data. */
const PAYLOAD_PREFIX = 't:';

export class WalletService {
  readonly pricing: StarPricing;
  readonly ledger: WalletRepository;
  readonly #config: StarsBilling;
  readonly #log: Logger;
  readonly #rewardSpend: RewardSpend | undefined;
  readonly #rewardClawback: RewardClawback | undefined;
  readonly #rewardBooked: ((reward: RewardBooked) => void) | undefined;
  readonly #live: () => LiveWalletSettings;

  constructor(deps: {
    ledger: WalletRepository;
    config: StarsBilling;
    logger: Logger;
    /** The referral program's reward of paid Stars spent on a delivered result (absent: no rewards). */
    rewardSpend?: RewardSpend | undefined;
    /** The referral program's take-back of rewards earned on spending a refund undid (absent: none). */
    rewardClawback?: RewardClawback | undefined;
    /** Told of each reward a settlement booked, once its transaction committed (the referrer's notice). */
    rewardBooked?: ((reward: RewardBooked) => void) | undefined;
    /** The settings in effect now (prices, packs, welcome Stars), read on every use. */
    live?: () => LiveWalletSettings;
  }) {
    this.#config = deps.config;
    this.#rewardSpend = deps.rewardSpend;
    this.#rewardClawback = deps.rewardClawback;
    this.#rewardBooked = deps.rewardBooked;
    this.#live = deps.live ?? (() => deps.config);
    this.pricing = new StarPricing({ ...deps.config, rules: this.#live });
    this.ledger = deps.ledger;
    this.#log = deps.logger.child({ component: 'wallet' });
  }

  get topupPacks(): readonly number[] {
    return this.#live().topupPacks;
  }

  /** WELCOME_STARS now (live settings): what a new customer is given once. */
  get welcomeStars(): number {
    return this.#live().welcomeStars;
  }

  /** The spendable balance; the welcome bonus is credited first if this user never had it. */
  async balance(userId: number): Promise<number> {
    await this.ensureWelcome(userId);
    // A subscription period that has ended leaves no allowance in what the customer is shown.
    await this.ledger.expireAllowancesNow(userId);
    return this.ledger.balance(userId);
  }

  /** WELCOME_STARS, once per user (its key is the user id). True if credited now. */
  async ensureWelcome(userId: number, tx?: Tx): Promise<boolean> {
    const stars = this.#live().welcomeStars;
    if (stars <= 0) return false;
    return this.ledger.book(
      { key: ledgerKeys.welcome(userId), userId, kind: 'welcome', delta: stars, stars },
      tx,
    );
  }

  history(userId: number, limit = 8) {
    return this.ledger.history(userId, limit);
  }

  /** The smallest pack that covers `missing`; none does: exactly what is missing. */
  packFor(missing: number): number {
    return this.topupPacks.find((p) => p >= missing) ?? missing;
  }

  // ---------------------------------------------------------------- orders

  /** OrderingDeps.submissionHold: the price leaves the balance as the draft becomes `submitting`. */
  async holdForSubmission(tx: Tx, order: OrderRecord): Promise<void> {
    if (order.priceStars === null) throw new Error(`order ${order.id} has no price in Stars`);
    await this.ensureWelcome(order.userId, tx);
    await this.ledger.hold(tx, {
      userId: order.userId,
      orderId: order.id,
      idempotencyKey: order.idempotencyKey,
      stars: order.priceStars,
    });
  }

  /**
   * Every step of the pipeline settles from the order's state (holdVerdict): a submission upstream
   * refused frees its own hold only; a final failed/cancelled/lost order releases; a completed one
   * waits for its delivery, then captures (a file reached the chat) or releases (nothing did).
   */
  get hooks(): OrderPipelineHooks {
    return {
      onNotOrdered: (order) => this.settle(order.id),
      onFinalState: (order) => this.settle(order.id),
      onDelivered: (order) => this.settle(order.id),
    };
  }

  /** Settles the order's holds as its state says; `tx`: inside the state change that decided it. */
  async settle(orderId: string, tx?: Tx): Promise<void> {
    const { rewards, ...moved } = await this.ledger.settleOrder(orderId, holdVerdict, tx, this.#rewardSpend);
    if (moved.captured + moved.released + moved.charged > 0) {
      this.#log.info({ orderId, ...moved }, 'stars settled');
    }
    if (rewards.length === 0) return;
    // A reward is told only once its capture is committed: settleOrder's own transaction has; a
    // caller's may still roll back (captures follow a recorded delivery, outside such transactions).
    if (tx) {
      this.#log.warn({ orderId, rewards }, 'referral reward booked inside a caller transaction: not told');
      return;
    }
    for (const reward of rewards) this.#rewardBooked?.(reward);
  }

  /**
   * Start-up and periodic (one replica): settles every order whose Stars are not where its state
   * says: holds of a submission that is no longer live (a crash or a failure between a state change
   * and its settlement), outcomes recorded but never settled. Returns how many orders it looked at.
   */
  async sweep(): Promise<number> {
    const ids = await this.ledger.ordersToSettle();
    for (const id of ids) {
      try {
        await this.settle(id);
      } catch (err) {
        this.#log.error({ orderId: id, err }, 'could not settle an order: next sweep retries');
      }
    }
    return ids.length;
  }

  /** What an order cost in the end: Stars captured and Stars given back. */
  settlementsOf(orderId: string): Promise<{ captured: number; released: number }> {
    return this.ledger.settlementsOf(orderId);
  }

  // ---------------------------------------------------------------- top-ups

  /** A pending invoice row; its payload goes into sendInvoice. */
  async createTopup(
    userId: number,
    chatId: number,
    stars: number,
    orderId: string | null,
  ): Promise<{ payload: string }> {
    const id = randomBytes(12).toString('base64url');
    await this.ledger.createTopup({ id, userId, chatId, stars, orderId });
    return { payload: `${PAYLOAD_PREFIX}${id}` };
  }

  /** pre_checkout_query: ok only for our own unpaid invoice, for its buyer, at its amount. */
  async checkCheckout(query: {
    payload: string;
    userId: number;
    currency: string;
    totalAmount: number;
  }): Promise<{ ok: true } | { ok: false; reason: CheckoutRefusal }> {
    const topup = await this.#topupOf(query.payload);
    if (!topup) return { ok: false, reason: 'unknown_invoice' };
    if (topup.userId !== query.userId) return { ok: false, reason: 'other_user' };
    if (topup.status !== 'pending') return { ok: false, reason: 'already_paid' };
    if (starsOfPayment(query) !== topup.stars) return { ok: false, reason: 'wrong_amount' };
    return { ok: true };
  }

  /**
   * successful_payment: the Stars are booked once under the charge id, whatever the invoice row
   * says (Telegram took the customer's Stars; a payload we no longer know is credited and logged).
   */
  async creditPayment(payment: {
    chargeId: string;
    userId: number;
    stars: number;
    payload: string;
  }): Promise<PaymentNotice> {
    const named = await this.#topupOf(payment.payload);
    // An invoice is paid only by its own user: a payload naming another user's invoice credits the
    // payer (Telegram took their Stars) and leaves that invoice as it was.
    const topup = named?.userId === payment.userId ? named : undefined;
    if (!topup) {
      this.#log.error(
        { userId: payment.userId, stars: payment.stars, chargeId: payment.chargeId, otherUser: !!named },
        named
          ? "payment names another user's invoice: credited, invoice untouched"
          : 'payment for an unknown invoice: credited anyway',
      );
    }
    const outcome = await this.ledger.creditPayment({
      chargeId: payment.chargeId,
      userId: payment.userId,
      stars: payment.stars,
      topupId: topup?.id,
    });
    const credited = outcome.kind === 'credited';
    this.#log.info(
      { userId: payment.userId, stars: payment.stars, chargeId: payment.chargeId, credited },
      credited ? 'stars credited' : 'payment already credited',
    );
    // Told once: the first delivery that gets here after the credit (also after a crash in between).
    const tell = topup ? await this.ledger.claimNotification(topup.id) : credited;
    if (!tell) return { kind: 'silent', credited };
    return {
      kind: 'tell',
      credited,
      stars: payment.stars,
      balance: outcome.balance,
      orderId: outcome.topup?.orderId ?? null,
    };
  }

  /**
   * refunded_payment: Telegram returned a payment's Stars to the customer. Booked once (the balance
   * may go below zero) unless the bot made this refund itself; defined when booked now (admins are
   * told). Stars already spent that it books against the customer take back, in the same transaction,
   * the referral rewards that spending earned (`clawedBack`).
   */
  async telegramRefund(refund: {
    chargeId: string;
    userId: number;
    stars: number;
  }): Promise<{ balance: number; clawedBack: ReferralCredit | undefined } | undefined> {
    const booked = await this.ledger.bookTelegramRefund(refund, this.#rewardClawback);
    if (booked) {
      const { balance, clawedBack } = booked;
      this.#log.warn({ ...refund, balance, clawedBack }, 'payment refunded by Telegram: booked');
    }
    return booked;
  }

  async #topupOf(payload: string): Promise<StarTopupRecord | undefined> {
    if (!payload.startsWith(PAYLOAD_PREFIX)) return undefined;
    return this.ledger.findTopup(payload.slice(PAYLOAD_PREFIX.length));
  }

  // ---------------------------------------------------------------- admin

  async report(): Promise<WalletReport> {
    return { totals: await this.ledger.totals() };
  }

  /** `key` names the admin's command (its chat and message), so a redelivered update grants once. */
  grant(grant: {
    userId: number;
    stars: number;
    actorId: number;
    reason: string | null;
    key: string;
  }): Promise<boolean> {
    return this.ledger.book({
      key: ledgerKeys.grant(grant.key),
      userId: grant.userId,
      kind: 'grant',
      delta: grant.stars,
      stars: grant.stars,
      actorId: grant.actorId,
      note: grant.reason,
    });
  }

  /**
   * What /refund shows before refunding: the top-up and how much of it is still refundable (what is
   * left of the customer's paid Stars, up to the top-up; Telegram refunds a payment whole).
   */
  async refundPreview(chargeId: string): Promise<RefundPreview> {
    const topup = await this.ledger.findTopupByCharge(chargeId);
    if (!topup) return { kind: 'unknown' };
    if (topup.status === 'refunded') return { kind: 'already_refunded' };
    const paid = await this.ledger.paidBalance(topup.userId);
    const reward = await this.ledger.topupReward(chargeId);
    return {
      kind: 'preview',
      topup,
      refundable: Math.max(0, Math.min(topup.stars, paid)),
      reward: reward && {
        referrerId: reward.referrerId,
        stars: reward.stars,
        balanceAfter: reward.balance - reward.stars,
      },
    };
  }

  /** The paid invoice behind a refund button (its id is shorter than a charge id). */
  async chargeOfTopup(topupId: string): Promise<string | undefined> {
    return (await this.ledger.findTopup(topupId))?.chargeId ?? undefined;
  }

  /**
   * Refunds a top-up: the Stars leave the wallet first (refused if the customer spent any of them),
   * then Telegram returns them; if Telegram refuses, they come back to the wallet.
   */
  async refund(
    chargeId: string,
    actorId: number,
    refundStarPayment: RefundStarPayment,
  ): Promise<RefundResult> {
    const start = await this.ledger.beginRefund(chargeId, actorId);
    if (start.kind === 'unknown') return { kind: 'unknown' };
    if (start.kind === 'already_refunded') return { kind: 'already_refunded' };
    const { topup } = start;
    if (start.kind === 'spent') {
      const { balance, refundable } = start;
      return { kind: 'spent', userId: topup.userId, stars: topup.stars, balance, refundable };
    }
    const call = await refundStarPayment(topup.userId, chargeId);
    if (call.kind === 'failed') {
      await this.ledger.undoRefund(chargeId, start.attempt);
      this.#log.warn(
        { chargeId, description: call.description },
        'refund refused by Telegram: stars returned to the wallet',
      );
      return { kind: 'telegram_refused', description: call.description };
    }
    await this.ledger.finishRefund(chargeId);
    this.#log.info({ chargeId, userId: topup.userId, stars: topup.stars, actorId }, 'top-up refunded');
    return { kind: 'refunded', userId: topup.userId, stars: topup.stars };
  }
}
