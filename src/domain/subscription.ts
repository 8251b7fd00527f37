/**
 * Stars subscriptions (issue 25): the plans a reseller sells (SUBSCRIPTION_PLANS), the keys of their
 * ledger events and the one period Telegram charges for. A plan's price is paid every period; its
 * allowance is credited once per paid period (its Telegram charge id), spent before any other Stars
 * and expires at the period's end.
 */
import { MAX_STARS_PER_PAYMENT } from './wallet.js';

/** Telegram's only subscription period: 30 days (createInvoiceLink's subscription_period). */
export const SUBSCRIPTION_PERIOD_SECONDS = 2_592_000;

export interface SubscriptionPlan {
  /** Short and stable: it names the plan's texts (`plan-<id>-name`) and goes into callback data. */
  id: string;
  /** What the customer pays each period (XTR). */
  priceStars: number;
  /** Stars credited for each paid period. */
  allowanceStars: number;
}

const PLAN = /^([a-z][a-z0-9]{0,15}):(\d{1,5}):(\d{1,6})$/;

/**
 * `id:price_stars:allowance_stars`, comma-separated (`pro:450:600,max:900:1300`). Returns the plans
 * or the reason the list is refused (for the configuration's error).
 */
export function parsePlans(value: string): SubscriptionPlan[] | string {
  const items = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (items.length === 0 || items.length > 6)
    return 'must list 1 to 6 plans as id:price_stars:allowance_stars';
  const plans: SubscriptionPlan[] = [];
  for (const item of items) {
    const m = PLAN.exec(item);
    if (!m) return `"${item}" is not id:price_stars:allowance_stars (id: lowercase letters and digits)`;
    const plan = { id: m[1]!, priceStars: Number(m[2]), allowanceStars: Number(m[3]) };
    if (plan.priceStars < 1 || plan.priceStars > MAX_STARS_PER_PAYMENT) {
      return `"${item}": the price must be 1 to ${MAX_STARS_PER_PAYMENT} Stars`;
    }
    if (plan.allowanceStars < 1) return `"${item}": the allowance must be at least 1 Star`;
    if (plans.some((p) => p.id === plan.id)) return `plan "${plan.id}" is listed twice`;
    plans.push(plan);
  }
  return plans;
}

/**
 * The plan stored for a subscription whose payment named no plan we could read (the store needs one):
 * no plan can have it, since plan ids start with a letter. Services speak of it as `null`.
 */
export const UNNAMED_PLAN_ID = '-';

/** A stored plan id as services speak of it: null for UNNAMED_PLAN_ID. */
export function namedPlanId(stored: string): string | null {
  return stored === UNNAMED_PLAN_ID ? null : stored;
}

export const subscriptionKeys = {
  /** A paid period's allowance (its Telegram charge id). */
  allowance: (chargeId: string) => `sub:${chargeId}`,
  /**
   * The allowance's unspent rest at the period's end (or at the refund of its payment): n = 1 is
   * `sub_expire:<charge>`; a later part (Stars a release gave back to an ended period) is n = 2, 3...
   */
  expire: (chargeId: string, n: number) =>
    n <= 1 ? `sub_expire:${chargeId}` : `sub_expire:${chargeId}:${n}`,
  /** The part of a refunded period's allowance the customer had already spent, booked against them. */
  clawback: (chargeId: string) => `sub_clawback:${chargeId}`,
} as const;

/** What a subscription keeps from its first payment: a plan repriced since does not change it. */
export interface SubscriptionTerms {
  priceStars: number;
  allowanceStars: number;
  periodSeconds: number;
}

/**
 * The allowance a period paid `stars` credits: the terms' allowance at their price; another amount
 * (Telegram charging what we did not expect) in proportion, in whole Stars rounded down.
 */
export function periodAllowance(
  terms: Pick<SubscriptionTerms, 'priceStars' | 'allowanceStars'>,
  stars: number,
): number {
  if (stars === terms.priceStars) return terms.allowanceStars;
  if (terms.priceStars <= 0 || stars <= 0) return 0;
  return Math.floor((terms.allowanceStars * stars) / terms.priceStars);
}

/**
 * Invoice payloads of plan invoices: `s:<plan id>:<user id>:<link>` (a top-up's are `t:`). `<link>`
 * tells one invoice link from another, so a renewal (which carries its link's payload) names its
 * own subscription; links made before it was added have none.
 */
const PAYLOAD = /^s:([a-z][a-z0-9]{0,15}):(\d+)(?::[A-Za-z0-9_-]{1,24})?$/;

export const planPayload = (planId: string, userId: number, link?: string) =>
  link === undefined ? `s:${planId}:${userId}` : `s:${planId}:${userId}:${link}`;

export function parsePlanPayload(payload: string): { planId: string; userId: number } | undefined {
  const m = PAYLOAD.exec(payload);
  return m ? { planId: m[1]!, userId: Number(m[2]) } : undefined;
}
