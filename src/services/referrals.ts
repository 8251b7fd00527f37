/**
 * Deep links and the referral program (issue 24): a /start payload attributes a new user to a
 * referrer or a campaign (first touch, once); /invite shows a customer's own link and what it
 * brought. The rewards themselves are booked when a referee's paid Stars are spent on a delivered
 * result (WalletService.settle, through `rewardSpend`), in the capture's own transaction.
 */
import { randomBytes } from 'node:crypto';
import type {
  CampaignsRepository,
  InviteStats,
  ReferralsRepository,
  ReferralTotals,
  RewardBooked,
  RewardClawback,
  RewardSpend,
} from '../db/index.js';
import { type ReferralRules, rewardsOn } from '../domain/referral.js';
import type { StartPayload } from '../domain/start-payload.js';
import type { Logger } from '../logger.js';

/** What a referrer is told when a referee's delivered result earned them a reward (once per reward key). */
export interface RewardNotice {
  referrerId: number;
  stars: number;
  /** The referrer's balance right after the reward. */
  balance: number;
}

/** Sends the referrer's notice (the bot's ReferralNotifier); must not throw for a chat that is gone. */
export interface RewardNoticeSink {
  rewardEarned(notice: RewardNotice): Promise<void>;
}

/** What /start's payload did: attached the user now, or nothing (unknown code, not new, self). */
export type StartAttribution = { kind: 'referral' | 'campaign'; attached: boolean } | undefined;

/** A code of 8 random base64url characters: not derivable from the user id, and fits `r_<code>`. */
export function randomCode(): string {
  return randomBytes(6).toString('base64url');
}

export class ReferralProgram {
  readonly #referrals: ReferralsRepository;
  readonly #campaigns: Pick<CampaignsRepository, 'findByCode'>;
  readonly #rules: ReferralRules | undefined;
  readonly #log: Logger;
  #sink: RewardNoticeSink | undefined;
  readonly #pending = new Set<Promise<void>>();

  constructor(deps: {
    referrals: ReferralsRepository;
    campaigns: Pick<CampaignsRepository, 'findByCode'>;
    /** REFERRAL_* with BILLING=stars; undefined without billing (no rewards, no /invite). */
    rules: ReferralRules | undefined;
    logger: Logger;
  }) {
    this.#referrals = deps.referrals;
    this.#campaigns = deps.campaigns;
    this.#rules = deps.rules;
    this.#log = deps.logger.child({ component: 'referrals' });
  }

  /** /invite is offered: the referral program runs with Stars billing only. */
  get offered(): boolean {
    return this.#rules !== undefined;
  }

  /**
   * A /start's referral or campaign payload. Only the update that created the user's row may attach
   * anything (first touch), and only once; unknown codes and self-referral attach nothing.
   */
  async attributeStart(
    user: { id: number; updateId: number },
    payload: StartPayload,
  ): Promise<StartAttribution> {
    if (payload.kind === 'referral') {
      const referrer = await this.#referrals.findByCode(payload.code);
      if (!referrer || referrer.telegramId === user.id) return { kind: 'referral', attached: false };
      const attached = await this.#referrals.attribute(user.id, user.updateId, {
        referrerId: referrer.telegramId,
      });
      if (attached)
        this.#log.info({ userId: user.id, referrerId: referrer.telegramId }, 'referred user joined');
      return { kind: 'referral', attached };
    }
    if (payload.kind === 'campaign') {
      const campaign = await this.#campaigns.findByCode(payload.code);
      if (!campaign) return { kind: 'campaign', attached: false };
      const attached = await this.#referrals.attribute(user.id, user.updateId, { campaignId: campaign.id });
      if (attached) this.#log.info({ userId: user.id, campaignId: campaign.id }, 'campaign user joined');
      return { kind: 'campaign', attached };
    }
    return undefined;
  }

  /** The customer's personal code, made on first use (the "Create yours" link under a shared result). */
  async codeOf(userId: number): Promise<string | undefined> {
    return this.#referrals.codeOf(userId, randomCode);
  }

  /** The customer's personal code (made on first use) and what their link brought. */
  async invite(userId: number): Promise<{ code: string; stats: InviteStats } | undefined> {
    const code = await this.codeOf(userId);
    if (!code) return undefined;
    return { code, stats: await this.#referrals.inviteStats(userId) };
  }

  /**
   * WalletService's hook for a capture or late charge booked now: the referrer's reward on its paid
   * Stars, booked in its transaction (undefined when the program pays nothing).
   */
  get rewardSpend(): RewardSpend | undefined {
    const rules = this.#rules;
    if (!rules || !rewardsOn(rules)) return undefined;
    return async (tx, spend) => {
      const credit = await this.#referrals.rewardSpend(tx, rules, spend);
      if (credit)
        this.#log.info({ ...credit, refereeId: spend.userId, key: spend.key }, 'referral reward booked');
      return credit;
    };
  }

  /**
   * WalletService's hook for a refund that booked spent Stars against a referee: the rewards that
   * spending earned go back from the referrer, in the refund's transaction (ReferralsRepository.clawBack).
   * Offered whenever the program exists, even paying nothing now: earlier rewards may stand.
   */
  get rewardClawback(): RewardClawback | undefined {
    if (!this.#rules) return undefined;
    return async (tx, refunded) => {
      const taken = await this.#referrals.clawBack(tx, refunded);
      if (taken) this.#log.warn({ ...taken, ...refunded }, 'referral reward taken back by a refund');
      return taken;
    };
  }

  /** The bot's notifier, bound once the bot exists (as the admin alerts' sink). */
  bindNotices(sink: RewardNoticeSink): void {
    this.#sink = sink;
  }

  /**
   * WalletService's `rewardBooked`: a reward whose capture has committed. The transaction that booked
   * its unique key is the only one that gets here, so the referrer is told once; never waits, never
   * throws. A crash before the message leaves, like an admin alert, loses it rather than repeats it.
   */
  rewardBooked(reward: RewardBooked): void {
    const sink = this.#sink;
    if (!sink) return;
    const sent = sink
      .rewardEarned({ referrerId: reward.referrerId, stars: reward.stars, balance: reward.balance })
      .catch((err: unknown) =>
        this.#log.warn({ err, referrerId: reward.referrerId, key: reward.key }, 'referral notice failed'),
      )
      .finally(() => this.#pending.delete(sent));
    this.#pending.add(sent);
  }

  /** Resolves once every notice handed to the sink was sent (shutdown, tests). */
  async whenIdle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  totals(): Promise<ReferralTotals> {
    return this.#referrals.totals();
  }
}
