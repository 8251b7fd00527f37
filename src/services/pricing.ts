/**
 * Prices without the network (spec 2.2, 2.7): what the catalog shows and what a given request costs
 * for models that need no quote. Pure functions; amounts are decimal strings, never floats.
 */
import { compareMoney, type Money, moneyToString, multiplyMoney, parseMoney } from '../domain/money.js';
import type { GenerationRequest, Model } from '../reseller/schemas.js';
import type { StarPricing } from './wallet/star-pricing.js';

/** The request cannot be priced locally (a choice outside the model's price table). */
export class PricingError extends Error {
  override readonly name = 'PricingError';
}

export interface CatalogPrice {
  /** exact: every request costs this; from: the cheapest request costs this, others more. */
  kind: 'exact' | 'from';
  amountUsd: string;
}

/** Option that multiplies a flat price (catalog help: "Each image is charged"). */
const COUNT_OPTION = 'num_images';

export function needsQuote(model: Model): boolean {
  return model.pricing?.quote_required === true;
}

/** Every amount the model's price table lists, the top-level one included. */
function listedAmounts(model: Model): Money[] {
  const amounts = [parseMoney(model.price_usd)];
  for (const entry of Object.values(model.pricing?.resolutions ?? {}))
    amounts.push(parseMoney(entry.price_usd));
  for (const byCount of Object.values(model.pricing?.prices_by_image_count ?? {})) {
    for (const amount of Object.values(byCount)) amounts.push(parseMoney(amount));
  }
  return amounts;
}

function hasCountOption(model: Model): boolean {
  return model.options_schema.some((o) => o.key === COUNT_OPTION);
}

/**
 * The price to show in the catalog. "from" for quote-required models (price_usd is a start price),
 * and also where the amount depends on the request (resolution, photo count, number of images), with
 * the cheapest listed amount.
 */
export function catalogPrice(model: Model): CatalogPrice {
  if (needsQuote(model)) return { kind: 'from', amountUsd: model.price_usd };
  const amounts = listedAmounts(model);
  const min = amounts.reduce((a, b) => (compareMoney(a, b) <= 0 ? a : b));
  const varies = amounts.some((a) => compareMoney(a, min) !== 0) || hasCountOption(model);
  return { kind: varies ? 'from' : 'exact', amountUsd: moneyToString(min) };
}

/**
 * A model's catalog price as customers are shown it (the chat's model menu, the customers' app):
 * with Stars billing in Stars at the reseller's prices (a fixed price per model is always exact),
 * else the USD amount. Never per customer: a plan's allowance pays the same Stars.
 */
export type ShownPrice =
  | { kind: CatalogPrice['kind']; stars: number; usd?: undefined }
  | { kind: CatalogPrice['kind']; usd: string; stars?: undefined };

export function shownPrice(
  model: Model,
  pricing: Pick<StarPricing, 'starsFor' | 'isFixed'> | undefined,
): ShownPrice {
  const catalog = catalogPrice(model);
  if (!pricing) return { kind: catalog.kind, usd: catalog.amountUsd };
  const stars = pricing.starsFor(model.id, catalog.amountUsd);
  return { kind: pricing.isFixed(model.id) ? 'exact' : catalog.kind, stars };
}

/** Number of result images asked for through `num_images` (1 when absent). */
function imageCount(model: Model, request: GenerationRequest): number {
  if (!hasCountOption(model)) return 1;
  const value = request.options?.[COUNT_OPTION];
  if (value === undefined) {
    const fallback = model.options_schema.find((o) => o.key === COUNT_OPTION)?.default;
    return typeof fallback === 'number' ? fallback : 1;
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new PricingError(`${COUNT_OPTION} must be a positive integer, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * The exact amount `request` costs, or null when only a quote can tell (quote-required models).
 * Throws PricingError when the request falls outside the model's price table.
 */
export function localPrice(model: Model, request: GenerationRequest): string | null {
  if (needsQuote(model)) return null;
  const pricing = model.pricing;
  if (pricing?.type === 'per_image_resolution') {
    const chosen = request.options?.resolution;
    const resolution = chosen === undefined ? pricing.default_resolution : String(chosen);
    if (resolution !== undefined) {
      const byCount = pricing.prices_by_image_count?.[resolution];
      if (byCount) {
        // Spec 2.7: the final amount for this many photos (0 without photos); no surcharge arithmetic.
        const photos = request.media?.image?.length ?? 0;
        const amount = byCount[String(photos)];
        if (amount === undefined) {
          throw new PricingError(
            `${model.name}: no price for ${photos} photo(s) at ${resolution} (priced: ${Object.keys(byCount).join(', ')})`,
          );
        }
        return moneyToString(parseMoney(amount));
      }
      const entry = pricing.resolutions?.[resolution];
      if (entry) return moneyToString(parseMoney(entry.price_usd));
      // The top-level price refers to the default resolution (spec 2.2); any other value is unknown.
      if (resolution !== pricing.default_resolution) {
        throw new PricingError(`${model.name}: no price for resolution ${resolution}`);
      }
    }
    return moneyToString(parseMoney(model.price_usd));
  }
  return moneyToString(multiplyMoney(parseMoney(model.price_usd), imageCount(model, request)));
}
