/**
 * The page's texts in the admin's Telegram language when the bot speaks it, else English, from the
 * bot's own locales (`miniapp-` messages, see strings-plugin.ts). `{ $name }` placeables are filled
 * in here; a message missing in a language is shown in English.
 */
import strings from 'virtual:miniapp-strings';
import { formatUsd } from './money.js';

export type Locale = string;

let locale: Locale = 'en';

export function setLocale(languageCode: string | undefined): void {
  const base = languageCode?.toLowerCase().split(/[-_]/)[0] ?? 'en';
  locale = base in strings ? base : 'en';
  document.documentElement.lang = locale;
}

export function currentLocale(): Locale {
  return locale;
}

export function t(key: string, vars: Record<string, string | number> = {}): string {
  const text = strings[locale]?.[key] ?? strings.en[key] ?? key;
  return text.replace(/\{\s*\$([\w-]+)\s*\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** Whole numbers in the admin's language (1 234 / 1,234). */
export function num(n: number): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** A USD amount (an exact decimal string) in cents, in the admin's language (money.ts). */
export function usd(amount: string): string {
  return formatUsd(amount, locale);
}
