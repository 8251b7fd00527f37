/**
 * The Mini App pages' texts: every message of a language file whose key starts with `miniapp-`.
 * They are one-line Fluent messages whose only placeables are variables (`{ $n }`), so the page
 * fills them in without a Fluent runtime. The build bundles the shipped languages' (strictly: a
 * message the page could not render fails the build); a language a brand folder adds is served at
 * run time from its file (leniently: such a message is left out, and the page shows it in English).
 */
import { isSupportedLocale, type Locale, localeSource } from './locales.js';

/** The pages' keys: the control room's (`miniapp-`) and the customers' app's (`app-`, issue 43). */
export type MiniAppTextPrefix = 'miniapp-' | 'app-';

/**
 * The messages of one .ftl file whose keys start with `prefix`; `onProblem` hears each the page
 * could not render.
 */
export function miniAppMessages(
  source: string,
  onProblem: (problem: string) => void = (problem) => {
    throw new Error(problem);
  },
  prefix: MiniAppTextPrefix = 'miniapp-',
): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = source.split('\n');
  const messageLine = new RegExp(`^(${prefix}[a-z0-9-]+)\\s*=\\s*(.*)$`);
  lines.forEach((line, i) => {
    const m = messageLine.exec(line);
    if (!m) return;
    const [, key, value] = m as unknown as [string, string, string];
    const next = lines[i + 1] ?? '';
    if (/^\s+\S/.test(next) || value === '') onProblem(`${key}: the Mini App takes one-line messages only`);
    else if (/\{\s*[^$\s]/.test(value)) onProblem(`${key}: the Mini App takes only { $variable } placeables`);
    else out[key] = value;
  });
  return out;
}

const served = new Map<Locale, Record<string, string>>();

/**
 * An installed language's page texts, as the page fetches them (the ones it cannot render left
 * out); undefined for a language not installed.
 */
export function miniAppStringsOf(locale: Locale): Record<string, string> | undefined {
  if (!isSupportedLocale(locale)) return undefined;
  let strings = served.get(locale);
  if (!strings) {
    // Both pages fetch from here: the control room's texts and the customers' app's.
    const source = localeSource(locale);
    strings = { ...miniAppMessages(source, () => {}), ...miniAppMessages(source, () => {}, 'app-') };
    served.set(locale, strings);
  }
  return strings;
}
