/**
 * Promo codes and their redemptions. A redemption is one transaction: the (code, user) row (its
 * primary key: once per customer), the conditional `used = used + 1 WHERE used < uses` (still valid,
 * not disabled), and the ledger's `promo:<code>:<user>` entry. Two replicas redeeming the last use
 * at once: PostgreSQL re-checks the second UPDATE's condition after the first commits, so it changes
 * no row and that transaction rolls back (its redemption row with it); SQLite admits one writer.
 */
import { count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { RedemptionOutcome } from '../../domain/promo-code.js';
import { ledgerKeys } from '../../domain/wallet.js';
import type { BotScope } from '../bot-scope.js';
import { changed, type Engine, first } from '../engine.js';
import type { PromoCodeRecord } from '../records.js';
import type { WalletRepository } from './wallet.js';

export type NewPromoCode = Pick<PromoCodeRecord, 'code' | 'stars' | 'uses' | 'expiresAt' | 'createdBy'>;

export type DisableOutcome = 'disabled' | 'already' | 'unknown';

/** Thrown inside a redemption's transaction to roll its redemption row back. */
class UsedUp extends Error {}

export class PromoCodesRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly wallet: WalletRepository,
    private readonly now: () => number = Date.now,
  ) {}

  get #t() {
    return this.engine.tables;
  }

  /** Creates the codes that do not exist yet; returns those created now. */
  async create(codes: readonly NewPromoCode[]): Promise<string[]> {
    if (codes.length === 0) return [];
    const { promoCodes } = this.#t;
    const createdAt = new Date(this.now());
    const rows = await this.engine.run((db) =>
      db
        .insert(promoCodes)
        .values(codes.map((c) => this.scope.row({ ...c, used: 0, createdAt })))
        .onConflictDoNothing({ target: [promoCodes.botId, promoCodes.code] })
        .returning({ code: promoCodes.code }),
    );
    return rows.map((r) => r.code);
  }

  async find(code: string): Promise<PromoCodeRecord | undefined> {
    const { promoCodes } = this.#t;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(promoCodes)
          .where(this.scope.where(promoCodes, eq(promoCodes.code, code))),
      ),
    );
  }

  /** Newest first. */
  list(offset: number, limit: number): Promise<PromoCodeRecord[]> {
    const { promoCodes } = this.#t;
    return this.engine.run((db) =>
      db
        .select()
        .from(promoCodes)
        .where(this.scope.where(promoCodes))
        .orderBy(desc(promoCodes.createdAt), promoCodes.code)
        .offset(offset)
        .limit(limit),
    );
  }

  async count(): Promise<number> {
    const { promoCodes } = this.#t;
    const [row] = await this.engine.run((db) =>
      db.select({ n: count() }).from(promoCodes).where(this.scope.where(promoCodes)),
    );
    return Number(row?.n ?? 0);
  }

  async disable(code: string): Promise<DisableOutcome> {
    const { promoCodes } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .update(promoCodes)
        .set({ disabledAt: new Date(this.now()) })
        .where(this.scope.where(promoCodes, eq(promoCodes.code, code), isNull(promoCodes.disabledAt)))
        .returning({ code: promoCodes.code }),
    );
    if (changed(rows) === 1) return 'disabled';
    return (await this.find(code)) ? 'already' : 'unknown';
  }

  /** Grants the code's Stars to `userId` once, within its uses and validity (see the file's comment). */
  async redeem(code: string, userId: number): Promise<RedemptionOutcome> {
    const { promoCodes, promoRedemptions } = this.#t;
    const at = new Date(this.now());
    try {
      return await this.engine.transaction(async (tx): Promise<RedemptionOutcome> => {
        const found = first(
          await tx.db
            .select()
            .from(promoCodes)
            .where(this.scope.where(promoCodes, eq(promoCodes.code, code))),
        );
        if (!found) return { kind: 'unknown' };
        if (found.disabledAt) return { kind: 'disabled' };
        if (found.expiresAt && found.expiresAt.getTime() <= at.getTime()) return { kind: 'expired' };
        const mine = await tx.db
          .insert(promoRedemptions)
          .values(this.scope.row({ code, userId, stars: found.stars, createdAt: at }))
          .onConflictDoNothing()
          .returning({ code: promoRedemptions.code });
        if (changed(mine) === 0) return { kind: 'already' };
        const taken = await tx.db
          .update(promoCodes)
          .set({ used: sql`${promoCodes.used} + 1` })
          .where(
            this.scope.where(
              promoCodes,
              eq(promoCodes.code, code),
              sql`${promoCodes.used} < ${promoCodes.uses}`,
              isNull(promoCodes.disabledAt),
              or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, at)),
            ),
          )
          .returning({ stars: promoCodes.stars });
        if (changed(taken) === 0) throw new UsedUp();
        const stars = taken[0]!.stars;
        await this.wallet.book(
          { key: ledgerKeys.promo(code, userId), userId, kind: 'promo', delta: stars, stars, note: code },
          tx,
        );
        return { kind: 'redeemed', stars, balance: await this.wallet.balance(userId, tx) };
      });
    } catch (err) {
      // Another redemption took the last use (or the code was disabled or expired meanwhile).
      if (err instanceof UsedUp) return { kind: 'used_up' };
      throw err;
    }
  }

  /** How many codes `userId` redeemed (the customer card). */
  async redeemedBy(userId: number): Promise<number> {
    const { promoRedemptions } = this.#t;
    const [row] = await this.engine.run((db) =>
      db
        .select({ n: count() })
        .from(promoRedemptions)
        .where(this.scope.where(promoRedemptions, eq(promoRedemptions.userId, userId))),
    );
    return Number(row?.n ?? 0);
  }

  /** Redemptions and the Stars they granted, over every code (/stats). */
  async totals(): Promise<{ redemptions: number; stars: number }> {
    const { promoRedemptions } = this.#t;
    const [row] = await this.engine.run((db) =>
      db
        .select({
          n: count(),
          stars: sql<number>`coalesce(sum(${promoRedemptions.stars}), 0)`.mapWith(Number),
        })
        .from(promoRedemptions)
        .where(this.scope.where(promoRedemptions)),
    );
    return { redemptions: Number(row?.n ?? 0), stars: row?.stars ?? 0 };
  }

  // ---------------------------------------------------------------- wrong guesses (throttle)

  /** Wrong codes `userId` typed in the window that is still open (`windowMs` long), shared by replicas. */
  async misses(userId: number, windowMs: number): Promise<number> {
    const { promoMisses } = this.#t;
    const row = first(
      await this.engine.run((db) =>
        db
          .select()
          .from(promoMisses)
          .where(this.scope.where(promoMisses, eq(promoMisses.userId, userId))),
      ),
    );
    if (!row || row.windowStart.getTime() + windowMs <= this.now()) return 0;
    return row.misses;
  }

  /**
   * Counts one wrong code: a window opens at the first miss and lasts `windowMs`. Two replicas
   * counting the same user's misses at the same instant may count one: a throttle, not a ledger.
   */
  async recordMiss(userId: number, windowMs: number): Promise<number> {
    const { promoMisses } = this.#t;
    const now = this.now();
    return this.engine.transaction(async (tx) => {
      const row = first(
        await tx.db
          .select()
          .from(promoMisses)
          .where(this.scope.where(promoMisses, eq(promoMisses.userId, userId))),
      );
      const open = row !== undefined && row.windowStart.getTime() + windowMs > now;
      const next = { windowStart: open ? row.windowStart : new Date(now), misses: open ? row.misses + 1 : 1 };
      await tx.db
        .insert(promoMisses)
        .values(this.scope.row({ userId, ...next }))
        .onConflictDoUpdate({ target: [promoMisses.botId, promoMisses.userId], set: next });
      return next.misses;
    });
  }
}
