/**
 * The settings admins change live (issue 26): what a change may say (strict checks, one message per
 * field), how it merges into what is stored, and how it reads in the audit log. Pure: no store, no
 * clock. A null anywhere means "as the environment says" (MARKUP_PERCENT, PRICES_FILE, ...).
 */
import { isReminderRule, REMINDER_RULES, type ReminderRule } from './reminders.js';
import { MAX_STARS_PER_PAYMENT } from './wallet.js';

/** A language tag of an installed language file (`en`, `uk`): which ones is the caller's to say. */
export type TextLocale = string;

export type PriceRule =
  | { kind: 'default' }
  | { kind: 'markup'; markupPercent: string }
  | { kind: 'fixed'; stars: number };

/** A text by language; a language it lacks (or null) reads the default. */
export type LocalizedText = Readonly<Record<TextLocale, string | null>>;

export interface ModelSettings {
  modelId: number;
  /** null: as ALLOWED_MODEL_IDS and HIDDEN_MODEL_TYPES say. */
  offered: boolean | null;
  name: LocalizedText;
  description: LocalizedText;
  price: PriceRule;
}

export interface GlobalSettings {
  markupPercent: string | null;
  welcomeStars: number | null;
  /** Ascending, distinct. */
  topupPacks: number[] | null;
  /** The reminder rules on (issue 44), in REMINDER_RULES order; empty: all off; null: as REMINDERS says. */
  reminders: ReminderRule[] | null;
}

/** Everything stored, as of `version` (0: nothing was ever written). */
export interface SettingsSnapshot {
  version: number;
  global: GlobalSettings;
  models: ReadonlyMap<number, ModelSettings>;
}

export const EMPTY_SETTINGS: SettingsSnapshot = {
  version: 0,
  global: { markupPercent: null, welcomeStars: null, topupPacks: null, reminders: null },
  models: new Map(),
};

export interface ModelPatch {
  offered?: boolean;
  /** null for a language: back to the default. */
  name?: LocalizedText;
  description?: LocalizedText;
  price?: PriceRule;
}

export interface GlobalPatch {
  markupPercent?: string;
  welcomeStars?: number;
  topupPacks?: number[];
  reminders?: ReminderRule[];
}

export interface FieldError {
  field: string;
  message: string;
  /** A refusal the page explains in the admin's own language (its `miniapp-settings-error-<code>` text). */
  code?: 'bidi';
}

/**
 * Bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069): in a model's
 * name they can reverse how the rest of a menu line reads (a price, a neighbour's name), so an admin's
 * text must not carry them.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

export type Parsed<T> = { ok: true; version: number; patch: T } | { ok: false; errors: FieldError[] };

export const MAX_NAME_CHARS = 64;
export const MAX_DESCRIPTION_CHARS = 200;
export const MAX_TOPUP_PACKS = 8;
/** A markup above this is a typo, not a price. */
export const MAX_MARKUP_PERCENT = 10_000;

const MARKUP_PATTERN = /^(0|[1-9]\d{0,4})(\.\d{1,2})?$/;
/** Control characters and line separators (a plain newline is allowed in a description only). */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isWholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** A markup percent: a non-negative decimal string with at most 2 decimals. */
export function isMarkupPercent(value: unknown): value is string {
  return typeof value === 'string' && MARKUP_PATTERN.test(value) && Number(value) <= MAX_MARKUP_PERCENT;
}

function unknownFields(body: Record<string, unknown>, known: readonly string[], errors: FieldError[]): void {
  for (const key of Object.keys(body))
    if (!known.includes(key)) errors.push({ field: key, message: 'unknown field' });
}

function readVersion(body: Record<string, unknown>, errors: FieldError[]): number {
  if (!isWholeIn(body.version, 0, Number.MAX_SAFE_INTEGER)) {
    errors.push({ field: 'version', message: 'must be the version the settings were read at' });
    return -1;
  }
  return body.version;
}

interface TextRules {
  field: 'name' | 'description';
  maxChars: number;
  multiline: boolean;
  languages: readonly TextLocale[];
}

function readText(value: unknown, rules: TextRules, errors: FieldError[]): LocalizedText | undefined {
  const { field, maxChars, multiline, languages } = rules;
  if (!isObject(value)) {
    errors.push({ field, message: `must be an object keyed by language (${languages.join(', ')})` });
    return undefined;
  }
  const out: Record<TextLocale, string | null> = {};
  for (const [locale, text] of Object.entries(value)) {
    const at = `${field}.${locale}`;
    if (!languages.includes(locale)) {
      errors.push({ field: at, message: `unknown language (installed: ${languages.join(', ')})` });
      continue;
    }
    if (text === null) {
      out[locale] = null;
      continue;
    }
    if (typeof text !== 'string' || text.trim() === '') {
      errors.push({ field: at, message: 'must be a non-empty text, or null to use the default' });
      continue;
    }
    const trimmed = text.trim();
    if ([...trimmed].length > maxChars) {
      errors.push({ field: at, message: `must be at most ${maxChars} characters` });
      continue;
    }
    if (BIDI_CONTROLS.test(trimmed)) {
      errors.push({
        field: at,
        message:
          'must not contain bidirectional control characters (U+202A-U+202E, U+2066-U+2069): they can make the menu read differently',
        code: 'bidi',
      });
      continue;
    }
    if (CONTROL.test(multiline ? trimmed.replace(/\n/g, '') : trimmed)) {
      errors.push({ field: at, message: 'must not contain control characters' });
      continue;
    }
    out[locale] = trimmed;
  }
  return out;
}

