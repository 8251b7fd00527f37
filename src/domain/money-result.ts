/**
 * What the business made over a span of days, the one rule both /stats and the control room show
 * (docs/architecture.md, "The money"). Revenue is only what customers paid: the paid Stars spent on
 * delivered results and the Stars paid for subscription periods (refunded ones left out), at
 * Telegram's payout (STARS_PAYOUT_USD). Granted Stars (welcome, /grant, promo codes, referral
 * rewards) are never revenue: the upstream cost of what they paid for is "given away", part of the
 * cost, shown beside the margin. The margin is the revenue minus the whole upstream cost.
 * Exact: Stars are integers, USD micro-dollars.
 */
import {
  type Money,
  moneyFromMicros,
  moneyToString,
  parseMoney,
  starsPayoutUsd,
  subtractMoney,
} from './money.js';
import type { Funding } from './subscription-ledger.js';

/** The raw amounts of a span of days (one day, or several added with addMoneyBuckets). */
export interface MoneyBucket {
  /** Paid Stars of captures and late charges (orders whose result reached the customer). */
  paidStarsSpent: number;
  /** Stars paid for subscription periods, less the refunded ones. */
  subscriptionStars: number;
  /** Upstream cost of the completed orders (micro-dollars). */
  cost: Money;
  /** The part of that cost paid for with granted Stars. */
  givenAway: Money;
}

export interface MoneyResult {
  /** paidStarsSpent + subscriptionStars: every Star customers paid that Telegram pays out. */
  revenueStars: number;
  revenueUsd: string;
  costUsd: string;
  givenAwayUsd: string;
  marginUsd: string;
}

export const emptyMoneyBucket = (): MoneyBucket => ({
  paidStarsSpent: 0,
  subscriptionStars: 0,
  cost: moneyFromMicros(0n),
  givenAway: moneyFromMicros(0n),
});

export function addMoneyBuckets(...buckets: MoneyBucket[]): MoneyBucket {
  const sum = emptyMoneyBucket();
  for (const b of buckets) {
    sum.paidStarsSpent += b.paidStarsSpent;
    sum.subscriptionStars += b.subscriptionStars;
    sum.cost = moneyFromMicros(sum.cost + b.cost);
    sum.givenAway = moneyFromMicros(sum.givenAway + b.givenAway);
  }
  return sum;
}

/**
 * The share of an order's upstream cost its granted Stars paid for: the whole cost when granted
 * Stars paid it all, none when none did, in proportion (to the nearest micro-dollar) when mixed.
 */
export function givenAwayCost(costUsd: string, funding: Funding): Money {
  const cost = parseMoney(costUsd);
  const total = BigInt(funding.allowance + funding.granted + funding.paid);
  if (total <= 0n || funding.granted <= 0) return moneyFromMicros(0n);
  const granted = BigInt(funding.granted);
  if (granted >= total) return cost;
  return moneyFromMicros((cost * granted * 2n + total) / (2n * total));
}

/** The bucket's revenue, cost, given-away cost and margin at `payoutUsdPerStar` per Star. */
export function moneyResult(payoutUsdPerStar: string, bucket: MoneyBucket): MoneyResult {
  const revenueStars = bucket.paidStarsSpent + bucket.subscriptionStars;
  const revenue = starsPayoutUsd(payoutUsdPerStar, revenueStars);
  return {
    revenueStars,
    revenueUsd: moneyToString(revenue),
    costUsd: moneyToString(bucket.cost),
    givenAwayUsd: moneyToString(bucket.givenAway),
    marginUsd: moneyToString(subtractMoney(revenue, bucket.cost)),
  };
}
