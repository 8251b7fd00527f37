/**
 * Zod schemas for every Reseller API response (spec section 2 and 4).
 *
 * Rules: money stays a decimal string; unknown extra fields are kept (looseObject) so a newer
 * upstream never breaks parsing; fields the spec marks "shape not shown" are `unknown`.
 */
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../domain/order-state.js';

/** Decimal USD amount as the spec writes it: digits, a dot, digits (we also accept a bare integer). */
export const moneyString = z.string().regex(/^\d+(\.\d+)?$/, 'expected a decimal amount like "0.11"');

export const balanceResponse = z.looseObject({
  success: z.literal(true),
  balance_usd: moneyString,
});

export const mediaInput = z.looseObject({
  key: z.string(),
  required: z.boolean().default(false),
  min: z.number().int().nonnegative().default(0),
  max: z.number().int().nonnegative(),
  accepted: z.array(z.string()).default([]),
});
export type MediaInput = z.infer<typeof mediaInput>;

const optionChoice = z.looseObject({
  value: z.union([z.string(), z.number(), z.boolean()]),
  label: z.string().optional(),
});

export const optionSchemaItem = z.looseObject({
  key: z.string(),
  type: z.string().default('select'),
  label: z.string().optional(),
  required: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).nullish(),
  options: z.array(optionChoice).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().optional(),
  placeholder: z.string().nullish(),
  help: z.string().nullish(),
});
export type OptionSchemaItem = z.infer<typeof optionSchemaItem>;

export const resolutionPrice = z.looseObject({
  price_usd: moneyString,
  base_price_usd: moneyString.optional(),
});

export const pricing = z.looseObject({
  type: z.string(),
  quote_required: z.boolean().default(false),
  default_resolution: z.string().optional(),
  /** resolution -> price entry */
  resolutions: z.record(z.string(), resolutionPrice).optional(),
  /** resolution -> image count (as a string key "0", "1", ...) -> final amount */
  prices_by_image_count: z.record(z.string(), z.record(z.string(), moneyString)).optional(),
});

const promptMode = z.enum(['required', 'optional', 'ignored']);

export const model = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  price_usd: moneyString,
  fields: z.array(z.string()).default([]),
  prompt: z.looseObject({
    mode: promptMode,
    /** Not in the spec's field table, but limits are stated per model; kept optional. */
    max_length: z.number().int().positive().optional(),
    min_length: z.number().int().nonnegative().optional(),
  }),
  media: z.looseObject({
    required: z.boolean().default(false),
    max_count: z.number().int().nonnegative().default(0),
    accepted: z.array(z.string()).default([]),
    inputs: z.array(mediaInput).default([]),
  }),
  options_schema: z.array(optionSchemaItem).default([]),
  pricing: pricing.nullish(),
});
export type Model = z.infer<typeof model>;

/** Each element is read on its own (model-readings.ts): one odd model never costs the others. */
export const modelsResponse = z.looseObject({
  success: z.literal(true),
  models: z.array(z.unknown()),
});

const uploadStatus = z.string(); // 'ready' | 'processing' | others not shown
export const upload = z.looseObject({
  tmp_path: z.string().regex(/^tmp\/[0-9a-f-]+$/i),
  status: uploadStatus,
  url: z.string().nullable(),
  original_name: z.string(),
  mime_type: z.string(),
  size: z.number().int().nonnegative(),
  error: z.unknown().nullish(),
});
export type Upload = z.infer<typeof upload>;

export const uploadResponse = z.looseObject({ success: z.literal(true), upload });

// The wire's statuses are read into the domain's (docs/architecture.md, "The parts").
export type { OrderStatus };

/**
 * A status we do not know is never taken for a final one (that could skip a delivery or release a
 * payment too early): it reads as `processing`, polling goes on, and `unknown_status` keeps what
 * upstream said for the log. Case and the US spelling "canceled" are read as meant.
 */
export function readOrderStatus(raw: string): { status: OrderStatus; unknown?: string } {
  const normalized = raw.trim().toLowerCase();
  const known = normalized === 'canceled' ? 'cancelled' : normalized;
  return (ORDER_STATUSES as readonly string[]).includes(known)
    ? { status: known as OrderStatus }
    : { status: 'processing', unknown: raw };
}

