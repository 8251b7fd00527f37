/**
 * The reseller's prices in Telegram Stars: the upstream USD amount, plus the markup, at the
 * reseller's rate, rounded up to a whole Star, never below the minimum. Integer arithmetic on
 * micro-units only: a price never depends on float rounding.
 *
 *   stars = max(MIN_PRICE_STARS, ceil(usd x (1 + MARKUP_PERCENT/100) x STARS_PER_USD))
 *
 * A model may have an override: a fixed number of Stars, or a markup of its own. The markup and the
 * overrides may come from a live source (the admins' live settings): read on every price.
 */
import { type Money, parseMoney } from '../../domain/money.js';

export type PriceOverride = { kind: 'fixed'; stars: number } | { kind: 'markup'; markupPercent: string };

/** What admins may change live: the global markup and the per-model rules. */
export interface PriceRules {
  markupPercent: string;
  overrides: ReadonlyMap<number, PriceOverride>;
}

export interface StarPricingConfig {
  /** Stars per 1 USD, a positive decimal string ("77", "76.5"). */
  starsPerUsd: string;
  /** Percent on top of the upstream price, a non-negative decimal string ("30", "12.5"). */
  markupPercent: string;
  /** No price below this many Stars (at least 1: Telegram sells nothing for 0). */
  minPriceStars: number;
  /** Model id -> its own price rule. */
  overrides: ReadonlyMap<number, PriceOverride>;
  /** The rules in effect now, instead of `markupPercent` and `overrides` (live settings). */
  rules?: () => PriceRules;
}

const MICRO = 1_000_000n;
const HUNDRED_PERCENT = 100n * MICRO;

function ceilDiv(n: bigint, d: bigint): bigint {
  return n <= 0n ? 0n : (n + d - 1n) / d;
}

/** ceil(usd x (100 + markup)% x rate), all three in micro-units. */
export function convertToStars(usd: Money, markupPercent: Money, starsPerUsd: Money): bigint {
  const numerator = BigInt(usd) * (HUNDRED_PERCENT + BigInt(markupPercent)) * BigInt(starsPerUsd);
  return ceilDiv(numerator, MICRO * HUNDRED_PERCENT * MICRO);
}

export class StarPricing {
  readonly #rate: Money;
  readonly #min: number;
  readonly #rules: () => PriceRules;

  constructor(config: StarPricingConfig) {
    this.#rate = parseMoney(config.starsPerUsd);
    this.#min = Math.max(1, config.minPriceStars);
    const fixed = { markupPercent: config.markupPercent, overrides: config.overrides };
    this.#rules = config.rules ?? (() => fixed);
  }

  /** What the customer pays, in whole Stars, for an upstream price of `usd` on model `modelId`. */
  starsFor(modelId: number, usd: string): number {
    const rules = this.#rules();
    const override = rules.overrides.get(modelId);
    if (override?.kind === 'fixed') return override.stars;
    const markup = parseMoney(override?.kind === 'markup' ? override.markupPercent : rules.markupPercent);
    const stars = convertToStars(parseMoney(usd), markup, this.#rate);
    const bounded = stars < BigInt(this.#min) ? BigInt(this.#min) : stars;
    if (bounded > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`price out of range: ${usd} USD`);
    return Number(bounded);
  }

  /** A fixed-Stars override prices every request of the model the same. */
  isFixed(modelId: number): boolean {
    return this.#rules().overrides.get(modelId)?.kind === 'fixed';
  }
}
