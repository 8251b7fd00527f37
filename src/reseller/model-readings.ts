/**
 * Reading GET /models liberally (docs/architecture.md, "One odd answer never stops the bot"). The spec (section 2.2) leaves several shapes
 * open; each reasonable reading is rewritten here into the one canonical shape that `model` in
 * schemas.ts describes, so the rest of the bot knows one shape only. Every model is read on its
 * own: an unreadable one is reported with its issues and left out, never the whole catalog.
 *
 * Readings accepted (one test each in test/reseller/model-readings.test.ts):
 * - money as a decimal string or a JSON number (`0.04`), made an exact decimal string;
 * - `id` as an integer or an integer string;
 * - `pricing.resolutions` as a map keyed by resolution, or a list of entries naming their
 *   resolution (`resolution` / `key` / `name` / `value`); an entry may be a bare amount;
 * - `pricing.prices_by_image_count` with counts as string or number keys, or as a list indexed
 *   by the image count; amounts as strings or numbers;
 * - `pricing` without `type`: `per_image_resolution` where it prices resolutions, else `quote`
 *   when `quote_required`, else `flat`;
 * - `options_schema` items of a type we do not know: a required one makes the model unreadable
 *   (we could not send a valid request), an optional one is left out (upstream uses its default);
 * - a missing `prompt`, `media`, `fields` or `options_schema` block: the spec's neutral defaults.
 */
import type { z } from 'zod';
import { summarizeIssues } from './response.js';
import { type Model, model as modelSchema } from './schemas.js';

/** Option types the form can render; anything with a list of `options` renders as a choice. */
const KNOWN_OPTION_TYPES = new Set([
  'select',
  'radio',
  'enum',
  'dropdown',
  'choice',
  'boolean',
  'bool',
  'toggle',
  'checkbox',
  'switch',
  'integer',
  'int',
  'number',
  'float',
  'slider',
  'range',
  'text',
  'string',
  'textarea',
  'input',
]);

const RESOLUTION_NAME_FIELDS = ['resolution', 'key', 'name', 'value', 'id'] as const;

export type ModelReading =
  | { ok: true; model: Model; notes: string[] }
  | { ok: false; id: number | string | undefined; name: string | undefined; reason: string };

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON number's shortest decimal form is exact for what the sender wrote; exponents are refused. */
function moneyText(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    const text = String(value);
    return /^\d+(\.\d+)?$/.test(text) ? text : value;
  }
  if (typeof value === 'string') return value.trim();
  return value;
}

function priceEntry(value: unknown): unknown {
  if (isObject(value)) {
    const entry: Json = { ...value, price_usd: moneyText(value.price_usd) };
    if (value.base_price_usd !== undefined) entry.base_price_usd = moneyText(value.base_price_usd);
    return entry;
  }
  // A bare amount: the entry is just its price.
  return { price_usd: moneyText(value) };
}

function resolutionName(entry: Json): string | undefined {
  for (const field of RESOLUTION_NAME_FIELDS) {
    const v = entry[field];
    if (typeof v === 'string' && v !== '') return v;
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

/** Map keyed by resolution, or a list of entries naming their resolution -> map. */
function readResolutions(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out: Json = {};
    for (const item of value) {
      if (!isObject(item)) continue;
      const name = resolutionName(item);
      if (name !== undefined) out[name] = priceEntry(item);
    }
    return out;
  }
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, priceEntry(v)]));
  }
  return value;
}

/** resolution -> (count -> amount); counts as keys of either kind or as list positions. */
function readPricesByImageCount(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [resolution, byCount] of Object.entries(value)) {
    if (Array.isArray(byCount)) {
      out[resolution] = Object.fromEntries(
        byCount.map((amount, count) => [String(count), moneyText(amount)]),
      );
    } else if (isObject(byCount)) {
      out[resolution] = Object.fromEntries(
        Object.entries(byCount).map(([count, amount]) => [String(Number(count)), moneyText(amount)]),
      );
    } else {
      out[resolution] = byCount;
    }
  }
  return out;
}

