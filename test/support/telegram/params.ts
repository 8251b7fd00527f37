import { badRequest } from './api-error.js';

/** Decoded request parameters: JSON bodies keep their types, form bodies are normalised by `normalizeParams`. */
export type Params = Record<string, unknown>;

/** Free-text fields that must stay strings even when they look like numbers or JSON. */
const FREE_TEXT = new Set([
  'text',
  'caption',
  'description',
  'short_description',
  'name',
  'title',
  'url',
  'callback_query_id',
  'file_id',
  'inline_message_id',
  'performer',
  'query',
  'photo',
  'video',
  'animation',
  'document',
  'audio',
]);

/**
 * Form/multipart values are all strings; Telegram decodes objects, arrays, numbers and booleans
 * from them. We do the same so handlers and recorded calls see one shape whatever the encoding.
 */
export function normalizeParams(raw: Record<string, unknown>): Params {
  const out: Params = {};
  for (const [key, value] of Object.entries(raw)) {
    out[key] = typeof value === 'string' && !FREE_TEXT.has(key) ? decodeLoose(value) : value;
  }
  return out;
}

function decodeLoose(value: string): unknown {
  const t = value.trim();
  if (/^[[{]/.test(t) || /^-?\d{1,15}$/.test(t) || t === 'true' || t === 'false') {
    try {
      return JSON.parse(t);
    } catch {
      return value;
    }
  }
  return value;
}

export function optString(p: Params, key: string): string | undefined {
  const v = p[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw badRequest(`field "${key}" must be of type String`);
}

export function optInt(p: Params, key: string): number | undefined {
  const v = p[key];
  if (v === undefined || v === null || v === '') return undefined;
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n)) throw badRequest(`field "${key}" must be of type Integer`);
  return n;
}

export function optBool(p: Params, key: string): boolean | undefined {
  const v = p[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 1 || v === '1') return true;
  if (v === 'false' || v === 0 || v === '0') return false;
  throw badRequest(`field "${key}" must be of type Boolean`);
}

/** Objects may arrive as real JSON values (JSON body) or as JSON strings (form bodies). */
export function optJson(p: Params, key: string, onInvalid: string): unknown {
  const v = p[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    throw badRequest(onInvalid);
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
