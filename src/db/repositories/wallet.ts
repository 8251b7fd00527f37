/**
 * The Stars wallet's store: the ledger (wallet-ledger.ts: entries, balances, holds, settlement)
 * and, booked on it under the same unique keys and wallet lock, the top-up invoices, their refunds
 * (an admin's or Telegram's) and the reports.
 */
import { eq, inArray, isNull } from 'drizzle-orm';
import { ledgerKeys } from '../../domain/wallet.js';
import { changed, first, type Tx } from '../engine.js';
import type { StarTopupRecord, WalletEntryKind, WalletEntryRecord } from '../records.js';
import {
  type CreditOutcome,
  type ReferralCredit,
  type RefundStart,
  type RewardClawback,
  starsSum,
  WalletLedger,
  type WalletTotals,
  walletLock,
} from './wallet-ledger.js';

export * from './wallet-ledger.js';

export class WalletRepository extends WalletLedger {
  // ---------------------------------------------------------------- top-ups (invoices)

  async createTopup(row: {
    id: string;
    userId: number;
    chatId: number;
    stars: number;
    orderId: string | null;
  }): Promise<StarTopupRecord> {
    const { starTopups } = this.t;
    const rows = await this.engine.run((db) =>
      db
        .insert(starTopups)
        .values(this.scope.row({ ...row, status: 'pending' as const, createdAt: new Date(this.now()) }))
        .returning(),
    );
    return rows[0]!;
  }

