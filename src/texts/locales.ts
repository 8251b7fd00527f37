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
