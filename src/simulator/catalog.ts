/**
 * The simulator's model catalog: a JSON file validated strictly at load (a typo in the catalog
 * fails loudly instead of silently changing behaviour). Each model is the public `/models` entry
 * plus a `sim` block (pricing formula, cancellation support, cross-option rules) that is stripped
 * from the API output.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import defaultCatalogJson from './catalog.json' with { type: 'json' };
import { isUsdString } from './money.js';

const usd = z.string().refine(isUsdString, 'expected a decimal USD amount like "0.20"');
const optionValue = z.union([z.string(), z.number(), z.boolean()]);

/** Per-input file limits; public (extra field `limits` of a media input) so clients can pre-check. */
const inputLimits = z.strictObject({
  max_bytes: z.number().int().positive().optional(),
  min_side: z.number().int().positive().optional(),
  max_side: z.number().int().positive().optional(),
  min_aspect: z.number().positive().optional(),
  max_aspect: z.number().positive().optional(),
  /** true: the aspect ratio must lie strictly between min and max (model A: "> 0.4 and < 2.5"). */
  aspect_exclusive: z.boolean().optional(),
  min_seconds: z.number().positive().optional(),
  max_seconds: z.number().positive().optional(),
  min_fps: z.number().positive().optional(),
  max_fps: z.number().positive().optional(),
  min_pixels: z.number().int().positive().optional(),
  max_pixels: z.number().int().positive().optional(),
  /** PNGs with transparency are rejected. */
  opaque_only: z.boolean().optional(),
});
export type InputLimits = z.infer<typeof inputLimits>;

const mediaInput = z.strictObject({
  key: z.string().min(1),
  required: z.boolean(),
  min: z.number().int().nonnegative(),
  max: z.number().int().positive(),
  accepted: z.array(z.string()).min(1),
  limits: inputLimits.optional(),
});

const optionSchemaItem = z.strictObject({
  key: z.string().min(1),
  type: z.enum(['select', 'integer', 'number', 'boolean', 'string']),
  label: z.string(),
  required: z.boolean().optional(),
  default: optionValue.nullable().optional(),
  options: z.array(z.strictObject({ value: optionValue, label: z.string() })).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().optional(),
  placeholder: z.string().nullable().optional(),
  help: z.string().nullable().optional(),
});
export type CatalogOption = z.infer<typeof optionSchemaItem>;

const resolutionPrice = z.strictObject({ price_usd: usd, base_price_usd: usd.optional() });

const publicPricing = z.strictObject({
  type: z.string(),
  quote_required: z.boolean(),
  default_resolution: z.string().optional(),
  resolutions: z.record(z.string(), resolutionPrice).optional(),
  prices_by_image_count: z.record(z.string(), z.record(z.string(), usd)).optional(),
});

/** How the simulator prices a request (spec 2.7). */
const priceRule = z.discriminatedUnion('kind', [
  /** `price_usd`, times the value of `per_unit_option` when given (e.g. num_images). */
  z.strictObject({ kind: z.literal('flat'), per_unit_option: z.string().optional() }),
  /** result seconds x rate[resolution], plus every started source-video second when `add_source_seconds`. */
  z.strictObject({
    kind: z.literal('per_second'),
    rates: z.record(z.string(), usd),
    add_source_seconds: z.boolean(),
  }),
  /** every started second of the source video x rate[resolution] (motion transfer). */
  z.strictObject({ kind: z.literal('per_source_second'), rates: z.record(z.string(), usd) }),
  /** pricing.resolutions[resolution].price_usd */
  z.strictObject({ kind: z.literal('by_resolution') }),
  /** pricing.prices_by_image_count[resolution][number of files in `input`] */
  z.strictObject({ kind: z.literal('by_image_count'), input: z.string() }),
]);

const simRules = z.strictObject({
  /** false: once processing the order cannot be cancelled (cancel answers cannot_cancel). */
  cancellable_when_processing: z.boolean().default(true),
  price: priceRule,
  /** Option keys answered with a specific validation_error (spec: "not accepted"). */
  rejected_options: z.array(z.string()).default([]),
  /** With a source video the result length is derived from it (models A and B). */
  video_duration: z
    .strictObject({
      video_input: z.string(),
      option: z.string(),
      min_result_seconds: z.number().int().positive(),
      max_total_seconds: z.number().int().positive().optional(),
    })
    .optional(),
  /** e.g. aspect ratios 27:16 ... only with resolution 1K. */
  option_constraints: z
    .array(
      z.strictObject({
        option: z.string(),
        values: z.array(optionValue),
        requires_option: z.string(),
        allowed: z.array(optionValue),
      }),
    )
    .default([]),
  /** The option whose value is the number of result files (default one result). */
  result_count_option: z.string().optional(),
});

const catalogModel = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
  type: z.string().min(1),
  price_usd: usd,
  fields: z.array(z.string()),
  prompt: z.strictObject({
    mode: z.enum(['required', 'optional', 'ignored']),
    min_length: z.number().int().nonnegative().optional(),
    max_length: z.number().int().positive().optional(),
  }),
  media: z.strictObject({
    required: z.boolean(),
    max_count: z.number().int().nonnegative(),
    accepted: z.array(z.string()),
    inputs: z.array(mediaInput),
  }),
  options_schema: z.array(optionSchemaItem),
  pricing: publicPricing.optional(),
  sim: simRules,
});
export type CatalogModel = z.infer<typeof catalogModel>;

const catalogFile = z.strictObject({ models: z.array(catalogModel).min(1) }).superRefine((catalog, ctx) => {
  const ids = new Set<number>();
  for (const model of catalog.models) {
    if (ids.has(model.id)) ctx.addIssue({ code: 'custom', message: `duplicate model id ${model.id}` });
    ids.add(model.id);
  }
});

export class Catalog {
  private readonly byId: Map<number, CatalogModel>;

  constructor(readonly models: readonly CatalogModel[]) {
    this.byId = new Map(models.map((m) => [m.id, m]));
  }

  get(id: number): CatalogModel | undefined {
    return this.byId.get(id);
  }
}

export function parseCatalog(json: unknown, source = 'catalog'): Catalog {
  const parsed = catalogFile.safeParse(json);
  if (!parsed.success) {
    throw new Error(`invalid simulator catalog (${source}): ${z.prettifyError(parsed.error)}`);
  }
  return new Catalog(parsed.data.models);
}

export function defaultCatalog(): Catalog {
  return parseCatalog(defaultCatalogJson, 'bundled catalog.json');
}

export async function loadCatalog(path?: string): Promise<Catalog> {
  if (!path) return defaultCatalog();
  return parseCatalog(JSON.parse(await readFile(path, 'utf8')), path);
}

/** The `/models` entry: everything but the simulator-only `sim` block. */
export function publicModel(model: CatalogModel): Omit<CatalogModel, 'sim'> {
  const { sim: _sim, ...rest } = model;
  return rest;
}
