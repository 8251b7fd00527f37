/**
 * Stars subscriptions: one row per subscription (the chain of charges Telegram makes for one paid
 * plan link, named by its first charge, keeping the terms of its first payment) and one per paid
 * period (its Telegram charge id). A period's payment books the row and the allowance
 * (`sub:<charge>`) in one transaction under the customer's wallet lock, so a renewal delivered twice,
 * by two replicas or after a crash, credits once. The allowance expires through
 * WalletRepository.expireAllowances (at every spend, and the periodic job).
 *
 * Every row read or written is the store's bot's (BotScope): the same Telegram user, plan payload
 * and charge id in another bot are another customer's subscription, period and checkout.
 */
import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  periodAllowance,
  planPayload,
  subscriptionKeys,
  UNNAMED_PLAN_ID,
} from '../../domain/subscription.js';
import type { BotScope } from '../bot-scope.js';
import { changed, type Engine, first, type Tx, within } from '../engine.js';
import type { SubscriptionPeriodRecord, SubscriptionRecord, SubscriptionSignalState } from '../records.js';
import { type WalletRepository, walletLock } from './wallet.js';

export interface PeriodPayment {
  chargeId: string;
  userId: number;
  /** null: the payload named no plan we could read (stored as UNNAMED_PLAN_ID). */
  planId: string | null;
  /** The invoice payload: a renewal finds its subscription by it (default: `s:<plan>:<user>`). */
  payload?: string;
  stars: number;
  /**
   * The allowance of the plan as configured now: a subscription this payment starts keeps it, with
   * `stars` as its price and `periodSeconds` as its period. A renewal credits its subscription's terms.
   */
  allowance: number;
  /** subscription_expiration_date; when Telegram leaves it out, the period from now (store clock). */
  expiresAt: Date | undefined;
  periodSeconds: number;
  /** is_first_recurring (else is_recurring: a renewal). */
  first: boolean;
}

export type PeriodOutcome =
  | {
      kind: 'credited';
      balance: number;
      subscription: SubscriptionRecord;
      expiresAt: Date;
      /** The allowance credited for this period. */
      allowance: number;
      /** The customer's other live subscriptions (Telegram charging two plan links of theirs). */
      others: SubscriptionRecord[];
    }
  | {
      kind: 'duplicate';
      balance: number;
      subscription: SubscriptionRecord | undefined;
      expiresAt: Date;
      allowance: number;
    };

export type PeriodRefund =
  | {
      kind: 'refunded';
      period: SubscriptionPeriodRecord;
      expired: number;
      /** The period's allowance already spent, booked against the customer now. */
      spent: number;
      balance: number;
    }
  | { kind: 'already_refunded'; period: SubscriptionPeriodRecord }
  | { kind: 'unknown' };

/** Telegram's `subscription` update, as recordSignal takes it. */
export interface SubscriptionSignal {
  updateId: number;
  userId: number;
  payload: string;
  state: SubscriptionSignalState;
}

export type SignalOutcome =
  /** This update id was recorded before: nothing changes, nobody is told again. */
  | { kind: 'duplicate' }
  /** Recorded; its payload names no live subscription of this customer's. */
  | { kind: 'unknown' }
  /** Recorded; `changed`: the subscription's row moved now (the customer is told only then). */
  | { kind: 'recorded'; subscription: SubscriptionRecord; changed: boolean };

