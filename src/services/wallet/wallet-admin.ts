/**
 * The admins' wallet tools (BILLING=stars): refund a top-up through Telegram and grant Stars, each
 * audited, and a customer's wallet as an admin sees it. The one door for the bot's /refund, /grant
 * and /wallet <id>, and a future HTTP API.
 */
import type { AuditLogRepository, UserRecord, UsersRepository } from '../../db/index.js';
import type { Logger } from '../../logger.js';
import type { RefundStarPayment } from './star-refunds.js';
import type { RefundPreview, RefundResult, WalletService } from './wallet.js';

export type GrantOutcome =
  | { kind: 'granted'; balance: number }
  /** Nobody with this id ever wrote to the bot: Stars there would sit where nobody sees them. */
  | { kind: 'unknown_user' }
  /** This command was handled before (a redelivered update): granted once. */
  | { kind: 'repeat' };

export class WalletAdmin {
  readonly #wallet: WalletService;
  readonly #users: Pick<UsersRepository, 'find'>;
  readonly #audit: AuditLogRepository;
  readonly #logger: Logger;

  constructor(deps: {
    wallet: WalletService;
    users: Pick<UsersRepository, 'find'>;
    audit: AuditLogRepository;
    logger: Logger;
  }) {
    this.#wallet = deps.wallet;
    this.#users = deps.users;
    this.#audit = deps.audit;
    this.#logger = deps.logger;
  }

  /** The customer (for their name and language), if they ever wrote to the bot. */
  customer(userId: number): Promise<UserRecord | undefined> {
    return this.#users.find(userId);
  }

  refundPreview(chargeId: string): Promise<RefundPreview> {
    return this.#wallet.refundPreview(chargeId);
  }

  /** The paid invoice behind a refund button (its id is shorter than a charge id). */
  chargeOfTopup(topupId: string): Promise<string | undefined> {
    return this.#wallet.chargeOfTopup(topupId);
  }

  /** Refunds a top-up (see WalletService.refund), audited once it is refunded. */
  async refund(
    chargeId: string,
    adminId: number,
    refundStarPayment: RefundStarPayment,
  ): Promise<RefundResult> {
    const result = await this.#wallet.refund(chargeId, adminId, refundStarPayment);
    if (result.kind === 'refunded') {
      await this.#audit.record({
        actorId: adminId,
        action: 'payment_refunded',
        targetUserId: result.userId,
        details: { stars: result.stars, chargeId },
      });
    }
    return result;
  }

  /**
   * A subscription period's payment an admin refunded (SubscriptionsService.refund), audited like a
   * top-up's refund, with the period's allowance that expired with it.
   */
  async auditPeriodRefund(
    adminId: number,
    refund: { chargeId: string; userId: number; stars: number; expired: number },
  ): Promise<void> {
    await this.#audit.record({
      actorId: adminId,
      action: 'subscription_refunded',
      targetUserId: refund.userId,
      details: { stars: refund.stars, chargeId: refund.chargeId, expired: refund.expired },
    });
  }

  /**
   * Gives `stars` to a customer who wrote to the bot, audited. `key` names the admin's command (its
   * chat and message), so a redelivered update grants once.
   */
  async grant(grant: {
    userId: number;
    stars: number;
    adminId: number;
    reason: string | null;
    key: string;
  }): Promise<GrantOutcome> {
    const { userId, stars, adminId, reason } = grant;
    if (!(await this.#users.find(userId))) return { kind: 'unknown_user' };
    if (!(await this.#wallet.grant({ userId, stars, actorId: adminId, reason, key: grant.key }))) {
      return { kind: 'repeat' };
    }
    this.#logger.info({ adminId, userId, stars }, 'stars granted');
    await this.#audit.record({
      actorId: adminId,
      action: 'stars_granted',
      targetUserId: userId,
      details: { stars, ...(reason ? { reason } : {}) },
    });
    return { kind: 'granted', balance: await this.#wallet.balance(userId) };
  }
}
