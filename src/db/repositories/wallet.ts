/**
 * The Stars wallet's ledger and invoices. The ledger is append-only and every entry has a unique
 * key, so replaying any event (a redelivered payment, a hook run again after a crash) books nothing
 * new. Spending steps (hold, refund) check the balance inside an IMMEDIATE transaction: two
 * confirmations can never spend the same Stars, even from two processes.
 */
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../client.js';
import { orders } from '../schema/orders.js';
import {
  type StarTopupRow,
  starTopups,
  type WalletEntryKind,
  type WalletEntryRow,
  walletEntries,
} from '../schema/wallet.js';

export type { StarTopupRow, WalletEntryKind, WalletEntryRow };

export interface NewWalletEntry {
  key: string;
  userId: number;
  kind: WalletEntryKind;
  delta: number;
  stars: number;
  orderId?: string | null;
  chargeId?: string | null;
  actorId?: number | null;
  note?: string | null;
}

/** A hold that does not fit the balance: nothing was booked. */
export class InsufficientStarsError extends Error {
  override readonly name = 'InsufficientStarsError';
  constructor(
    readonly priceStars: number,
    readonly balanceStars: number,
  ) {
    super(`not enough Stars: price ${priceStars}, balance ${balanceStars}`);
  }
  get missingStars(): number {
    return this.priceStars - this.balanceStars;
  }
}

export type CreditOutcome =
  /** Booked now; `topup` is the invoice row it paid (absent for a payload we do not know). */
  | { kind: 'credited'; topup: StarTopupRow | undefined; balance: number }
  /** This charge was booked before (a redelivered update). */
  | { kind: 'duplicate'; topup: StarTopupRow | undefined; balance: number };

export type RefundStart =
  | { kind: 'started'; topup: StarTopupRow; attempt: number }
  | { kind: 'unknown' }
  | { kind: 'already_refunded'; topup: StarTopupRow }
  /** The customer spent part of these Stars: refunding would make the balance negative. */
  | { kind: 'spent'; topup: StarTopupRow; balance: number };

export interface WalletTotals {
  /** Bought with top-ups, minus what was refunded. */
  paidStars: number;
  refundedStars: number;
  /** Spent on completed orders. */
  capturedStars: number;
  /** Held by orders still running. */
  heldStars: number;
  grantedStars: number;
  welcomeStars: number;
}

export const holdKey = (orderId: string, idempotencyKey: string) => `hold:${orderId}:${idempotencyKey}`;
const settleKey = (hold: string) => `settle:${hold}`;

