/**
 * The referral program's rules (BILLING=stars): what a referee's paid top-up earns their referrer.
 * Plain arithmetic on whole Stars; the store books the result under keys tied to the top-up's charge.
 */
import { DAY_MS } from './utc-day.js';

export interface ReferralRules {
  /** REFERRAL_BONUS_STARS: once, for the referee's first paid top-up (0: off). */
  bonusStars: number;
  /** REFERRAL_PERCENT: that share, rounded down, of each paid top-up within `days` (0: off). */
  percent: number;
  /** REFERRAL_DAYS: how long after joining the referee's top-ups earn the percentage. */
  days: number;
  /** REFERRAL_DAILY_CAP_STARS: at most this many Stars a referrer earns per UTC day. */
  dailyCapStars: number;
}

export interface TopupFacts {
  /** The top-up's Stars. */
  stars: number;
  /** No earlier paid top-up of the referee was credited. */
  firstPaid: boolean;
  /** When the referee joined (their first /start) and when the top-up is credited. */
  joinedAt: number;
  now: number;
  /** Referral Stars the referrer already earned today (UTC), net of reversals. */
  earnedToday: number;
}

/** The reward for one paid top-up: bonus (first one only) plus the percentage (within the window), capped. */
export function referralReward(rules: ReferralRules, facts: TopupFacts): number {
  const bonus = facts.firstPaid ? rules.bonusStars : 0;
  const inWindow = facts.now - facts.joinedAt <= rules.days * DAY_MS;
  const share = inWindow ? Math.floor((facts.stars * rules.percent) / 100) : 0;
  const room = Math.max(0, rules.dailyCapStars - facts.earnedToday);
  return Math.min(bonus + share, room);
}

/** Whether the rules can pay anything at all. */
export function rewardsOn(rules: ReferralRules): boolean {
  return rules.bonusStars > 0 || rules.percent > 0;
}
