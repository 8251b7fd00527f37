/**
 * Display names for things the catalog names in its own terms (types, media input keys, option
 * keys and values). A known one gets our translation; anything else is shown readably as is,
 * so a new upstream model never shows a raw key or a missing-translation marker.
 */
import { humanizeKey } from '../../services/model-form.js';
import type { Texts } from '../i18n.js';

function translatedOr(ctx: Texts, key: string, fallback: string): string {
  const text = ctx.t(key);
  // The i18n plugin answers a missing message with its id, bare or in braces.
  return text === key || text === `{${key}}` ? fallback : text;
}

/** Fluent ids allow [a-zA-Z0-9_-]; anything else has no translation and falls back. */
function fluentSafe(raw: string): string | undefined {
  return /^[a-zA-Z0-9_-]+$/.test(raw) ? raw.replace(/_/g, '-') : undefined;
}

export function modelTypeLabel(ctx: Texts, type: string): string {
  const id = fluentSafe(type);
  return id ? translatedOr(ctx, `model-type-${id}`, humanizeKey(type)) : humanizeKey(type);
}

export function mediaInputLabel(ctx: Texts, key: string): string {
  const id = fluentSafe(key);
  return id ? translatedOr(ctx, `media-input-${id}`, humanizeKey(key)) : humanizeKey(key);
}

export function optionLabel(ctx: Texts, key: string, upstreamLabel: string): string {
  const id = fluentSafe(key);
  return id ? translatedOr(ctx, `option-${id}`, upstreamLabel) : upstreamLabel;
}

/** Option values: booleans and a few well-known units read better localized. */
export function optionValueLabel(
  ctx: Texts,
  key: string,
  value: string | number | boolean,
  upstreamLabel?: string,
): string {
  if (typeof value === 'boolean') return ctx.t(value ? 'option-value-yes' : 'option-value-no');
  if (key === 'duration' && typeof value === 'number') return ctx.t('option-value-seconds', { n: value });
  if (key === 'upscale_factor') return `×${value}`;
  return upstreamLabel ?? String(value);
}
