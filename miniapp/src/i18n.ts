/**
 * The page's texts in the user's Telegram language when the bot speaks it, else English, from the
 * bot's own locales (`miniapp-` messages for the control room, `app-` for the customers' app, see
 * strings-plugin.ts). The shipped languages come with
 * the bundle; one a brand folder added is fetched from the server once, before the page is drawn
 * (server/miniapp/strings.ts). `{ $name }` placeables are filled in here; a message missing in a
 * language is shown in English.
 */
import { formatUsd } from './money.js';

export type Locale = string;

let locale: Locale = 'en';
/** The page's own texts as bundled (installStrings): the control room's or the customers' app's. */
let bundled: Record<string, Record<string, string>> & { en: Record<string, string> } = { en: {} };
let strings: Record<string, Record<string, string>> = {};

/** The page's bundled texts (its entry imports them: `virtual:miniapp-strings`, `virtual:app-strings`). */
export function installStrings(
  table: Record<string, Record<string, string>> & { en: Record<string, string> },
) {
  bundled = table;
  strings = { ...table };
}

/** Fetched from the server (a language the bundle lacks); undefined when it does not have it either. */
async function fetchStrings(tag: string): Promise<Record<string, string> | undefined> {
  if (!/^[a-z]{2,3}$/.test(tag)) return undefined;
  try {
    const res = await fetch(`strings/${tag}.json`);
    return res.ok ? ((await res.json()) as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

/** Picks the page's language; resolves once its texts are at hand (at once for a bundled one). */
export async function setLocale(languageCode: string | undefined): Promise<void> {
  const base = languageCode?.toLowerCase().split(/[-_]/)[0] ?? 'en';
  if (!(base in strings)) {
    const fetched = await fetchStrings(base);
    if (fetched) strings[base] = fetched;
  }
  locale = base in strings ? base : 'en';
  document.documentElement.lang = locale;
}

export function currentLocale(): Locale {
  return locale;
}

export function t(key: string, vars: Record<string, string | number> = {}): string {
  const text = strings[locale]?.[key] ?? bundled.en[key] ?? key;
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
