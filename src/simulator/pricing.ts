/**
 * Prices a validated request in micro-dollars (spec 2.7):
 * - per_second: result seconds x rate[resolution], plus every started source second when a video
 *   is attached and the model counts it (models A and B);
 * - per_source_second: every started second of the clip, once (model D);
 * - by_resolution / by_image_count: the catalog's final amounts (image models);
 * - flat: price_usd, times a quantity option such as num_images.
 */
import { SimError } from './errors.js';
import type { ValidatedGeneration } from './generation-rules.js';
import { type Micros, parseUsd } from './money.js';

/** The price with the current tariff applied (percent of the catalog prices, rounded to cents). */
export function priceOf(request: ValidatedGeneration, tariffPercent = 100): Micros {
  const base = catalogPriceOf(request);
  if (tariffPercent === 100) return base;
  const CENT = 10_000n;
  const scaled = base * BigInt(tariffPercent);
  return ((scaled + 50n * CENT) / (100n * CENT)) * CENT; // half-up to whole cents
}

function catalogPriceOf(request: ValidatedGeneration): Micros {
  const { model, options } = request;
  const rule = model.sim.price;
  const resolution = String(options['resolution'] ?? model.pricing?.default_resolution ?? '');
  switch (rule.kind) {
    case 'flat': {
      const units = rule.per_unit_option ? Number(options[rule.per_unit_option] ?? 1) : 1;
      return parseUsd(model.price_usd) * BigInt(units);
    }
    case 'per_second': {
      const rate = rateFor(rule.rates, resolution);
      const resultSeconds = Number(options['duration']);
      const sourceSeconds =
        rule.add_source_seconds && request.sourceVideoSeconds !== undefined
          ? Math.ceil(request.sourceVideoSeconds)
          : 0;
      return rate * BigInt(resultSeconds + sourceSeconds);
    }
    case 'per_source_second': {
      if (request.sourceVideoSeconds === undefined)
        throw new SimError('media_required', 'a source video is required');
      return rateFor(rule.rates, resolution) * BigInt(Math.ceil(request.sourceVideoSeconds));
    }
    case 'by_resolution': {
      const entry = model.pricing?.resolutions?.[resolution];
      if (!entry) throw new SimError('validation_error', `no price for resolution ${resolution}`);
      return parseUsd(entry.price_usd);
    }
    case 'by_image_count': {
      const count = request.media[rule.input]?.length ?? 0;
      const amount = model.pricing?.prices_by_image_count?.[resolution]?.[String(count)];
      if (!amount) throw new SimError('validation_error', `no price for ${count} image(s) at ${resolution}`);
      return parseUsd(amount);
    }
  }
}

function rateFor(rates: Record<string, string>, resolution: string): Micros {
  const rate = rates[resolution];
  if (!rate) throw new SimError('validation_error', `no rate for resolution ${resolution}`);
  return parseUsd(rate);
}
