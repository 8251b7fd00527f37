/**
 * The languages the bot speaks and where their Fluent files are: shared by the config (which checks
 * brand overrides against them) and the bot (which renders them). A language is installed by
 * dropping its file into locales/ (`<tag>.ftl`, the same keys as en.ftl), or into the brand folder
 * (BRAND_TEXTS_DIR/<tag>.ftl, for a language we do not ship): found at start-up, no code to change.
 * Each file names its own language (`language-name`), as /language lists it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCALES_DIR = resolve(import.meta.dirname, '../../locales');

/** A language tag the bot speaks ("en", "ru", "uk"): the name of its file. */
export type Locale = string;

/** What a language file may be called: a base language tag, as Telegram's language_code starts. */
export const LOCALE_FILE = /^([a-z]{2,3})\.ftl$/;

/**
 * The languages whose files `dir` holds, English first (the reference every other file is checked
 * against): locales/ for the bot, and for the Mini App's build.
 */
export function localesIn(dir: string): Locale[] {
  const found = readdirSync(dir)
    .map((name) => LOCALE_FILE.exec(name)?.[1])
    .filter((tag): tag is string => tag !== undefined)
    .sort();
  return ['en', ...found.filter((tag) => tag !== 'en')];
}

/** The languages this project ships (locales/). */
export const SHIPPED_LOCALES: readonly Locale[] = localesIn(LOCALES_DIR);

/** Each installed language's file. */
const files = new Map<Locale, string>(
  SHIPPED_LOCALES.map((locale) => [locale, join(LOCALES_DIR, `${locale}.ftl`)]),
);

/** Every installed language: those shipped, then those a brand folder added (installLanguages). */
export let SUPPORTED_LOCALES: readonly Locale[] = SHIPPED_LOCALES;

/** A language a brand folder adds: its tag and its file. */
export interface AddedLanguage {
  locale: Locale;
  file: string;
}

/**
 * Installs the languages a brand folder adds (config.branding.languages), once at start-up, before
 * any text is rendered. A language we ship is not replaced.
 */
export function installLanguages(added: readonly AddedLanguage[]): void {
  for (const { locale, file } of added) if (!files.has(locale)) files.set(locale, file);
  SUPPORTED_LOCALES = [...files.keys()];
  sources.clear();
  names.clear();
}

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && files.has(value);
}

/** The file of an installed language. */
export function localeFile(locale: Locale): string {
  const file = files.get(locale);
  if (!file) throw new Error(`${locale} is not an installed language`);
  return file;
}

const sources = new Map<Locale, string>();

/** The Fluent source of an installed language, as its file holds it (read once). */
export function localeSource(locale: Locale): string {
  let source = sources.get(locale);
  if (source === undefined) {
    source = readFileSync(localeFile(locale), 'utf8');
    sources.set(locale, source);
  }
  return source;
}

const names = new Map<Locale, string>();

/**
 * The language's name as its speakers write it, with its flag: "🇺🇦 Українська" (its file's own
 * `language-name`; a file without one shows its tag).
 */
export function languageLabel(locale: Locale): string {
  let name = names.get(locale);
  if (name === undefined) {
    const own = isSupportedLocale(locale) ? localeSource(locale) : '';
    name = /^language-name\s*=\s*(.+)$/m.exec(own)?.[1]?.trim() ?? locale;
    names.set(locale, name);
  }
  return name;
}

/** Maps Telegram's language_code ("ru", "en-US", "ru_RU") to a locale we speak, if any: its base tag. */
function localeOfLanguageCode(code: string | null | undefined): Locale | undefined {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return isSupportedLocale(base) ? base : undefined;
}

/**
 * The language the bot speaks to a user: the one they chose, else Telegram's when we speak it, else
 * the default. The bot's i18n and the broadcast audience "by language" (db/repositories/broadcasts.ts,
 * the same rule in SQL) both follow it.
 */
export function spokenLocale(
  chosen: string | null | undefined,
  languageCode: string | null | undefined,
  defaultLocale: Locale,
): Locale {
  return (
    (isSupportedLocale(chosen) ? chosen : undefined) ?? localeOfLanguageCode(languageCode) ?? defaultLocale
  );
}