function readPricing(value: unknown): unknown {
  if (!isObject(value)) return value;
  const pricing: Json = { ...value };
  if (pricing.resolutions !== undefined) pricing.resolutions = readResolutions(pricing.resolutions);
  if (pricing.prices_by_image_count !== undefined) {
    pricing.prices_by_image_count = readPricesByImageCount(pricing.prices_by_image_count);
  }
  if (typeof pricing.type !== 'string' || pricing.type === '') {
    const byResolution = pricing.resolutions !== undefined || pricing.prices_by_image_count !== undefined;
    pricing.type = byResolution ? 'per_image_resolution' : pricing.quote_required === true ? 'quote' : 'flat';
  }
  return pricing;
}

function optionIsReadable(item: Json): boolean {
  const type = typeof item.type === 'string' ? item.type.toLowerCase() : 'select';
  return KNOWN_OPTION_TYPES.has(type) || (Array.isArray(item.options) && item.options.length > 0);
}

/** Keeps the options we can render; an unknown required one makes the model unreadable. */
function readOptions(value: unknown, notes: string[]): { items: unknown; blocker?: string } {
  if (!Array.isArray(value)) return { items: value ?? [] };
  const items: unknown[] = [];
  for (const item of value) {
    if (!isObject(item) || typeof item.key !== 'string') {
      notes.push('an options_schema item without a key was left out');
      continue;
    }
    if (optionIsReadable(item)) {
      items.push(item);
      continue;
    }
    if (item.required === true) {
      return {
        items,
        blocker: `required option "${item.key}" has a type we cannot offer (${String(item.type)})`,
      };
    }
    notes.push(
      `optional option "${item.key}" of unknown type ${String(item.type)} left at upstream's default`,
    );
  }
  return { items };
}

function readId(value: unknown): unknown {
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
}

/** Reads one element of `models`. Never throws. */
export function readModel(raw: unknown): ModelReading {
  if (!isObject(raw)) return { ok: false, id: undefined, name: undefined, reason: 'not an object' };
  const notes: string[] = [];
  const id = readId(raw.id);
  const name = typeof raw.name === 'string' ? raw.name : undefined;
  const shownId = typeof id === 'number' || typeof id === 'string' ? id : undefined;
  const options = readOptions(raw.options_schema, notes);
  if (options.blocker) return { ok: false, id: shownId, name, reason: options.blocker };
  const candidate: Json = {
    ...raw,
    id,
    price_usd: moneyText(raw.price_usd),
    prompt: raw.prompt ?? { mode: 'optional' },
    media: raw.media ?? {},
    options_schema: options.items,
  };
  if (raw.pricing !== undefined) candidate.pricing = readPricing(raw.pricing);
  const parsed = modelSchema.safeParse(candidate);
  if (!parsed.success) {
    return { ok: false, id: shownId, name, reason: summarizeIssues(parsed.error as z.ZodError) };
  }
  return { ok: true, model: parsed.data, notes };
}

export interface CatalogReading {
  models: Model[];
  unreadable: Array<{ id: number | string | undefined; name: string | undefined; reason: string }>;
  notes: Array<{ id: number; note: string }>;
}

/** Reads every element of `models` on its own; duplicates of an id keep the first readable one. */
export function readModels(list: readonly unknown[]): CatalogReading {
  const out: CatalogReading = { models: [], unreadable: [], notes: [] };
  const seen = new Set<number>();
  for (const raw of list) {
    const reading = readModel(raw);
    if (!reading.ok) {
      out.unreadable.push({ id: reading.id, name: reading.name, reason: reading.reason });
      continue;
    }
    if (seen.has(reading.model.id)) continue;
    seen.add(reading.model.id);
    out.models.push(reading.model);
    for (const note of reading.notes) out.notes.push({ id: reading.model.id, note });
  }
  return out;
}