  async findTopup(id: string): Promise<StarTopupRecord | undefined> {
    const { starTopups } = this.t;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(starTopups)
          .where(this.scope.where(starTopups, eq(starTopups.id, id))),
      ),
    );
  }

  async findTopupByCharge(chargeId: string): Promise<StarTopupRecord | undefined> {
    const { starTopups } = this.t;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(starTopups)
          .where(this.scope.where(starTopups, eq(starTopups.chargeId, chargeId))),
      ),
    );
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
  }): Promise<CreditOutcome> {
    const { starTopups } = this.t;
    return this.engine.transaction(async (tx) => {
      const booked = await this.book(
        {
          key: ledgerKeys.topup(payment.chargeId),
          userId: payment.userId,
          kind: 'topup',
          delta: payment.stars,
          stars: payment.stars,
          chargeId: payment.chargeId,
        },
        tx,
      );
      if (booked && payment.topupId !== undefined) {
        await tx.db
          .update(starTopups)
          .set({ status: 'paid', chargeId: payment.chargeId, paidAt: new Date(this.now()) })
          .where(
            this.scope.where(
              starTopups,
              eq(starTopups.id, payment.topupId),
              eq(starTopups.userId, payment.userId),
              eq(starTopups.status, 'pending'),
            ),
          );
      }
      const topup =
        payment.topupId === undefined
          ? undefined
          : first(
              await tx.db
                .select()
                .from(starTopups)
                .where(this.scope.where(starTopups, eq(starTopups.id, payment.topupId))),
            );
      // No referral reward here (issue 38): a top-up can still be refunded whole; the referrer
      // earns when the referee's paid Stars are spent on a delivered result (settleOrder).
      const balance = await this.balanceIn(tx.db, payment.userId);
      return booked ? { kind: 'credited', topup, balance } : { kind: 'duplicate', topup, balance };
    });
  }

  /** True for exactly one caller: the one that tells the user about this paid invoice. */
  async claimNotification(topupId: string): Promise<boolean> {
    const { starTopups } = this.t;
    const rows = await this.engine.run((db) =>
      db
        .update(starTopups)
        .set({ notifiedAt: new Date(this.now()) })
        .where(this.scope.where(starTopups, eq(starTopups.id, topupId), isNull(starTopups.notifiedAt)))
        .returning({ id: starTopups.id }),
    );
    return changed(rows) === 1;
  }

  /**
   * First half of a refund: books `refund:<charge>:<attempt>` (the Stars leave the balance) and marks
   * the invoice `refunding`, only if the customer still has all of them in the paid part of the
   * balance (paidBalance: granted Stars never pay for a refund). A `refunding` invoice (a
   * crash or a failed call) may be started again: the caller then retries Telegram with nothing new booked.
   */
  beginRefund(chargeId: string, actorId: number): Promise<RefundStart> {
    const { starTopups } = this.t;
    return this.engine.transaction(async (tx): Promise<RefundStart> => {
      const found = first(
        await tx.db
          .select()
          .from(starTopups)
          .where(this.scope.where(starTopups, eq(starTopups.chargeId, chargeId))),
      );
      if (!found) return { kind: 'unknown' };
      await tx.lock(walletLock(this.scope, found.userId));
      // Read again under the lock: another refund of this charge may have moved it meanwhile.
      const topup = first(
        await tx.db
          .select()
          .from(starTopups)
          .where(this.scope.where(starTopups, eq(starTopups.id, found.id))),
      )!;
      if (topup.status === 'refunded') return { kind: 'already_refunded', topup };
      if (topup.status === 'refunding') return { kind: 'started', topup, attempt: topup.refundAttempts };
      const balance = await this.balanceIn(tx.db, topup.userId);
      const paid = await this.paidBalanceIn(tx.db, topup.userId);
      if (paid < topup.stars) {
        return { kind: 'spent', topup, balance, refundable: Math.max(0, Math.min(topup.stars, paid)) };
      }
      const attempt = topup.refundAttempts + 1;
      await this.book(
        {
          key: ledgerKeys.refund(chargeId, attempt),
          userId: topup.userId,
          kind: 'refund',
          delta: -topup.stars,
          stars: topup.stars,
          chargeId,
          actorId,
        },
        tx,
      );
      await tx.db
        .update(starTopups)
        .set({ status: 'refunding', refundAttempts: attempt })
        .where(this.scope.where(starTopups, eq(starTopups.id, topup.id)));
      return { kind: 'started', topup: { ...topup, status: 'refunding', refundAttempts: attempt }, attempt };
    });
  }

  /** Telegram returned the Stars: the refund is final (and the top-up's referral reward goes back). */
  async finishRefund(chargeId: string): Promise<void> {
    const { starTopups } = this.t;
    await this.engine.transaction(async (tx) => {
      await tx.db
        .update(starTopups)
        .set({ status: 'refunded', refundedAt: new Date(this.now()) })
        .where(
          this.scope.where(starTopups, eq(starTopups.chargeId, chargeId), eq(starTopups.status, 'refunding')),
        );
      await this.#reverseReferral(tx, chargeId);
    });
  }

  /**
   * The referral reward a refund of this top-up would take back (booked with the top-up before
   * issue 38, not taken back yet), and the referrer's balance now; undefined when there is none.
   */
  async topupReward(
    chargeId: string,
  ): Promise<{ referrerId: number; stars: number; balance: number } | undefined> {
    const { walletEntries: w } = this.t;
    return this.engine.transaction(async ({ db }) => {
      const rows = await db
        .select({ key: w.key, userId: w.userId, stars: w.stars })
        .from(w)
        .where(
          this.scope.where(
            w,
            inArray(w.key, [ledgerKeys.referral(chargeId), ledgerKeys.referralUndo(chargeId)]),
          ),
        );
      const reward = rows.find((r) => r.key === ledgerKeys.referral(chargeId));
      if (!reward || rows.some((r) => r.key === ledgerKeys.referralUndo(chargeId))) return undefined;
      return {
        referrerId: reward.userId,
        stars: reward.stars,
        balance: await this.balanceIn(db, reward.userId),
      };
    });
  }

  /**
   * A refunded top-up takes its referral reward back: one negative `referral` entry under its own
   * key, so a refund seen twice (or by two replicas) takes it once. The referrer's balance may go
   * below zero, like a Telegram refund's.
   */
  async #reverseReferral(tx: Tx, chargeId: string): Promise<void> {
    const { walletEntries } = this.t;
    const reward = first(
      await tx.db
        .select()
        .from(walletEntries)
        .where(this.scope.where(walletEntries, eq(walletEntries.key, ledgerKeys.referral(chargeId)))),
    );
    if (!reward) return;
    await this.book(
      {
        key: ledgerKeys.referralUndo(chargeId),
        userId: reward.userId,
        kind: 'referral',
        delta: -reward.stars,
        stars: reward.stars,
        chargeId,
        note: reward.note,
      },
      tx,
    );
  }

  /**
   * Telegram refunded a payment itself (a `refunded_payment` message): books `tgrefund:<charge>` (the
   * Stars leave the wallet, even below zero: new orders wait for a top-up) and marks the invoice
   * refunded. Nothing is booked for a refund the bot made itself (invoice refunding or refunded) or
   * for a charge never credited. Stars it takes that were already spent take back, through
   * `clawback`, the referral rewards that spending earned. Returns the balance after it and what was
   * taken back, when booked now; undefined otherwise.
   */
  bookTelegramRefund(
    refund: {
      chargeId: string;
      userId: number;
      stars: number;
    },
    clawback?: RewardClawback,
  ): Promise<{ balance: number; clawedBack: ReferralCredit | undefined } | undefined> {
    const { starTopups, walletEntries } = this.t;
    return this.engine.transaction(async (tx) => {
      await tx.lock(walletLock(this.scope, refund.userId));
      const credited = first(
        await tx.db
          .select({ id: walletEntries.id })
          .from(walletEntries)
          .where(this.scope.where(walletEntries, eq(walletEntries.key, ledgerKeys.topup(refund.chargeId)))),
      );
      if (!credited) return undefined;
      const topup = first(
        await tx.db
          .select()
          .from(starTopups)
          .where(this.scope.where(starTopups, eq(starTopups.chargeId, refund.chargeId))),
      );
      if (topup && topup.status !== 'paid') return undefined;
      const paidBefore = await this.paidBalanceIn(tx.db, refund.userId);
      const refundKey = ledgerKeys.telegramRefund(refund.chargeId);
      const booked = await this.book(
        {
          key: refundKey,
          userId: refund.userId,
          kind: 'telegram_refund',
          delta: -refund.stars,
          stars: refund.stars,
          chargeId: refund.chargeId,
        },
        tx,
      );
      if (!booked) return undefined;
      await this.#reverseReferral(tx, refund.chargeId);
      // What the paid Stars still in the wallet could not cover was spent: the referral rewards
      // earned on that spending go back with it (ReferralsRepository.clawBack).
      const spent = refund.stars - Math.min(Math.max(paidBefore, 0), refund.stars);
      const clawedBack =
        spent > 0 && clawback ? await clawback(tx, { userId: refund.userId, refundKey, spent }) : undefined;
      if (topup) {
        await tx.db
          .update(starTopups)
          .set({ status: 'refunded', refundedAt: new Date(this.now()) })
          .where(this.scope.where(starTopups, eq(starTopups.id, topup.id)));
      }
      return { balance: await this.balanceIn(tx.db, refund.userId), clawedBack };
    });
  }

  /** Telegram refused the refund: the attempt's Stars come back and the invoice is `paid` again. */
  async undoRefund(chargeId: string, attempt: number): Promise<void> {
    const { starTopups } = this.t;
    await this.engine.transaction(async (tx) => {
      const topup = first(
        await tx.db
          .select()
          .from(starTopups)
          .where(this.scope.where(starTopups, eq(starTopups.chargeId, chargeId))),
      );
      if (topup?.status !== 'refunding') return;
      await this.book(
        {
          key: ledgerKeys.refundUndo(chargeId, attempt),
          userId: topup.userId,
          kind: 'refund_undo',
          delta: topup.stars,
          stars: topup.stars,
          chargeId,
        },
        tx,
      );
      await tx.db
        .update(starTopups)
        .set({ status: 'paid' })
        .where(this.scope.where(starTopups, eq(starTopups.id, topup.id)));
    });
  }

  // ---------------------------------------------------------------- reporting

  async totals(): Promise<WalletTotals> {
    const { walletEntries } = this.t;
    const rows = await this.engine.run((db) =>
      db
        .select({
          kind: walletEntries.kind,
          stars: starsSum(walletEntries.stars),
          delta: starsSum(walletEntries.delta),
        })
        .from(walletEntries)
        .where(this.scope.where(walletEntries))
        .groupBy(walletEntries.kind),
    );
    const of = (kind: WalletEntryKind) => rows.find((r) => r.kind === kind)?.stars ?? 0;
    const refunded = of('refund') - of('refund_undo') + of('telegram_refund');
    return {
      paidStars: of('topup') - refunded,
      refundedStars: refunded,
      capturedStars: of('capture') + of('charge'),
      heldStars: of('hold') - of('capture') - of('release'),
      grantedStars: of('grant'),
      welcomeStars: of('welcome'),
      promoStars: of('promo'),
      referralStars: rows.find((r) => r.kind === 'referral')?.delta ?? 0,
    };
  }

  /** Paid invoices (refunded ones too), for reconciliation with Telegram's own list. */
  paidTopups(): Promise<StarTopupRecord[]> {
    const { starTopups } = this.t;
    return this.engine.run((db) =>
      db
        .select()
        .from(starTopups)
        .where(this.scope.where(starTopups, inArray(starTopups.status, ['paid', 'refunding', 'refunded']))),
    );
  }

  /** Top-up entries booked without a known invoice (a payload we did not recognise). */
  topupEntries(): Promise<WalletEntryRecord[]> {
    const { walletEntries } = this.t;
    return this.engine.run((db) =>
      db
        .select()
        .from(walletEntries)
        .where(this.scope.where(walletEntries, eq(walletEntries.kind, 'topup'))),
    );
  }
}