export class WalletRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Books `entry` unless its key was booked before; true if booked now. */
  book(entry: NewWalletEntry, db: DbExecutor = this.db): boolean {
    return (
      db
        .insert(walletEntries)
        .values({ ...entry, createdAt: new Date(this.now()) })
        .onConflictDoNothing({ target: walletEntries.key })
        .run().changes === 1
    );
  }

  balance(userId: number, db: DbExecutor = this.db): number {
    const row = db
      .select({ sum: sql<number>`coalesce(sum(${walletEntries.delta}), 0)` })
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .get();
    return Number(row?.sum ?? 0);
  }

  /** The latest entries that moved the balance, newest first. */
  history(userId: number, limit: number): WalletEntryRow[] {
    return this.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, userId), ne(walletEntries.delta, 0)))
      .orderBy(desc(walletEntries.id))
      .limit(limit)
      .all();
  }

  /**
   * Holds `stars` for an order submission, inside the caller's transaction (the one that moves the
   * draft to `submitting`). Throws InsufficientStarsError, which rolls that transaction back.
   */
  hold(
    tx: DbExecutor,
    order: { userId: number; orderId: string; idempotencyKey: string; stars: number },
  ): void {
    const key = holdKey(order.orderId, order.idempotencyKey);
    if (tx.select({ id: walletEntries.id }).from(walletEntries).where(eq(walletEntries.key, key)).get())
      return;
    const balance = this.balance(order.userId, tx);
    if (balance < order.stars) throw new InsufficientStarsError(order.stars, balance);
    this.book(
      {
        key,
        userId: order.userId,
        kind: 'hold',
        delta: -order.stars,
        stars: order.stars,
        orderId: order.orderId,
      },
      tx,
    );
  }

  /**
   * Settles the order's open holds: `capture` spends them, `release` returns them. Each hold is
   * settled once (its settle key), whatever runs this again. `keep` (a hold key) stays open: the
   * submission that is still under way. Returns the Stars settled now.
   */
  settle(orderId: string, kind: 'capture' | 'release', keep?: string): number {
    return this.db.transaction(
      (tx) => {
        let settled = 0;
        for (const hold of this.#openHolds(tx, orderId)) {
          if (hold.key === keep) continue;
          const booked = this.book(
            {
              key: settleKey(hold.key),
              userId: hold.userId,
              kind,
              delta: kind === 'release' ? hold.stars : 0,
              stars: hold.stars,
              orderId,
            },
            tx,
          );
          if (booked) settled += hold.stars;
        }
        return settled;
      },
      { behavior: 'immediate' },
    );
  }

  /** What the order's settlements moved: Stars captured (spent) and released (returned). */
  settlementsOf(orderId: string): { captured: number; released: number } {
    const rows = this.db
      .select({ kind: walletEntries.kind, stars: sql<number>`sum(${walletEntries.stars})` })
      .from(walletEntries)
      .where(and(eq(walletEntries.orderId, orderId), inArray(walletEntries.kind, ['capture', 'release'])))
      .groupBy(walletEntries.kind)
      .all();
    const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.stars ?? 0);
    return { captured: of('capture'), released: of('release') };
  }

  #openHolds(db: DbExecutor, orderId: string): WalletEntryRow[] {
    const settlements = db
      .select({ key: walletEntries.key })
      .from(walletEntries)
      .where(and(eq(walletEntries.orderId, orderId), inArray(walletEntries.kind, ['capture', 'release'])))
      .all();
    const settled = new Set(settlements.map((s) => s.key));
    return db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.orderId, orderId), eq(walletEntries.kind, 'hold')))
      .all()
      .filter((hold) => !settled.has(settleKey(hold.key)));
  }

  // ---------------------------------------------------------------- top-ups (invoices)

  createTopup(row: {
    id: string;
    userId: number;
    chatId: number;
    stars: number;
    orderId: string | null;
  }): StarTopupRow {
    return this.db
      .insert(starTopups)
      .values({ ...row, status: 'pending', createdAt: new Date(this.now()) })
      .returning()
      .get();
  }

  findTopup(id: string): StarTopupRow | undefined {
    return this.db.select().from(starTopups).where(eq(starTopups.id, id)).get();
  }

  findTopupByCharge(chargeId: string): StarTopupRow | undefined {
    return this.db.select().from(starTopups).where(eq(starTopups.chargeId, chargeId)).get();
  }

  /**
   * A successful payment: credits `topup:<chargeId>` once and marks its invoice paid, in one
   * transaction. A second delivery of the same payment finds the entry and books nothing.
   */
  creditPayment(payment: {
    chargeId: string;
    userId: number;
    stars: number;
    topupId: string | undefined;
  }): CreditOutcome {
    return this.db.transaction(
      (tx) => {
        const booked = this.book(
          {
            key: `topup:${payment.chargeId}`,
            userId: payment.userId,
            kind: 'topup',
            delta: payment.stars,
            stars: payment.stars,
            chargeId: payment.chargeId,
          },
          tx,
        );
        if (booked && payment.topupId !== undefined) {
          tx.update(starTopups)
            .set({ status: 'paid', chargeId: payment.chargeId, paidAt: new Date(this.now()) })
            .where(and(eq(starTopups.id, payment.topupId), eq(starTopups.status, 'pending')))
            .run();
        }
        const topup =
          payment.topupId === undefined
            ? undefined
            : tx.select().from(starTopups).where(eq(starTopups.id, payment.topupId)).get();
        const balance = this.balance(payment.userId, tx);
        return booked ? { kind: 'credited', topup, balance } : { kind: 'duplicate', topup, balance };
      },
      { behavior: 'immediate' },
    );
  }

  /** True for exactly one caller: the one that tells the user about this paid invoice. */
  claimNotification(topupId: string): boolean {
    return (
      this.db
        .update(starTopups)
        .set({ notifiedAt: new Date(this.now()) })
        .where(and(eq(starTopups.id, topupId), isNull(starTopups.notifiedAt)))
        .run().changes === 1
    );
  }

  /**
   * First half of a refund: books `refund:<charge>:<attempt>` (the Stars leave the balance) and marks
   * the invoice `refunding`, only if the customer still has all of them. A `refunding` invoice (a
   * crash or a failed call) may be started again: the caller then retries Telegram with nothing new booked.
   */
  beginRefund(chargeId: string, actorId: number): RefundStart {
    return this.db.transaction(
      (tx) => {
        const topup = tx.select().from(starTopups).where(eq(starTopups.chargeId, chargeId)).get();
        if (!topup) return { kind: 'unknown' } as const;
        if (topup.status === 'refunded') return { kind: 'already_refunded', topup } as const;
        if (topup.status === 'refunding')
          return { kind: 'started', topup, attempt: topup.refundAttempts } as const;
        const balance = this.balance(topup.userId, tx);
        if (balance < topup.stars) return { kind: 'spent', topup, balance } as const;
        const attempt = topup.refundAttempts + 1;
        this.book(
          {
            key: `refund:${chargeId}:${attempt}`,
            userId: topup.userId,
            kind: 'refund',
            delta: -topup.stars,
            stars: topup.stars,
            chargeId,
            actorId,
          },
          tx,
        );
        tx.update(starTopups)
          .set({ status: 'refunding', refundAttempts: attempt })
          .where(eq(starTopups.id, topup.id))
          .run();
        return {
          kind: 'started',
          topup: { ...topup, status: 'refunding', refundAttempts: attempt },
          attempt,
        } as const;
      },
      { behavior: 'immediate' },
    );
  }

  /** Telegram returned the Stars: the refund is final. */
  finishRefund(chargeId: string): void {
    this.db
      .update(starTopups)
      .set({ status: 'refunded', refundedAt: new Date(this.now()) })
      .where(and(eq(starTopups.chargeId, chargeId), eq(starTopups.status, 'refunding')))
      .run();
  }

  /** Telegram refused the refund: the attempt's Stars come back and the invoice is `paid` again. */
  undoRefund(chargeId: string, attempt: number): void {
    this.db.transaction(
      (tx) => {
        const topup = tx.select().from(starTopups).where(eq(starTopups.chargeId, chargeId)).get();
        if (topup?.status !== 'refunding') return;
        this.book(
          {
            key: `refund_undo:${chargeId}:${attempt}`,
            userId: topup.userId,
            kind: 'refund_undo',
            delta: topup.stars,
            stars: topup.stars,
            chargeId,
          },
          tx,
        );
        tx.update(starTopups).set({ status: 'paid' }).where(eq(starTopups.id, topup.id)).run();
      },
      { behavior: 'immediate' },
    );
  }

  // ---------------------------------------------------------------- reporting

  totals(): WalletTotals {
    const rows = this.db
      .select({ kind: walletEntries.kind, stars: sql<number>`sum(${walletEntries.stars})` })
      .from(walletEntries)
      .groupBy(walletEntries.kind)
      .all();
    const of = (kind: WalletEntryKind) => Number(rows.find((r) => r.kind === kind)?.stars ?? 0);
    const refunded = of('refund') - of('refund_undo');
    return {
      paidStars: of('topup') - refunded,
      refundedStars: refunded,
      capturedStars: of('capture'),
      heldStars: of('hold') - of('capture') - of('release'),
      grantedStars: of('grant'),
      welcomeStars: of('welcome'),
    };
  }

  /** What upstream charged for completed orders paid in Stars (cost_usd, else the confirmed price). */
  completedPaidOrderCosts(): string[] {
    return this.db
      .select({ usd: sql<string>`coalesce(${orders.costUsd}, ${orders.priceUsd})` })
      .from(orders)
      .where(and(eq(orders.status, 'completed'), isNotNull(orders.priceStars)))
      .all()
      .map((r) => r.usd);
  }

  /** Paid invoices (refunded ones too), for reconciliation with Telegram's own list. */
  paidTopups(): StarTopupRow[] {
    return this.db
      .select()
      .from(starTopups)
      .where(inArray(starTopups.status, ['paid', 'refunding', 'refunded']))
      .all();
  }

  /** Top-up entries booked without a known invoice (a payload we did not recognise). */
  topupEntries(): WalletEntryRow[] {
    return this.db.select().from(walletEntries).where(eq(walletEntries.kind, 'topup')).all();
  }
}