/** What a plan checkout may do now (SubscriptionsRepository.approveCheckout). */
export type CheckoutApproval = 'approved' | 'subscribed' | 'payment_pending';

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
    readonly scope: BotScope,
    private readonly wallet: WalletRepository,
    private readonly now: () => number = Date.now,
  ) {}

  get #t() {
    return this.engine.tables;
  }

  /**
   * A paid period (first payment or renewal): the period row, its allowance and its subscription's
   * row, once per charge id. A first payment starts a subscription with its own terms; a renewal
   * credits the terms of the subscription its payload names (in proportion if it paid another
   * amount), moves that row to this period only if it ends later than the one it shows (a late
   * duplicate of an old renewal changes nothing) and ends that subscription's earlier periods only.
   */
  recordPayment(payment: PeriodPayment): Promise<PeriodOutcome> {
    const { subscriptionPeriods: p, subscriptions: s, subscriptionCheckouts: c } = this.#t;
    const planId = payment.planId ?? UNNAMED_PLAN_ID;
    const payload = payment.payload ?? planPayload(planId, payment.userId);
    return this.engine.transaction(async (tx): Promise<PeriodOutcome> => {
      await tx.lock(walletLock(this.scope, payment.userId));
      const now = new Date(this.now());
      const seen = first(
        await tx.db
          .select()
          .from(p)
          .where(this.scope.where(p, eq(p.chargeId, payment.chargeId))),
      );
      if (seen) {
        const subscription = first(
          await tx.db
            .select()
            .from(s)
            .where(this.scope.where(s, eq(s.id, seen.subscriptionId))),
        );
        return {
          kind: 'duplicate',
          balance: await this.wallet.balance(payment.userId, tx),
          subscription,
          expiresAt: seen.endsAt,
          allowance: seen.allowance,
        };
      }
      // A renewal's subscription: the one of this customer its payload names, a live one first.
      const chain = payment.first
        ? undefined
        : first(
            await tx.db
              .select()
              .from(s)
              .where(this.scope.where(s, eq(s.userId, payment.userId), eq(s.payload, payload)))
              .orderBy(sql`case when ${s.state} = 'active' then 0 else 1 end`, desc(s.startedAt))
              .limit(1),
          );
      const known = chain !== undefined && chain.priceStars > 0;
      const terms = known
        ? {
            priceStars: chain.priceStars,
            allowanceStars: chain.allowanceStars,
            periodSeconds: chain.periodSeconds,
          }
        : {
            priceStars: payment.stars,
            allowanceStars: payment.allowance,
            periodSeconds: payment.periodSeconds,
          };
      const allowance = periodAllowance(terms, payment.stars);
      const expiresAt = payment.expiresAt ?? new Date(now.getTime() + terms.periodSeconds * 1000);
      const subscriptionId = chain?.id ?? payment.chargeId;
      await tx.db.insert(p).values(
        this.scope.row({
          chargeId: payment.chargeId,
          userId: payment.userId,
          subscriptionId,
          planId: chain?.planId ?? planId,
          stars: payment.stars,
          allowance,
          startsAt: now,
          endsAt: expiresAt,
          status: 'paid',
          first: payment.first,
        }),
      );
      if (allowance > 0) {
        await this.wallet.book(
          {
            key: subscriptionKeys.allowance(payment.chargeId),
            userId: payment.userId,
            kind: 'allowance',
            delta: allowance,
            stars: allowance,
            chargeId: payment.chargeId,
            note: chain?.planId ?? planId,
          },
          tx,
        );
      }
      if (!chain) {
        await tx.db.insert(s).values(
          this.scope.row({
            id: subscriptionId,
            userId: payment.userId,
            payload,
            planId,
            ...terms,
            state: 'active',
            cancelled: false,
            chargeId: payment.chargeId,
            expiresAt,
            startedAt: now,
          }),
        );
        // Its checkout is no longer waiting for its payment.
        await tx.db
          .delete(c)
          .where(this.scope.where(c, eq(c.userId, payment.userId), eq(c.payload, payload)));
        // The plan paid again after a failed renewal (the way the customer was offered to keep it):
        // the subscription that failed ends here, so one plan is live, not two.
        await tx.db
          .update(s)
          .set({ state: 'ended', endedAt: now, endNotifiedAt: now })
          .where(
            this.scope.where(
              s,
              eq(s.userId, payment.userId),
              eq(s.state, 'active'),
              isNotNull(s.renewalFailedAt),
              sql`${s.id} <> ${subscriptionId}`,
            ),
          );
      } else {
        const moves = chain.state === 'ended' || chain.expiresAt.getTime() < expiresAt.getTime();
        const change = {
          ...(known ? {} : terms),
          ...(moves && { chargeId: payment.chargeId, expiresAt }),
          // Paid after all: a failure Telegram reported before is over.
          ...(chain.renewalFailedAt !== null && { renewalFailedAt: null }),
          // Telegram charged it again: a subscription we had ended (its renewal came late) lives on.
          ...(chain.state === 'ended' && {
            state: 'active' as const,
            cancelled: false,
            cancelledAt: null,
            endedAt: null,
            endNotifiedAt: null,
          }),
        };
        if (Object.keys(change).length > 0)
          await tx.db
            .update(s)
            .set(change)
            .where(this.scope.where(s, eq(s.id, chain.id)));
        // Telegram charges a renewal when the paid period ends: this subscription's earlier periods
        // end here at the latest (the bot's clock may lag Telegram's), so their rest expires now, not
        // later. Another subscription's periods are left alone.
        await tx.db
          .update(p)
          .set({ endsAt: now })
          .where(
            this.scope.where(
              p,
              eq(p.subscriptionId, chain.id),
              sql`${p.chargeId} <> ${payment.chargeId}`,
              gt(p.endsAt, now),
            ),
          );
      }
      // The previous period may have ended already: its rest expires before anything spends it.
      await this.wallet.expireAllowances(tx, payment.userId);
      const live = await tx.db
        .select()
        .from(s)
        .where(this.scope.where(s, eq(s.userId, payment.userId), eq(s.state, 'active')))
        .orderBy(asc(s.startedAt), asc(s.id));
      const subscription = first(
        await tx.db
          .select()
          .from(s)
          .where(this.scope.where(s, eq(s.id, subscriptionId))),
      )!;
      return {
        kind: 'credited',
        balance: await this.wallet.balance(payment.userId, tx),
        subscription,
        expiresAt,
        allowance,
        others: live.filter((x) => x.id !== subscriptionId),
      };
    });
  }

  /**
   * A plan checkout (pre_checkout_query) for `payload`: refused while the customer has an active
   * subscription, or another plan checkout answered ok within `pendingMs` whose payment is not
   * credited yet; otherwise it is recorded as waiting for its payment. Under the wallet lock, so two
   * checkouts at once (two replicas) can't both pass.
   */
  approveCheckout(userId: number, payload: string, pendingMs: number): Promise<CheckoutApproval> {
    const { subscriptions: s, subscriptionCheckouts: c } = this.#t;
    return this.engine.transaction(async (tx): Promise<CheckoutApproval> => {
      await tx.lock(walletLock(this.scope, userId));
      const now = new Date(this.now());
      const active = first(
        await tx.db
          .select({ id: s.id })
          .from(s)
          // One whose renewal failed does not: paying its plan again is how the customer keeps it.
          .where(this.scope.where(s, eq(s.userId, userId), eq(s.state, 'active'), isNull(s.renewalFailedAt)))
          .limit(1),
      );
      if (active) return 'subscribed';
      const waiting = first(
        await tx.db
          .select()
          .from(c)
          .where(this.scope.where(c, eq(c.userId, userId))),
      );
      if (
        waiting &&
        waiting.payload !== payload &&
        waiting.approvedAt.getTime() > now.getTime() - pendingMs
      ) {
        return 'payment_pending';
      }
      await tx.db
        .insert(c)
        .values(this.scope.row({ userId, payload, approvedAt: now }))
        .onConflictDoUpdate({ target: [c.botId, c.userId], set: { payload, approvedAt: now } });
      return 'approved';
    });
  }

  /**
   * Telegram's `subscription` update for the customer's subscription its payload names (a live one
   * first): `canceled` (renewal turned off in Telegram), `active` (turned on again there), `failed`
   * (the renewal's payment did not go through). Recorded once per update id in the same transaction
   * as the change, so a redelivered update changes nothing and is told to nobody.
   */
  recordSignal(signal: SubscriptionSignal): Promise<SignalOutcome> {
    const { subscriptions: s, subscriptionSignals: g } = this.#t;
    return this.engine.transaction(async (tx): Promise<SignalOutcome> => {
      await tx.lock(walletLock(this.scope, signal.userId));
      const now = new Date(this.now());
      const subscription = first(
        await tx.db
          .select()
          .from(s)
          .where(this.scope.where(s, eq(s.userId, signal.userId), eq(s.payload, signal.payload)))
          .orderBy(sql`case when ${s.state} = 'active' then 0 else 1 end`, desc(s.startedAt))
          .limit(1),
      );
      const inserted = await tx.db
        .insert(g)
        .values(
          this.scope.row({
            updateId: signal.updateId,
            userId: signal.userId,
            subscriptionId: subscription?.id ?? null,
            state: signal.state,
            receivedAt: now,
          }),
        )
        .onConflictDoNothing()
        .returning({ updateId: g.updateId });
      if (inserted.length === 0) return { kind: 'duplicate' };
      if (subscription?.state !== 'active') return { kind: 'unknown' };
      const change =
        signal.state === 'failed'
          ? { set: { renewalFailedAt: now }, unless: isNotNull(s.renewalFailedAt) }
          : signal.state === 'canceled'
            ? {
                set: { cancelled: true, cancelledInTelegram: true, cancelledAt: now },
                unless: and(eq(s.cancelled, true), eq(s.cancelledInTelegram, true)),
              }
            : {
                set: { cancelled: false, cancelledInTelegram: false, cancelledAt: null },
                unless: eq(s.cancelled, false),
              };
      const rows = await tx.db
        .update(s)
        .set(change.set)
        .where(this.scope.where(s, eq(s.id, subscription.id), sql`not (${change.unless})`))
        .returning();
      const updated = first(rows);
      return { kind: 'recorded', subscription: updated ?? subscription, changed: updated !== undefined };
    });
  }

  /** The customer's subscription to show: the newest live one, else the newest that ended. */
  async find(userId: number): Promise<SubscriptionRecord | undefined> {
    const { subscriptions: s } = this.#t;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(s)
          .where(this.scope.where(s, eq(s.userId, userId)))
          .orderBy(sql`case when ${s.state} = 'active' then 0 else 1 end`, desc(s.startedAt), desc(s.id))
          .limit(1),
      ),
    );
  }

  /** The customer's live subscriptions, oldest first (normally one; two if Telegram charged two links). */
  live(userId: number): Promise<SubscriptionRecord[]> {
    const { subscriptions: s } = this.#t;
    return this.engine.run((db) =>
      db
        .select()
        .from(s)
        .where(this.scope.where(s, eq(s.userId, userId), eq(s.state, 'active')))
        .orderBy(asc(s.startedAt), asc(s.id)),
    );
  }

  async findPeriod(chargeId: string): Promise<SubscriptionPeriodRecord | undefined> {
    const { subscriptionPeriods: p } = this.#t;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(p)
          .where(this.scope.where(p, eq(p.chargeId, chargeId))),
      ),
    );
  }

  /** Periods paid, newest first (reconciliation, the customer card). */
  periodsOf(userId: number): Promise<SubscriptionPeriodRecord[]> {
    const { subscriptionPeriods: p } = this.#t;
    return this.engine.run((db) =>
      db
        .select()
        .from(p)
        .where(this.scope.where(p, eq(p.userId, userId)))
        .orderBy(sql`${p.endsAt} desc`),
    );
  }

  /** Every period paid (reconciliation with Telegram's transactions). */
  allPeriods(): Promise<SubscriptionPeriodRecord[]> {
    const { subscriptionPeriods: p } = this.#t;
    return this.engine.run((db) => db.select().from(p).where(this.scope.where(p)));
  }

  /** Auto-renewal of subscription `id` off (true) or on again; true if the row changed now. */
  async setCancelled(id: string, cancelled: boolean): Promise<boolean> {
    const { subscriptions: s } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .update(s)
        .set({ cancelled, cancelledInTelegram: false, cancelledAt: cancelled ? new Date(this.now()) : null })
        .where(this.scope.where(s, eq(s.id, id), eq(s.state, 'active'), eq(s.cancelled, !cancelled)))
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
        .where(this.scope.where(s, eq(s.state, 'active'), lte(s.expiresAt, before)))
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
      await tx.lock(walletLock(this.scope, userId));
      const rows = await tx.db
        .update(s)
        .set({ state: 'ended', endedAt: new Date(this.now()), endNotifiedAt: new Date(this.now()) })
        .where(this.scope.where(s, eq(s.userId, userId), eq(s.chargeId, chargeId), eq(s.state, 'active')))
        .returning({ userId: s.userId });
      await this.wallet.expireAllowances(tx, userId, true);
      return changed(rows) === 1;
    });
  }

  /**
   * The period's payment was refunded (by an admin, or by Telegram itself): it ends now (if not ended
   * yet), its unspent allowance expires once (`sub_expire:<charge>`, the same key as at the period's
   * end), and what the customer already spent of it is booked against them once
   * (`sub_clawback:<charge>`, from their paid Stars, even below zero: new orders then wait for a
   * top-up), as a top-up's refund would be. The subscription ends with it when this was the period
   * it shows.
   */
  refundPeriod(chargeId: string): Promise<PeriodRefund> {
    const { subscriptionPeriods: p, subscriptions: s } = this.#t;
    return this.engine.transaction(async (tx): Promise<PeriodRefund> => {
      const found = first(
        await tx.db
          .select()
          .from(p)
          .where(this.scope.where(p, eq(p.chargeId, chargeId))),
      );
      if (!found) return { kind: 'unknown' };
      await tx.lock(walletLock(this.scope, found.userId));
      const period = first(
        await tx.db
          .select()
          .from(p)
          .where(this.scope.where(p, eq(p.chargeId, chargeId))),
      )!;
      if (period.status === 'refunded') return { kind: 'already_refunded', period };
      const now = new Date(this.now());
      const endsAt = period.endsAt.getTime() < now.getTime() ? period.endsAt : now;
      await tx.db
        .update(p)
        .set({ status: 'refunded', endsAt })
        .where(this.scope.where(p, eq(p.chargeId, chargeId)));
      await tx.db
        .update(s)
        .set({ state: 'ended', endedAt: now, expiresAt: endsAt })
        .where(this.scope.where(s, eq(s.chargeId, chargeId), eq(s.state, 'active')));
      const expired = await this.wallet.expireAllowances(tx, found.userId, true);
      const spent = await this.#spent(tx, period);
      if (spent > 0) {
        await this.wallet.book(
          {
            key: subscriptionKeys.clawback(chargeId),
            userId: period.userId,
            kind: 'allowance_clawback',
            delta: -spent,
            stars: spent,
            chargeId,
          },
          tx,
        );
      }
      return {
        kind: 'refunded',
        period: { ...period, status: 'refunded', endsAt },
        expired,
        spent,
        balance: await this.wallet.balance(period.userId, tx),
      };
    });
  }

  /**
   * How much of a period's allowance the customer has spent: what it credited, less what expired of
   * it and what is still unspent (a hold still in flight counts as spent).
   */
  periodSpent(period: SubscriptionPeriodRecord): Promise<number> {
    return this.#spent(undefined, period);
  }

  async #spent(tx: Tx | undefined, period: SubscriptionPeriodRecord): Promise<number> {
    const { walletEntries: w } = this.#t;
    const [row] = await within(this.engine, tx, (db) =>
      db
        .select({ stars: sql<number>`coalesce(sum(${w.stars}), 0)`.mapWith(Number) })
        .from(w)
        .where(this.scope.where(w, eq(w.chargeId, period.chargeId), eq(w.kind, 'allowance_expire'))),
    );
    const pools = await this.wallet.pools(period.userId, tx);
    const pool = pools.allowance.find((a) => a.chargeId === period.chargeId);
    return Math.max(0, period.allowance - (row?.stars ?? 0) - Math.max(pool?.left ?? 0, 0));
  }

  async stats(since: Date): Promise<SubscriptionStats> {
    const { subscriptions: s, subscriptionPeriods: p } = this.#t;
    const active = await this.engine.run((db) =>
      db
        .select({ planId: s.planId, n: count() })
        .from(s)
        .where(this.scope.where(s, eq(s.state, 'active')))
        .groupBy(s.planId),
    );
    const periods = await this.engine.run((db) =>
      db
        .select({
          status: p.status,
          n: count(),
          stars: sql<number>`coalesce(sum(${p.stars}), 0)`.mapWith(Number),
        })
        .from(p)
        .where(this.scope.where(p))
        .groupBy(p.status),
    );
    const [cancelled] = await this.engine.run((db) =>
      db
        .select({ n: count() })
        .from(s)
        .where(this.scope.where(s, eq(s.cancelled, true), gte(s.cancelledAt, since))),
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
          this.scope.where(
            p,
            lt(p.endsAt, new Date(this.now() + 1)),
            // The period's own bot's expiry: another bot may have a charge of the same id.
            sql`not exists (select 1 from ${w} x where x.bot_id = ${p.botId} and x.key = 'sub_expire:' || ${p.chargeId})`,
          ),
        )
        .limit(limit),
    );
    return rows.map((r) => r.userId);
  }
}