function readPrice(value: unknown, errors: FieldError[]): PriceRule | undefined {
  if (!isObject(value)) {
    errors.push({
      field: 'price',
      message: 'must be {"kind":"default"}, {"kind":"markup",...} or {"kind":"fixed",...}',
    });
    return undefined;
  }
  switch (value.kind) {
    case 'default':
      unknownFields(value, ['kind'], errors);
      return { kind: 'default' };
    case 'markup':
      unknownFields(value, ['kind', 'markupPercent'], errors);
      if (!isMarkupPercent(value.markupPercent)) {
        errors.push({
          field: 'price.markupPercent',
          message: `must be a decimal string from 0 to ${MAX_MARKUP_PERCENT} with at most 2 decimals`,
        });
        return undefined;
      }
      return { kind: 'markup', markupPercent: value.markupPercent };
    case 'fixed':
      unknownFields(value, ['kind', 'stars'], errors);
      if (!isWholeIn(value.stars, 1, MAX_STARS_PER_PAYMENT)) {
        errors.push({
          field: 'price.stars',
          message: `must be a whole number from 1 to ${MAX_STARS_PER_PAYMENT}`,
        });
        return undefined;
      }
      return { kind: 'fixed', stars: value.stars };
    default:
      errors.push({ field: 'price.kind', message: 'must be "default", "markup" or "fixed"' });
      return undefined;
  }
}

/**
 * `PUT /settings/models/:id`'s body: `{ version, offered?, name?, description?, price? }`; a name or
 * description may be given in any of `languages` (the installed ones).
 */
export function parseModelPatch(body: unknown, languages: readonly TextLocale[]): Parsed<ModelPatch> {
  if (!isObject(body)) return { ok: false, errors: [{ field: '', message: 'must be a JSON object' }] };
  const errors: FieldError[] = [];
  unknownFields(body, ['version', 'offered', 'name', 'description', 'price'], errors);
  const version = readVersion(body, errors);
  const patch: ModelPatch = {};
  if (body.offered !== undefined) {
    if (typeof body.offered === 'boolean') patch.offered = body.offered;
    else errors.push({ field: 'offered', message: 'must be true or false' });
  }
  if (body.name !== undefined) {
    const rules = { field: 'name', maxChars: MAX_NAME_CHARS, multiline: false, languages } as const;
    const name = readText(body.name, rules, errors);
    if (name) patch.name = name;
  }
  if (body.description !== undefined) {
    const rules = {
      field: 'description',
      maxChars: MAX_DESCRIPTION_CHARS,
      multiline: true,
      languages,
    } as const;
    const description = readText(body.description, rules, errors);
    if (description) patch.description = description;
  }
  if (body.price !== undefined) {
    const price = readPrice(body.price, errors);
    if (price) patch.price = price;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, version, patch };
}

/**
 * The reminder rules an admin turned on: known names, each once, in REMINDER_RULES order (so the
 * same choice always reads and compares the same); an empty list turns every rule off.
 */
export function readReminderRules(value: unknown): ReminderRule[] | undefined {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && isReminderRule(v)))
    return undefined;
  return REMINDER_RULES.filter((rule) => value.includes(rule));
}