/** Result entries as URL strings, or objects carrying one (`url`); anything else is dropped. */
function resultUrls(value: unknown): unknown {
  if (!Array.isArray(value)) return value ?? [];
  return value.flatMap((item) => {
    if (typeof item === 'string') return [item];
    const url = (item as { url?: unknown } | null)?.url;
    return typeof url === 'string' ? [url] : [];
  });
}

const moneyOrNumber = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) && /^\d+(\.\d+)?$/.test(String(v)) ? String(v) : v),
  moneyString,
);

export const order = z
  .looseObject({
    id: z.union([z.string(), z.number().int().transform(String)]),
    model_id: z.coerce.number().int(),
    status: z.string(),
    cost_usd: moneyOrNumber,
    result: z.preprocess(resultUrls, z.array(z.string())).default([]),
    expires_at: z.string().nullable().default(null),
    error: z.unknown().nullish(),
    can_cancel: z.boolean().optional(),
  })
  .transform((o): typeof o & { status: OrderStatus; unknown_status?: string } => {
    const { status, unknown } = readOrderStatus(o.status);
    return unknown === undefined ? { ...o, status } : { ...o, status, unknown_status: unknown };
  });
export type Order = z.infer<typeof order>;

export const orderResponse = z.looseObject({ success: z.literal(true), order });

export const quote = z.looseObject({
  quote_id: z.string().optional(),
  id: z.string().optional(),
  price_usd: moneyString,
});
export const quoteResponse = z
  .looseObject({
    success: z.literal(true),
    quote,
    quote_id: z.string().optional(),
  })
  .transform((r, ctx) => {
    // The spec shows only `quote.price_usd` and "a quote identifier"; accept it in the usual places.
    const quoteId = r.quote.quote_id ?? r.quote.id ?? r.quote_id;
    if (!quoteId) {
      ctx.addIssue({ code: 'custom', message: 'quote identifier missing' });
      return z.NEVER;
    }
    return { quoteId, priceUsd: r.quote.price_usd, raw: r };
  });
export type Quote = z.infer<typeof quoteResponse>;

const localizedName = z.looseObject({ key: z.string(), name_ru: z.string(), name_en: z.string() });
export const prompt = z.looseObject({
  id: z.number().int(),
  type: localizedName,
  category: localizedName,
  title_ru: z.string().nullable(),
  title_en: z.string().nullable(),
  prompt_ru: z.string().nullable(),
  prompt_en: z.string().nullable(),
  preview_url: z.string(),
});
export type Prompt = z.infer<typeof prompt>;

export const promptsResponse = z.looseObject({
  success: z.literal(true),
  data: z.array(prompt),
  links: z.looseObject({
    first: z.string().nullable(),
    last: z.string().nullable(),
    prev: z.string().nullable(),
    next: z.string().nullable(),
  }),
  meta: z.looseObject({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
export type PromptsPage = z.infer<typeof promptsResponse>;

export const errorEnvelope = z.looseObject({
  success: z.literal(false),
  error: z.looseObject({
    code: z.string(),
    message: z.string().default(''),
    required: z.number().optional(),
    deposited: z.number().optional(),
  }),
  order: order.optional(),
});

/** Every error code of spec section 7. */
export const API_ERROR_CODES = [
  'unauthorized',
  'model_not_found',
  'order_not_found',
  'cannot_cancel',
  'not_ready',
  'cancel_pending',
  'cancel_failed',
  'file_not_found',
  'file_expired',
  'upload_processing',
  'validation_error',
  'prompt_required',
  'media_required',
  'too_many_media',
  'invalid_media_type',
  'insufficient_balance',
  'too_many_active_orders',
  'server_busy',
  'idempotency_conflict',
  'internal_error',
  'deposit_required',
  'price_quote_required',
  'price_quote_changed',
  'price_quote_expired',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
/** Failures that never reached a JSON envelope. */
export type TransportErrorCode = 'network_error' | 'timeout' | 'bad_response';

/** Request bodies. */
export type MediaMap = Record<string, string[]>;
export type OptionValue = string | number | boolean;
export interface GenerationRequest {
  model_id: number;
  prompt?: string;
  media?: MediaMap;
  options?: Record<string, OptionValue>;
}
export interface CreateOrderRequest extends GenerationRequest {
  quote_id?: string;
}
