/**
 * The languages the bot speaks and where their Fluent files are: shared by the config (which checks
 * brand overrides against them) and the bot (which renders them).
 */
import { resolve } from 'node:path';

export const SUPPORTED_LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const LOCALES_DIR = resolve(import.meta.dirname, '../../locales');

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
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