/** `PUT /settings/global`'s body: `{ version, markupPercent?, welcomeStars?, topupPacks?, reminders? }`. */
export function parseGlobalPatch(body: unknown): Parsed<GlobalPatch> {
  if (!isObject(body)) return { ok: false, errors: [{ field: '', message: 'must be a JSON object' }] };
  const errors: FieldError[] = [];
  unknownFields(body, ['version', 'markupPercent', 'welcomeStars', 'topupPacks', 'reminders'], errors);
  const version = readVersion(body, errors);
  const patch: GlobalPatch = {};
  if (body.markupPercent !== undefined) {
    if (isMarkupPercent(body.markupPercent)) patch.markupPercent = body.markupPercent;
    else
      errors.push({
        field: 'markupPercent',
        message: `must be a decimal string from 0 to ${MAX_MARKUP_PERCENT} with at most 2 decimals`,
      });
  }
  if (body.welcomeStars !== undefined) {
    if (isWholeIn(body.welcomeStars, 0, MAX_STARS_PER_PAYMENT)) patch.welcomeStars = body.welcomeStars;
    else
      errors.push({
        field: 'welcomeStars',
        message: `must be a whole number from 0 to ${MAX_STARS_PER_PAYMENT} (0 turns it off)`,
      });
  }
  if (body.topupPacks !== undefined) {
    const packs = body.topupPacks;
    if (
      Array.isArray(packs) &&
      packs.length >= 1 &&
      packs.length <= MAX_TOPUP_PACKS &&
      packs.every((p) => isWholeIn(p, 1, MAX_STARS_PER_PAYMENT))
    ) {
      patch.topupPacks = [...new Set(packs as number[])].sort((a, b) => a - b);
    } else {
      errors.push({
        field: 'topupPacks',
        message: `must be 1 to ${MAX_TOPUP_PACKS} whole numbers of Stars from 1 to ${MAX_STARS_PER_PAYMENT}`,
      });
    }
  }
  if (body.reminders !== undefined) {
    const rules = readReminderRules(body.reminders);
    if (rules) patch.reminders = rules;
    else
      errors.push({
        field: 'reminders',
        message: `must be a list of reminder rules (${REMINDER_RULES.join(', ')}); an empty list turns them all off`,
      });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, version, patch };
}

/** A model as the environment leaves it: nothing set. */
export function defaultModelSettings(modelId: number): ModelSettings {
  return {
    modelId,
    offered: null,
    name: {},
    description: {},
    price: { kind: 'default' },
  };
}

export function applyModelPatch(current: ModelSettings, patch: ModelPatch): ModelSettings {
  return {
    modelId: current.modelId,
    offered: patch.offered ?? current.offered,
    name: withoutNulls({ ...current.name, ...patch.name }),
    description: withoutNulls({ ...current.description, ...patch.description }),
    price: patch.price ?? current.price,
  };
}

/** Only the languages a text is given in: null means "the default", so it is not kept. */
function withoutNulls(text: LocalizedText): LocalizedText {
  return Object.fromEntries(Object.entries(text).filter(([, value]) => value !== null));
}

export function applyGlobalPatch(current: GlobalSettings, patch: GlobalPatch): GlobalSettings {
  return {
    markupPercent: patch.markupPercent ?? current.markupPercent,
    welcomeStars: patch.welcomeStars ?? current.welcomeStars,
    topupPacks: patch.topupPacks ?? current.topupPacks,
    reminders: patch.reminders ?? current.reminders,
  };
}

/** One field an admin changed, old and new, for the audit log (rendered in the reader's language). */
export type SettingChange =
  | { field: 'offered'; from: boolean | null; to: boolean | null }
  | { field: 'name' | 'description'; locale: TextLocale; from: string | null; to: string | null }
  | { field: 'price'; from: PriceRule; to: PriceRule }
  | { field: 'markup'; from: string | null; to: string | null }
  | { field: 'welcome'; from: number | null; to: number | null }
  | { field: 'packs'; from: number[] | null; to: number[] | null }
  | { field: 'reminders'; from: ReminderRule[] | null; to: ReminderRule[] | null };

const samePrice = (a: PriceRule, b: PriceRule) => JSON.stringify(a) === JSON.stringify(b);

/** What a model write changed; empty when it changed nothing. */
export function modelChanges(before: ModelSettings, after: ModelSettings): SettingChange[] {
  const out: SettingChange[] = [];
  if (before.offered !== after.offered)
    out.push({ field: 'offered', from: before.offered, to: after.offered });
  for (const field of ['name', 'description'] as const) {
    const locales = new Set([...Object.keys(before[field]), ...Object.keys(after[field])]);
    for (const locale of [...locales].sort()) {
      const from = before[field][locale] ?? null;
      const to = after[field][locale] ?? null;
      if (from !== to) out.push({ field, locale, from, to });
    }
  }
  if (!samePrice(before.price, after.price))
    out.push({ field: 'price', from: before.price, to: after.price });
  return out;
}

/** What a global write changed; empty when it changed nothing. */
export function globalChanges(before: GlobalSettings, after: GlobalSettings): SettingChange[] {
  const out: SettingChange[] = [];
  if (before.markupPercent !== after.markupPercent)
    out.push({ field: 'markup', from: before.markupPercent, to: after.markupPercent });
  if (before.welcomeStars !== after.welcomeStars)
    out.push({ field: 'welcome', from: before.welcomeStars, to: after.welcomeStars });
  if (String(before.topupPacks) !== String(after.topupPacks))
    out.push({ field: 'packs', from: before.topupPacks, to: after.topupPacks });
  // null (as REMINDERS says) and [] (all off) differ: String() would read both as "".
  if (JSON.stringify(before.reminders) !== JSON.stringify(after.reminders))
    out.push({ field: 'reminders', from: before.reminders, to: after.reminders });
  return out;
}
