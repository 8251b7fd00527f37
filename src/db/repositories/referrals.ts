/**
 * First-touch attribution (who or which campaign brought a user) and the referral program's
 * storage: personal codes, what a referrer's link brought, and the reward of a referee's paid top-up,
 * booked inside the top-up's own transaction (wallet repository's creditPayment).
 */
import { and, count, countDistinct, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type ReferralRules, referralReward } from '../../domain/referral.js';
import { utcDayStart } from '../../domain/utc-day.js';
import { ledgerKeys } from '../../domain/wallet.js';
import { type BotScope, MAIN_BOT_ID } from '../bot-scope.js';
import { changed, type Engine, first, type Tx } from '../engine.js';
import type { UserRecord } from '../records.js';
import type { ReferralCredit, RewardBooked, SpendBooked, SpendRefunded, WalletRepository } from './wallet.js';

/** A reward on a referee's spending (`referral:settle:...`, `referral:charge:...`), not a legacy top-up's. */
const SPEND_REWARD_PREFIXES = [
  ledgerKeys.referralSpend(ledgerKeys.settle('')),
  ledgerKeys.referralSpend(ledgerKeys.charge('')),
];
const isSpendReward = (key: string) => SPEND_REWARD_PREFIXES.some((prefix) => key.startsWith(prefix));
const isClawback = (key: string) => key.startsWith(ledgerKeys.referralClawback(''));

/** Stars as a number on both engines (PostgreSQL's sum() is a bigint, which arrives as a string). */
const starsSum = (column: Parameters<typeof sql>[1]) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The ledger kinds that make up what a customer bought: top-ups net of their refunds. */
export const BOUGHT_KINDS = ['topup', 'refund', 'refund_undo', 'telegram_refund'] as const;

export type Attribution = { referrerId: number } | { campaignId: number };

export interface InviteStats {
  /** People who joined through the link. */
  joined: number;
  /** Of them, those with at least one paid top-up. */
  paid: number;
  /** Referral Stars earned, net of rewards taken back. */
  earnedStars: number;
}

export interface ReferralTotals {
  /** Referral Stars granted, net of those taken back. */
  rewardStars: number;
  /** Customers who came through someone's referral link. */
  referredCustomers: number;
  /** Their paid top-ups (count and Stars, refunded ones included). */
  referredTopups: number;
  referredTopupStars: number;
}

