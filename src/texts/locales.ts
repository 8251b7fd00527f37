/**
 * The languages the bot speaks and where their Fluent files are: shared by the config (which checks
 * brand overrides against them) and the bot (which renders them). A language is installed by
 * dropping its file into locales/ (`<tag>.ftl`, the same keys as en.ftl): found at start-up, no code
 * to change. Each file names its own language (`language-name`), as /language lists it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCALES_DIR = resolve(import.meta.dirname, '../../locales');

/** A language tag the bot speaks ("en", "ru", "uk"): the name of its file in locales/. */
export type Locale = string;

/** What a language file may be called: a base language tag, as Telegram's language_code starts. */
const LOCALE_FILE = /^([a-z]{2,3})\.ftl$/;

/** The languages of locales/, English first (the reference every other file is checked against). */
function installedLocales(dir: string): Locale[] {
  const found = readdirSync(dir)
    .map((name) => LOCALE_FILE.exec(name)?.[1])
    .filter((tag): tag is string => tag !== undefined)
    .sort();
  return ['en', ...found.filter((tag) => tag !== 'en')];
}

export const SUPPORTED_LOCALES: readonly Locale[] = installedLocales(LOCALES_DIR);

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && SUPPORTED_LOCALES.includes(value);
}

/** Each language's name in its own words (its file's `language-name`), so anyone finds theirs. */
const LANGUAGE_NAMES = new Map(
  SUPPORTED_LOCALES.map((locale) => {
    const source = readFileSync(join(LOCALES_DIR, `${locale}.ftl`), 'utf8');
    return [locale, /^language-name\s*=\s*(.+)$/m.exec(source)?.[1]?.trim() ?? locale] as const;
  }),
);

/** The language's name as its speakers write it, with its flag: "🇺🇦 Українська". */
export function languageLabel(locale: Locale): string {
  return LANGUAGE_NAMES.get(locale) ?? locale;
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
