/**
 * Stars subscriptions: one row per subscriber (the plan, the period paid last, auto-renewal off or
 * on) and one per paid period (its Telegram charge id). A period's payment books the row and the
 * allowance (`sub:<charge>`) in one transaction under the customer's wallet lock, so a renewal
 * delivered twice, by two replicas or after a crash, credits once. The allowance expires through
 * WalletRepository.expireAllowances (at every spend, and the periodic job).
 */
import { and, count, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import { subscriptionKeys } from '../../domain/subscription.js';
import { changed, type Engine, first } from '../engine.js';
import type { SubscriptionPeriodRecord, SubscriptionRecord } from '../records.js';
import { type WalletRepository, walletLock } from './wallet.js';

export interface PeriodPayment {
  chargeId: string;
  userId: number;
  planId: string;
  stars: number;
  allowance: number;
  /** subscription_expiration_date; when Telegram leaves it out, `periodSeconds` from now (store clock). */
  expiresAt: Date | undefined;
  periodSeconds: number;
  /** is_first_recurring (else is_recurring: a renewal). */
  first: boolean;
}

export type PeriodOutcome =
  | { kind: 'credited'; balance: number; subscription: SubscriptionRecord; expiresAt: Date }
  | { kind: 'duplicate'; balance: number; subscription: SubscriptionRecord | undefined; expiresAt: Date };

export type PeriodRefund =
  | { kind: 'refunded'; period: SubscriptionPeriodRecord; expired: number }
  | { kind: 'already_refunded'; period: SubscriptionPeriodRecord }
  | { kind: 'unknown' };

export interface SubscriptionStats {
  /** Active subscribers per plan id. */
  activeByPlan: Record<string, number>;
  /** Stars paid for periods, net of refunded ones. */
  revenueStars: number;
  /** Periods paid (renewals included) and refunded. */
  paidPeriods: number;
  refundedPeriods: number;
  /** Subscribers who turned renewal off since `since`. */
  cancelledSince: number;
}

export class SubscriptionsRepository {
  constructor(
    private readonly engine: Engine,
    private readonly wallet: WalletRepository,
    private readonly now: () => number = Date.now,
  ) {}

  get #t() {
    return this.engine.tables;
  }

  /**
   * A paid period (first payment or renewal): the period row, its allowance and the subscriber's row,
   * once per charge id. The subscriber's row moves to this period only if it ends later than the one
   * it shows (a late duplicate of an old renewal changes nothing).
   */
  recordPayment(payment: PeriodPayment): Promise<PeriodOutcome> {
    const { subscriptionPeriods: p, subscriptions: s } = this.#t;
    return this.engine.transaction(async (tx) => {
      await tx.lock(walletLock(payment.userId));
      const now = new Date(this.now());
      const expiresAt = payment.expiresAt ?? new Date(now.getTime() + payment.periodSeconds * 1000);
      const inserted = await tx.db
        .insert(p)
        .values({
          chargeId: payment.chargeId,
          userId: payment.userId,
          planId: payment.planId,
          stars: payment.stars,
          allowance: payment.allowance,
          startsAt: now,
          endsAt: expiresAt,
          status: 'paid',
          first: payment.first,
        })
        .onConflictDoNothing({ target: p.chargeId })
        .returning({ chargeId: p.chargeId });
      if (changed(inserted) === 0) {
        const subscription = first(await tx.db.select().from(s).where(eq(s.userId, payment.userId)));
        const period = first(await tx.db.select().from(p).where(eq(p.chargeId, payment.chargeId)));
        return {
          kind: 'duplicate',
          balance: await this.wallet.balance(payment.userId, tx),
          subscription,
          expiresAt: period?.endsAt ?? expiresAt,
        };
      }
      await this.wallet.book(
        {
          key: subscriptionKeys.allowance(payment.chargeId),
          userId: payment.userId,
          kind: 'allowance',
          delta: payment.allowance,
          stars: payment.allowance,
          chargeId: payment.chargeId,
          note: payment.planId,
        },
        tx,
      );
      const current = first(await tx.db.select().from(s).where(eq(s.userId, payment.userId)));
      const fresh = {
        planId: payment.planId,
        state: 'active' as const,
        chargeId: payment.chargeId,
        expiresAt,
      };
      if (!current) {
        await tx.db.insert(s).values({ userId: payment.userId, ...fresh, cancelled: false, startedAt: now });
      } else if (current.state === 'ended' || payment.first) {
        // A new subscription in place of one that ended (or a first payment after a cancel).
        await tx.db
          .update(s)
          .set({
            ...fresh,
            cancelled: false,
            startedAt: now,
            cancelledAt: null,
            endedAt: null,
            endNotifiedAt: null,
          })
          .where(eq(s.userId, payment.userId));
      } else if (current.expiresAt.getTime() < expiresAt.getTime()) {
        await tx.db.update(s).set(fresh).where(eq(s.userId, payment.userId));
      }
      if (!payment.first) {
        // Telegram charges a renewal when the paid period ends: the earlier periods end here at the
        // latest (the bot's clock may lag Telegram's), so their rest expires now, not later.
        await tx.db
          .update(p)
          .set({ endsAt: now })
          .where(
            and(eq(p.userId, payment.userId), sql`${p.chargeId} <> ${payment.chargeId}`, gt(p.endsAt, now)),
          );
      }
      // The previous period may have ended already: its rest expires before anything spends it.
      await this.wallet.expireAllowances(tx, payment.userId);
      const subscription = first(await tx.db.select().from(s).where(eq(s.userId, payment.userId)))!;
      return {
        kind: 'credited',
        balance: await this.wallet.balance(payment.userId, tx),
        subscription,
        expiresAt,
      };
    });
  }

  async find(userId: number): Promise<SubscriptionRecord | undefined> {
    const { subscriptions: s } = this.#t;
    return first(await this.engine.run((db) => db.select().from(s).where(eq(s.userId, userId))));
  }

  async findPeriod(chargeId: string): Promise<SubscriptionPeriodRecord | undefined> {
    const { subscriptionPeriods: p } = this.#t;
    return first(await this.engine.run((db) => db.select().from(p).where(eq(p.chargeId, chargeId))));
  }

  /** Periods paid, newest first (reconciliation, the customer card). */
  periodsOf(userId: number): Promise<SubscriptionPeriodRecord[]> {
    const { subscriptionPeriods: p } = this.#t;
    return this.engine.run((db) =>
      db.select().from(p).where(eq(p.userId, userId)).orderBy(sql`${p.endsAt} desc`),
    );
  }

  /** Every period paid (reconciliation with Telegram's transactions). */
  allPeriods(): Promise<SubscriptionPeriodRecord[]> {
    const { subscriptionPeriods: p } = this.#t;
    return this.engine.run((db) => db.select().from(p));
  }

  /** Auto-renewal off (true) or on again; true if the row changed now. */
  async setCancelled(userId: number, cancelled: boolean): Promise<boolean> {
    const { subscriptions: s } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .update(s)
        .set({ cancelled, cancelledAt: cancelled ? new Date(this.now()) : null })
        .where(and(eq(s.userId, userId), eq(s.state, 'active'), eq(s.cancelled, !cancelled)))
        .returning({ userId: s.userId }),
    );
    return changed(rows) === 1;
  }

  /** Active subscriptions whose paid period ended at least `graceMs` ago with no renewal. */
  async lapsed(graceMs: number, limit = 200): Promise<SubscriptionRecord[]> {
    const { subscriptions: s } = this.#t;
    const before = new Date(this.now() - graceMs);
    return this.engine.run((db) =>
      db
        .select()
        .from(s)
        .where(and(eq(s.state, 'active'), lte(s.expiresAt, before)))
        .limit(limit),
    );
  }

  /**
   * Ends a subscription whose renewal never came (still showing `chargeId`, so a renewal booked
   * meanwhile keeps it), and expires that period's rest. True for exactly one caller: the one that
   * tells the customer.
   */
  end(userId: number, chargeId: string): Promise<boolean> {
    const { subscriptions: s } = this.#t;
    return this.engine.transaction(async (tx) => {
      await tx.lock(walletLock(userId));
      const rows = await tx.db
        .update(s)
        .set({ state: 'ended', endedAt: new Date(this.now()), endNotifiedAt: new Date(this.now()) })
        .where(and(eq(s.userId, userId), eq(s.chargeId, chargeId), eq(s.state, 'active')))
        .returning({ userId: s.userId });
      await this.wallet.expireAllowances(tx, userId, true);
      return changed(rows) === 1;
    });
  }

  /**
   * The period's payment was refunded: it ends now (if not ended yet) and its unspent allowance
   * expires once (`sub_expire:<charge>`, the same key as at the period's end). The subscription ends
   * with it when this was the period it shows.
   */
  refundPeriod(chargeId: string): Promise<PeriodRefund> {
    const { subscriptionPeriods: p, subscriptions: s } = this.#t;
    return this.engine.transaction(async (tx): Promise<PeriodRefund> => {
      const found = first(await tx.db.select().from(p).where(eq(p.chargeId, chargeId)));
      if (!found) return { kind: 'unknown' };
      await tx.lock(walletLock(found.userId));
      const period = first(await tx.db.select().from(p).where(eq(p.chargeId, chargeId)))!;
      if (period.status === 'refunded') return { kind: 'already_refunded', period };
      const now = new Date(this.now());
      const endsAt = period.endsAt.getTime() < now.getTime() ? period.endsAt : now;
      await tx.db.update(p).set({ status: 'refunded', endsAt }).where(eq(p.chargeId, chargeId));
      await tx.db
        .update(s)
        .set({ state: 'ended', endedAt: now, expiresAt: endsAt })
        .where(and(eq(s.chargeId, chargeId), eq(s.state, 'active')));
      const expired = await this.wallet.expireAllowances(tx, found.userId, true);
      return { kind: 'refunded', period: { ...period, status: 'refunded', endsAt }, expired };
    });
  }

  async stats(since: Date): Promise<SubscriptionStats> {
    const { subscriptions: s, subscriptionPeriods: p } = this.#t;
    const active = await this.engine.run((db) =>
      db.select({ planId: s.planId, n: count() }).from(s).where(eq(s.state, 'active')).groupBy(s.planId),
    );
    const periods = await this.engine.run((db) =>
      db
        .select({
          status: p.status,
          n: count(),
          stars: sql<number>`coalesce(sum(${p.stars}), 0)`.mapWith(Number),
        })
        .from(p)
        .groupBy(p.status),
    );
    const [cancelled] = await this.engine.run((db) =>
      db
        .select({ n: count() })
        .from(s)
        .where(and(eq(s.cancelled, true), gte(s.cancelledAt, since))),
    );
    const paid = periods.find((r) => r.status === 'paid');
    const refunded = periods.find((r) => r.status === 'refunded');
    return {
      activeByPlan: Object.fromEntries(active.map((r) => [r.planId, Number(r.n)])),
      revenueStars: paid?.stars ?? 0,
      paidPeriods: Number(paid?.n ?? 0) + Number(refunded?.n ?? 0),
      refundedPeriods: Number(refunded?.n ?? 0),
      cancelledSince: Number(cancelled?.n ?? 0),
    };
  }

  /** Subscribers whose period ended with allowance possibly left: the periodic expiry sweep. */
  async usersWithEndedPeriods(limit = 500): Promise<number[]> {
    const { subscriptionPeriods: p, walletEntries: w } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .selectDistinct({ userId: p.userId })
        .from(p)
        .where(
          and(
            lt(p.endsAt, new Date(this.now() + 1)),
            sql`not exists (select 1 from ${w} x where x.key = 'sub_expire:' || ${p.chargeId})`,
          ),
        )
        .limit(limit),
    );
    return rows.map((r) => r.userId);
  }
}
