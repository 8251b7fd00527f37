/**
 * Display names for things the catalog names in its own terms (types, media input keys, option
 * keys and values). A known one gets our translation; anything else is shown readably as is,
 * so a new upstream model never shows a raw key or a missing-translation marker. Each word we had
 * to show untranslated is reported once (see `reportUntranslatedTo`), so a translation can be added.
 */
import { humanizeKey } from '../../services/model-form.js';
import type { Texts } from '../i18n.js';

type UntranslatedSink = (kind: string, slug: string, locale: string) => void;

let untranslatedSink: UntranslatedSink = () => {};
const reported = new Set<string>();

/** Where untranslated catalog words go (the app's logger); each kind, slug and language once. */
export function reportUntranslatedTo(sink: UntranslatedSink): void {
  untranslatedSink = sink;
  reported.clear();
}

function reportUntranslated(ctx: Texts, kind: string, slug: string): void {
  const key = `${ctx.locale}|${kind}|${slug}`;
  if (reported.has(key)) return;
  reported.add(key);
  untranslatedSink(kind, slug, ctx.locale);
}

function translation(ctx: Texts, key: string): string | undefined {
  const text = ctx.t(key);
  // The i18n plugin answers a missing message with its id, bare or in braces.
  return text === key || text === `{${key}}` ? undefined : text;
}

/** Fluent ids allow [a-zA-Z0-9_-]; anything else has no translation and falls back. */
function fluentSafe(raw: string): string | undefined {
  return /^[a-zA-Z0-9_-]+$/.test(raw) ? raw.replace(/_/g, '-') : undefined;
}

/** Our text for `<prefix>-<slug>`, else the fallback, reporting the slug as untranslated. */
function translatedOr(ctx: Texts, prefix: string, slug: string, fallback: string): string {
  const id = fluentSafe(slug);
  const text = id ? translation(ctx, `${prefix}-${id}`) : undefined;
  if (text !== undefined) return text;
  reportUntranslated(ctx, prefix, slug);
  return fallback;
}

export function modelTypeLabel(ctx: Texts, type: string): string {
  return translatedOr(ctx, 'model-type', type, humanizeKey(type));
}

export function mediaInputLabel(ctx: Texts, key: string): string {
  return translatedOr(ctx, 'media-input', key, humanizeKey(key));
}

export function optionLabel(ctx: Texts, key: string, upstreamLabel: string): string {
  return translatedOr(ctx, 'option', key, upstreamLabel);
}

/**
 * A value that is a word ("adaptive", "high_quality") needs a translation; sizes, ratios and
 * formats ("720p", "9:16", "png") read the same in every language.
 */
function isWord(value: string, key: string): boolean {
  return key !== 'output_format' && /^[a-z]{3,}(?:[_-][a-z]+)*$/i.test(value);
}

/** Option values: booleans, a few well-known units and upstream words read better localized. */
export function optionValueLabel(
  ctx: Texts,
  key: string,
  value: string | number | boolean,
  upstreamLabel?: string,
): string {
  if (typeof value === 'boolean') return ctx.t(value ? 'option-value-yes' : 'option-value-no');
  if (key === 'duration' && typeof value === 'number') return ctx.t('option-value-seconds', { n: value });
  if (key === 'upscale_factor') return `×${value}`;
  const shown = upstreamLabel ?? String(value);
  if (typeof value !== 'string' || !isWord(value, key)) return shown;
  return translatedOr(ctx, 'option-value', value.toLowerCase(), shown);
}
