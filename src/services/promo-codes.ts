/**
 * Promo codes (BILLING=stars): admins create them (one by one or a batch of one-time codes), list
 * and disable them, each action audited; customers redeem them for granted Stars (never refundable),
 * once per code, within its uses and validity. Wrong guesses are throttled per customer across
 * replicas (the window lives in the store), through the store's injected clock.
 */
import { randomInt } from 'node:crypto';
import type { AuditLogRepository, PromoCodeRecord, PromoCodesRepository } from '../db/index.js';
import {
  GENERATED_CODE_LENGTH,
  type NewPromoArgs,
  normalizePromoCode,
  type PromoBatchArgs,
  promoExpiry,
  type RedemptionOutcome,
  UNAMBIGUOUS_ALPHABET,
} from '../domain/promo-code.js';
import type { Logger } from '../logger.js';
import type { WalletService } from './wallet/wallet.js';

export type PromoRedemption = RedemptionOutcome | { kind: 'throttled' };

export interface PromoThrottle {
  /** Wrong codes allowed in one window; the next attempt is refused until it closes. */
  maxMisses: number;
  windowMs: number;
}

export const DEFAULT_PROMO_THROTTLE: PromoThrottle = { maxMisses: 5, windowMs: 10 * 60_000 };

export interface PromoPage {
  page: number;
  pages: number;
  codes: PromoCodeRecord[];
}

/** A code of `length` symbols of the unambiguous alphabet, from the system's CSPRNG. */
export function generatePromoCode(length = GENERATED_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += UNAMBIGUOUS_ALPHABET[randomInt(UNAMBIGUOUS_ALPHABET.length)];
  return code;
}

export class PromoCodes {
  readonly #codes: PromoCodesRepository;
  readonly #wallet: Pick<WalletService, 'ensureWelcome'>;
  readonly #audit: AuditLogRepository;
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #throttle: PromoThrottle;

  constructor(deps: {
    codes: PromoCodesRepository;
    wallet: Pick<WalletService, 'ensureWelcome'>;
    audit: AuditLogRepository;
    logger: Logger;
    now?: () => number;
    throttle?: PromoThrottle;
  }) {
    this.#codes = deps.codes;
    this.#wallet = deps.wallet;
    this.#audit = deps.audit;
    this.#log = deps.logger.child({ component: 'promo' });
    this.#now = deps.now ?? Date.now;
    this.#throttle = deps.throttle ?? DEFAULT_PROMO_THROTTLE;
  }

  // ---------------------------------------------------------------- customers

  /**
   * Redeems what the customer typed. A throttled customer is refused before the code is looked at
   * (so guessing stops there); only codes that do not exist count as wrong guesses.
   */
  async redeem(userId: number, typed: string): Promise<PromoRedemption> {
    const { maxMisses, windowMs } = this.#throttle;
    if ((await this.#codes.misses(userId, windowMs)) >= maxMisses) return { kind: 'throttled' };
    const code = normalizePromoCode(typed);
    // The welcome bonus first, so the balance told with the promo Stars is the whole one.
    if (code) await this.#wallet.ensureWelcome(userId);
    const outcome: RedemptionOutcome = code ? await this.#codes.redeem(code, userId) : { kind: 'unknown' };
    if (outcome.kind === 'unknown') await this.#codes.recordMiss(userId, windowMs);
    // Not the code itself: an unused one is worth Stars to whoever reads the log.
    if (outcome.kind === 'redeemed') this.#log.info({ userId, stars: outcome.stars }, 'promo redeemed');
    return outcome;
  }

  /** How many codes the customer redeemed (their card). */
  redeemedBy(userId: number): Promise<number> {
    return this.#codes.redeemedBy(userId);
  }

  totals(): Promise<{ redemptions: number; stars: number }> {
    return this.#codes.totals();
  }

  // ---------------------------------------------------------------- admins

  /** One code; false when it exists already (nothing changed). */
  async create(adminId: number, args: NewPromoArgs): Promise<{ created: boolean; expiresAt: Date | null }> {
    const expiresAt = promoExpiry(this.#now(), args.days);
    const [created] = await this.#codes.create([
      { code: args.code, stars: args.stars, uses: args.uses, expiresAt, createdBy: adminId },
    ]);
    if (created) {
      await this.#audit.record({
        actorId: adminId,
        action: 'promo_created',
        targetUserId: null,
        details: {
          code: args.code,
          stars: args.stars,
          uses: args.uses,
          ...(args.days ? { days: args.days } : {}),
        },
      });
    }
    return { created: created !== undefined, expiresAt };
  }

  /**
   * A one-time code the bot makes itself for one customer (a win-back reminder's gift, issue 44),
   * valid `days`: not an admin's, so not audited; it shows in /promos like any code.
   */
  async createGift(stars: number, days: number): Promise<{ code: string; expiresAt: Date }> {
    const expiresAt = promoExpiry(this.#now(), days)!;
    for (let round = 0; round < 5; round++) {
      const code = generatePromoCode();
      const [created] = await this.#codes.create([{ code, stars, uses: 1, expiresAt, createdBy: 0 }]);
      if (created) return { code, expiresAt };
    }
    throw new Error('no free promo code after 5 tries');
  }

  /** `count` new one-time codes (fresh random ones replace the rare collision with an existing code). */
  async createBatch(
    adminId: number,
    args: PromoBatchArgs,
  ): Promise<{ codes: string[]; expiresAt: Date | null }> {
    const expiresAt = promoExpiry(this.#now(), args.days);
    const codes: string[] = [];
    for (let round = 0; codes.length < args.count && round < 5; round++) {
      const wanted = new Set<string>();
      while (wanted.size < args.count - codes.length) wanted.add(generatePromoCode());
      const rows = [...wanted].map((code) => ({
        code,
        stars: args.stars,
        uses: 1,
        expiresAt,
        createdBy: adminId,
      }));
      codes.push(...(await this.#codes.create(rows)));
    }
    await this.#audit.record({
      actorId: adminId,
      action: 'promo_batch_created',
      targetUserId: null,
      details: { count: codes.length, stars: args.stars, ...(args.days ? { days: args.days } : {}) },
    });
    return { codes, expiresAt };
  }

  /** Page `requested` (0: newest codes) of `size`; undefined when there is no code yet. */
  async page(requested: number, size: number): Promise<PromoPage | undefined> {
    const total = await this.#codes.count();
    if (total === 0) return undefined;
    const pages = Math.ceil(total / size);
    const page = Math.min(Math.max(0, requested), pages - 1);
    return { page, pages, codes: await this.#codes.list(page * size, size) };
  }

  /** Disables a code for good (audited when it was on); `typed` in any case. */
  async disable(adminId: number, typed: string): Promise<'disabled' | 'already' | 'unknown'> {
    const code = normalizePromoCode(typed);
    if (!code) return 'unknown';
    const outcome = await this.#codes.disable(code);
    if (outcome === 'disabled') {
      await this.#audit.record({
        actorId: adminId,
        action: 'promo_disabled',
        targetUserId: null,
        details: { code },
      });
    }
    return outcome;
  }
}