export class ReferralsRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly wallet: Pick<WalletRepository, 'book' | 'pools' | 'balance'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** One referrer's rewards at a time; the main bot keeps its key of before (see walletLock). */
  #referralLock(referrerId: number): string {
    return this.scope.botId === MAIN_BOT_ID
      ? `referral:${referrerId}`
      : `referral:${this.scope.botId}:${referrerId}`;
  }

  get #t() {
    return this.engine.tables;
  }

  /**
   * Attaches a referrer or a campaign to the user, only from the update that created their row and
   * only once (one conditional UPDATE: a second replica handling the same update changes nothing).
   * Never the user themself as their referrer. True when attached now.
   */
  async attribute(userId: number, updateId: number, to: Attribution): Promise<boolean> {
    if ('referrerId' in to && to.referrerId === userId) return false;
    const { users } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .update(users)
        .set({
          attributedAt: new Date(this.now()),
          ...('referrerId' in to ? { referredBy: to.referrerId } : { campaignId: to.campaignId }),
        })
        .where(
          this.scope.where(
            users,
            eq(users.telegramId, userId),
            eq(users.createdUpdateId, updateId),
            isNull(users.attributedAt),
          ),
        )
        .returning({ id: users.telegramId }),
    );
    return changed(rows) === 1;
  }

  /** The user with this referral code. */
  async findByCode(code: string): Promise<UserRecord | undefined> {
    const { users } = this.#t;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(users)
          .where(this.scope.where(users, eq(users.referralCode, code))),
      ),
    );
  }

  /**
   * The user's referral code, made now (from `fresh`) if they have none; a code another user took
   * meanwhile (unique index) makes another try.
   */
  async codeOf(userId: number, fresh: () => string): Promise<string | undefined> {
    const { users } = this.#t;
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = first(
        await this.engine.run((db) =>
          db
            .select({ code: users.referralCode })
            .from(users)
            .where(this.scope.where(users, eq(users.telegramId, userId))),
        ),
      );
      if (!row) return undefined;
      if (row.code) return row.code;
      try {
        await this.engine.run((db) =>
          db
            .update(users)
            .set({ referralCode: fresh() })
            .where(this.scope.where(users, eq(users.telegramId, userId), isNull(users.referralCode))),
        );
      } catch {
        // Another user holds that code: the next attempt draws a new one.
      }
    }
    throw new Error(`could not give user ${userId} a referral code`);
  }

  async inviteStats(referrerId: number): Promise<InviteStats> {
    const { users, walletEntries: w } = this.#t;
    return this.engine.transaction(async ({ db }) => {
      const joined = first(
        await db
          .select({ n: count() })
          .from(users)
          .where(this.scope.where(users, eq(users.referredBy, referrerId))),
      );
      const paid = first(
        await db
          .select({ n: countDistinct(w.userId) })
          .from(w)
          .innerJoin(users, and(eq(users.botId, w.botId), eq(users.telegramId, w.userId)))
          .where(this.scope.where(w, eq(users.referredBy, referrerId), eq(w.kind, 'topup'))),
      );
      const earned = first(
        await db
          .select({ stars: starsSum(w.delta) })
          .from(w)
          .where(this.scope.where(w, eq(w.userId, referrerId), eq(w.kind, 'referral'))),
      );
      return {
        joined: Number(joined?.n ?? 0),
        paid: Number(paid?.n ?? 0),
        earnedStars: earned?.stars ?? 0,
      };
    });
  }

  /**
   * The referrer's reward for paid Stars a referee spent on a delivered result (issue 38): booked in
   * the transaction of the capture or late charge (wallet repository's settleOrder), under
   * `referral:<its key>`, so a capture replayed or redelivered rewards once. Only the paid part
   * counts (replaying the referee's ledger: granted Stars and a subscription's allowance earn
   * nothing), less any debt a refund left (a top-up refunded while this spending was held), so a
   * reward never rests on Stars a refund took or could still take back whole. The bonus comes
   * with the referee's first reward, the percentage within the window, within the referrer's daily
   * cap. The referrer's own lock serialises their rewards, so two replicas cannot both fill a day's cap.
   */
  async rewardSpend(tx: Tx, rules: ReferralRules, spend: SpendBooked): Promise<RewardBooked | undefined> {
    const { users, walletEntries: w } = this.#t;
    const referee = first(
      await tx.db
        .select({ referredBy: users.referredBy, joinedAt: users.createdAt })
        .from(users)
        .where(this.scope.where(users, eq(users.telegramId, spend.userId))),
    );
    const referrerId = referee?.referredBy;
    if (!referee || referrerId === null || referrerId === undefined || referrerId === spend.userId) {
      return undefined;
    }
    const pools = await this.wallet.pools(spend.userId, tx);
    // A paid pool below zero is a debt: a refund took paid Stars this spending (or an earlier one
    // still held) was drawing on, so that many of its paid Stars are no longer backed by a top-up.
    const unbacked = Math.max(0, -pools.paid);
    const paid = (pools.funded.get(spend.fundedBy)?.paid ?? 0) - unbacked;
    if (paid <= 0) return undefined;
    await tx.lock(this.#referralLock(referrerId));
    const now = this.now();
    const earlier = first(
      await tx.db
        .select({ n: count() })
        .from(w)
        .where(
          this.scope.where(
            w,
            eq(w.userId, referrerId),
            eq(w.kind, 'referral'),
            eq(w.note, String(spend.userId)),
            sql`${w.delta} > 0`,
          ),
        ),
    );
    const today = first(
      await tx.db
        .select({ stars: starsSum(w.delta) })
        .from(w)
        .where(
          this.scope.where(
            w,
            eq(w.userId, referrerId),
            eq(w.kind, 'referral'),
            gte(w.createdAt, new Date(utcDayStart(now))),
          ),
        ),
    );
    const stars = referralReward(rules, {
      stars: paid,
      firstPaid: Number(earlier?.n ?? 0) === 0,
      joinedAt: referee.joinedAt.getTime(),
      now,
      earnedToday: today?.stars ?? 0,
    });
    if (stars <= 0) return undefined;
    const key = ledgerKeys.referralSpend(spend.key);
    const booked = await this.wallet.book(
      {
        key,
        userId: referrerId,
        kind: 'referral',
        delta: stars,
        stars,
        // Not the referee's order id: the referrer's history must not lead to someone else's order.
        note: String(spend.userId),
      },
      tx,
    );
    if (!booked) return undefined;
    return { referrerId, stars, key, balance: await this.wallet.balance(referrerId, tx) };
  }

  /**
   * A refund took `spent` paid Stars the referee had already spent (their balance went below what
   * the refund took): the referrer gives back, in the refund's transaction, what that spending earned
   * them. The share taken back is that of the referee's paid Stars spent on delivered results which
   * the refund undid, applied to every spend reward the referee earned this referrer, rounded up;
   * never more than those rewards less what earlier refunds took back. Booked once under
   * `referral_clawback:<refund key>`; the referrer's balance may go below zero, like a refunded
   * customer's.
   */
  async clawBack(tx: Tx, refunded: SpendRefunded): Promise<ReferralCredit | undefined> {
    const { users, walletEntries: w } = this.#t;
    const referee = first(
      await tx.db
        .select({ referredBy: users.referredBy })
        .from(users)
        .where(this.scope.where(users, eq(users.telegramId, refunded.userId))),
    );
    const referrerId = referee?.referredBy;
    if (referrerId === null || referrerId === undefined || referrerId === refunded.userId) return undefined;
    await tx.lock(this.#referralLock(referrerId));
    const rewards = await tx.db
      .select({ key: w.key, delta: w.delta })
      .from(w)
      .where(
        this.scope.where(
          w,
          eq(w.userId, referrerId),
          eq(w.kind, 'referral'),
          eq(w.note, String(refunded.userId)),
        ),
      );
    const earned = rewards.filter((r) => isSpendReward(r.key)).reduce((sum, r) => sum + r.delta, 0);
    const takenBack = rewards.filter((r) => isClawback(r.key)).reduce((sum, r) => sum - r.delta, 0);
    const outstanding = earned - takenBack;
    if (earned <= 0 || outstanding <= 0) return undefined;
    const paidSpent = await this.#paidSpent(tx, refunded.userId);
    if (paidSpent <= 0) return undefined;
    const share = Math.min(refunded.spent, paidSpent);
    const stars = Math.min(outstanding, Math.ceil((earned * share) / paidSpent));
    const booked = await this.wallet.book(
      {
        key: ledgerKeys.referralClawback(refunded.refundKey),
        userId: referrerId,
        kind: 'referral',
        delta: -stars,
        stars,
        note: String(refunded.userId),
      },
      tx,
    );
    return booked ? { referrerId, stars } : undefined;
  }

  /** The paid Stars a customer spent on delivered results: each capture's and late charge's paid part. */
  async #paidSpent(tx: Tx, userId: number): Promise<number> {
    const { walletEntries: w } = this.#t;
    const spends = await tx.db
      .select({ key: w.key, kind: w.kind })
      .from(w)
      .where(this.scope.where(w, eq(w.userId, userId), inArray(w.kind, ['capture', 'charge'])));
    const { funded } = await this.wallet.pools(userId, tx);
    // A capture was paid by its hold (`settle:<hold key>`), a late charge by itself.
    const settlePrefix = ledgerKeys.settle('');
    return spends.reduce((sum, s) => {
      const fundedBy = s.kind === 'capture' ? s.key.slice(settlePrefix.length) : s.key;
      return sum + (funded.get(fundedBy)?.paid ?? 0);
    }, 0);
  }

  async totals(): Promise<ReferralTotals> {
    const { users, walletEntries: w } = this.#t;
    return this.engine.transaction(async ({ db }) => {
      const rewards = first(
        await db
          .select({ stars: starsSum(w.delta) })
          .from(w)
          .where(this.scope.where(w, eq(w.kind, 'referral'))),
      );
      const referred = first(
        await db
          .select({ n: count() })
          .from(users)
          .where(this.scope.where(users, isNotNull(users.referredBy))),
      );
      const topups = first(
        await db
          .select({ n: count(), stars: starsSum(w.stars) })
          .from(w)
          .innerJoin(users, and(eq(users.botId, w.botId), eq(users.telegramId, w.userId)))
          .where(this.scope.where(w, isNotNull(users.referredBy), inArray(w.kind, ['topup']))),
      );
      return {
        rewardStars: rewards?.stars ?? 0,
        referredCustomers: Number(referred?.n ?? 0),
        referredTopups: Number(topups?.n ?? 0),
        referredTopupStars: topups?.stars ?? 0,
      };
    });
  }
}
