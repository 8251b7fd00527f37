/**
 * Localisation: Fluent files, one per installed language (texts/locales.ts) with the same keys.
 *
 * The language is, in order: what the user picked with /language, Telegram's language_code when we
 * speak it, and DEFAULT_LOCALE. Every variable passed to `ctx.t` (the bot's
 * escape-translation-variables middleware) or to `textsFor(...).t` is HTML-escaped, because all our
 * messages use parse_mode HTML and variables carry user or upstream text.
 */
import { I18n } from '@grammyjs/i18n';
import type { LanguageCode } from 'grammy/types';
import { escapeHtml } from '../lib/html.js';
import {
  addSupportLine,
  type BillingMode,
  type Branding,
  brandedSource,
  NO_BRANDING,
} from '../texts/branding.js';
import { messagesOf } from '../texts/fluent-entries.js';
import { checkInstalledLocales } from '../texts/locale-check.js';
import {
  isSupportedLocale,
  type Locale,
  localeSource,
  SUPPORTED_LOCALES,
  spokenLocale,
} from '../texts/locales.js';
import type { TelegramContext } from './context.js';
import { type DateTimeFormatter, dateTimeFormatter } from './date-time.js';

export {
  isSupportedLocale,
  LOCALES_DIR,
  type Locale,
  languageLabel,
  SUPPORTED_LOCALES,
} from '../texts/locales.js';

/** The i18n instances of bots that show no prices: textsFor() tells its texts so. */
const pricesHidden = new WeakSet<I18n<TelegramContext>>();

/** The zone (TIME_ZONE) textsFor()'s dates and times are written in, per i18n instance; UTC when unset. */
const timeZones = new WeakMap<I18n<TelegramContext>, string>();

/**
 * `branding` (config.branding) applies the reseller's brand name, texts and support line (branding.ts);
 * `billing` (config.billing.mode) picks the wording about money: "charged" only with Stars billing;
 * `timeZone` (config.timeZone) is the zone of the dates and times in textsFor()'s texts.
 */
export function createI18n(
  defaultLocale: Locale,
  branding: Branding = NO_BRANDING,
  billing: BillingMode = 'off',
  timeZone = 'UTC',
): I18n<TelegramContext> {
  const i18n = new I18n<TelegramContext>({
    defaultLocale,
    // Bidi isolation marks around variables would show up as junk in Telegram.
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: (ctx) => spokenLocale(ctx.user?.locale, ctx.from?.language_code, defaultLocale),
  });
  if (branding.showPrices === false) pricesHidden.add(i18n);
  timeZones.set(i18n, timeZone);
  for (const locale of SUPPORTED_LOCALES) {
    const missing = checkInstalledLocales().get(locale)?.missing ?? [];
    const own = withFallbacks(localeSource(locale), missing, [
      localeSource(defaultLocale),
      localeSource('en'),
    ]);
    i18n.loadLocaleSync(locale, { source: brandedSource(own, locale, branding, billing) });
  }
  if (branding.supportContact) addSupportLine(i18n, branding.supportContact);
  matchBundlesOncePerLocale(i18n);
  return i18n;
}

/**
 * `own` with the messages it lacks (`missing`) taken from the first of `fallbacks` that has each
 * (DEFAULT_LOCALE's file, then English's): a language file need not be complete, and its reader
 * sees the default language where it is not. Added once here, so Fluent never warns per text.
 */
export function withFallbacks(own: string, missing: readonly string[], fallbacks: readonly string[]): string {
  if (missing.length === 0) return own;
  const sources = fallbacks.map((source) => new Map(messagesOf(source).map((m) => [m.id, m.source])));
  const added = missing
    .map((id) => sources.map((messages) => messages.get(id)).find((text) => text !== undefined))
    .filter((text): text is string => text !== undefined);
  return [own, ...added].join('\n');
}

/** Bundle lists kept per locale list; a bound on them, in case a caller passes arbitrary locales. */
const MAX_MATCHED_LOCALES = 32;

/**
 * Fluent negotiates the locale (@fluent/langneg) again on every `t()` call: 15% of the bot's CPU
 * per update. The bundles a locale list matches never change once every locale is loaded (all
 * are at start-up, above), so each list is negotiated once and the answer kept.
 */
function matchBundlesOncePerLocale(i18n: Pick<I18n, 'fluent'>): void {
  // A private method of @grammyjs/i18n's Fluent: translate() is its only caller.
  const fluent = i18n.fluent as unknown as { matchBundles(locales: string[]): unknown };
  const match = fluent.matchBundles.bind(fluent);
  const matched = new Map<string, unknown>();
  fluent.matchBundles = (locales) => {
    const key = locales.length === 1 ? locales[0]! : locales.join('\n');
    let bundles = matched.get(key);
    if (bundles === undefined) {
      bundles = match(locales);
      if (matched.size < MAX_MATCHED_LOCALES) matched.set(key, bundles);
    }
    return bundles;
  };
}

export type Vars = Record<string, string | number | Date> | undefined;

/**
 * What rendering a text needs: the language, a translate function that escapes variables, and the
 * reader's dates and times (`dateTime`, `time`: in TIME_ZONE, in this language; see date-time.ts).
 */
export interface Texts extends DateTimeFormatter {
  locale: Locale;
  /** False: prices are not shown to customers (SHOW_PRICES=false); undefined means shown. */
  showPrices?: boolean;
  t(key: string, vars?: Record<string, string | number | Date>): string;
}

/** `vars` with every string HTML-escaped (numbers and dates are formatted by Fluent). */
export function escapeVars(vars: Vars): Vars {
  if (!vars) return vars;
  const out: Record<string, string | number | Date> = {};
  for (const [k, v] of Object.entries(vars)) out[k] = typeof v === 'string' ? escapeHtml(v) : v;
  return out;
}

/**
 * Texts for a stored customer outside of an update (notices the bot sends first): the language they
 * picked with /language, else their Telegram's, else DEFAULT_LOCALE.
 */
export function textsForUser(
  i18n: I18n<TelegramContext>,
  user: { locale: string | null; languageCode: string | null } | undefined,
  defaultLocale: Locale,
): Texts {
  return textsFor(i18n, spokenLocale(user?.locale, user?.languageCode, defaultLocale));
}

/** Texts for a chat outside of an update (the tracker, start-up notices), in the stored locale. */
export function textsFor(i18n: I18n<TelegramContext>, locale: string): Texts {
  const resolved: Locale = isSupportedLocale(locale) ? locale : 'en';
  const t = (key: string, vars?: Vars) => i18n.t(resolved, key, escapeVars(vars));
  const { dateTime, time } = dateTimeFormatter(resolved, timeZones.get(i18n) ?? 'UTC');
  const texts: Texts = { locale: resolved, t, dateTime, time };
  return pricesHidden.has(i18n) ? { ...texts, showPrices: false } : texts;
}

/** A locale as the Bot API's `language_code` (an installed locale's name is its ISO 639 code). */
export function languageCodeOf(locale: Locale): LanguageCode {
  return locale as LanguageCode;
}
