/**
 * White-label texts: the reseller's brand name (BRAND_NAME), their own wording of any of our
 * messages (BRAND_TEXTS_DIR/en.ftl, ru.ftl, uk.ftl), their customers' language where we ship none
 * (BRAND_TEXTS_DIR/de.ftl: a whole language, see texts/locales.ts) and a support contact
 * (SUPPORT_CONTACT).
 *
 * Override files are read and checked once at start-up (config.ts), so a typo stops the bot with a
 * message naming the file, the line and the key instead of showing users a broken text. createI18n
 * then loads, per language: our file, the brand name, the override file (later definitions win).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { I18n } from '@grammyjs/i18n';
import { BIDI_CONTROLS } from '../domain/live-settings.js';
import { escapeHtml } from '../lib/html.js';
import {
  bundleOf,
  junkProblems,
  messagesOf,
  unparsedMessages,
  variableList,
  variablesOf,
} from './fluent-entries.js';
import { checkLocaleSource } from './locale-check.js';
import { type AddedLanguage, LOCALE_FILE } from './locales.js';

export interface Branding {
  /** BRAND_NAME: the `brand-name` message in every language; null keeps ours. */
  name: string | null;
  /** SUPPORT_CONTACT (e.g. "@shop_support"); null adds no support line anywhere. */
  supportContact: string | null;
  /** Checked Fluent sources from BRAND_TEXTS_DIR, by locale. */
  texts: Partial<Record<string, string>>;
  /** Languages BRAND_TEXTS_DIR adds (files of languages we do not ship), installed at start-up. */
  languages?: readonly AddedLanguage[];
  /** SHOW_PRICES=false: customers see no prices (a free bot); unset means shown. */
  showPrices?: boolean;
}

export const NO_BRANDING: Branding = { name: null, supportContact: null, texts: {} };

/** Texts that end with the support line when SUPPORT_CONTACT is set (each shown on its own). */
const SUPPORT_LINE_KEYS: ReadonlySet<string> = new Set([
  'help-text',
  'error-generic',
  'order-refused',
  'tracking-lost',
  'tracking-undelivered',
  'access-private',
  'access-banned',
  'paysupport-text',
]);
const SUPPORT_LINE_KEY = 'access-support';

/**
 * Problems of one override file against our file of the same language: lines Fluent cannot read,
 * messages that do not parse, keys we do not have (typos), keys defined twice, command descriptions
 * (the command lists are registered unbranded), and variables or messages the text would not have
 * when shown (only the variables our own text uses count as provided). Empty means usable.
 */
export function checkBrandText(file: string, locale: string, source: string, ownSource: string): string[] {
  const problems = junkProblems(file, source);
  // A plan's name or any other text with bidi embedding/override/isolate controls could make a menu
  // line read differently from what it is (issue 38).
  source.split('\n').forEach((text, i) => {
    if (BIDI_CONTROLS.test(text)) {
      problems.push(
        `${file} line ${i + 1}: contains bidirectional control characters (U+202A-U+202E, U+2066-U+2069), which could make a menu read differently: remove them`,
      );
    }
  });
  const ours = new Map(messagesOf(ownSource).map((m) => [m.id, m]));
  const overrides = messagesOf(source);
  const seen = new Set<string>();
  for (const { id, line } of overrides) {
    if (seen.has(id)) problems.push(`${file} line ${line}: "${id}" is defined twice`);
    else if (!ours.has(id)) problems.push(`${file} line ${line}: "${id}" is not one of our texts (a typo?)`);
    else if (/(^|-)command-/.test(id)) {
      problems.push(`${file} line ${line}: "${id}" is a command description, which cannot be rebranded`);
    }
    seen.add(id);
  }
  if (overrides.length === 0 && problems.length === 0) problems.push(`${file}: defines no texts`);
  if (problems.length > 0) return problems;

  // Alone, a message that does not parse is missing; with ours, it would silently fall back to ours.
  const unparsed = unparsedMessages(
    locale,
    source,
    overrides.map((entry) => entry.id),
  );
  const together = bundleOf(locale, `${ownSource}\n${source}`);
  for (const { id, line } of overrides) {
    if (unparsed.has(id)) {
      problems.push(`${file} line ${line}: "${id}" does not parse`);
      continue;
    }
    const ourVariables = variablesOf(ours.get(id)!.source);
    try {
      together.t(locale, id, Object.fromEntries(ourVariables.map((name) => [name, 2])));
    } catch (error) {
      const provided = variableList(ourVariables);
      const reason = error instanceof Error ? error.message : String(error);
      problems.push(`${file} line ${line}: "${id}": ${reason} (variables of this text: ${provided})`);
    }
  }
  return problems;
}

/** "en.ftl, ru.ftl, uk.ftl": the files of these languages. */
function fileNames(locales: readonly string[]): string {
  return locales.map((locale) => `${locale}.ftl`).join(', ');
}

/**
 * Reads BRAND_TEXTS_DIR: `<locale>.ftl` for the locales we speak (either may be missing); any other
 * .ftl file is reported (a misnamed file would otherwise be ignored). Other files are ignored.
 */
export function loadBrandTexts(
  dir: string,
  own: { dir: string; locales: readonly string[] },
): { texts: Branding['texts']; languages: AddedLanguage[]; problems: string[] } {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory())
      return { texts: {}, languages: [], problems: [`${dir} is not a folder`] };
    names = readdirSync(dir).sort();
  } catch {
    return { texts: {}, languages: [], problems: [`${dir} cannot be read`] };
  }
  const texts: Branding['texts'] = {};
  const languages: AddedLanguage[] = [];
  const problems: string[] = [];
  const ftl = names.filter((name) => extname(name) === '.ftl');
  if (ftl.length === 0) problems.push(`${dir} holds none of ${fileNames(own.locales)}`);
  for (const name of ftl) {
    const file = join(dir, name);
    const locale = name.slice(0, -'.ftl'.length);
    const added = !own.locales.includes(locale);
    if (added && !LOCALE_FILE.test(name)) {
      problems.push(
        `${file}: a language's file is named by its language code (de.ftl, pt.ftl); ours are ${fileNames(own.locales)}`,
      );
      continue;
    }
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      problems.push(`${file} cannot be read`);
      continue;
    }
    if (added) {
      // A language we do not ship: the file is that language, checked as ours are (locale-check.ts).
      const english = readFileSync(join(own.dir, 'en.ftl'), 'utf8');
      const found = checkLocaleSource(file, locale, source, english).problems;
      if (found.length > 0) problems.push(...found);
      else languages.push({ locale, file });
      continue;
    }
    const found = checkBrandText(file, locale, source, readFileSync(join(own.dir, name), 'utf8'));
    if (found.length > 0) problems.push(...found);
    else texts[locale] = source;
  }
  return { texts, languages, problems };
}

/** A Fluent string literal: the brand name is shown verbatim, whatever braces or quotes it holds. */
function fluentString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** BILLING: with `stars`, texts about money speak of Stars being charged; with `off`, they don't. */
export type BillingMode = 'off' | 'stars';

/**
 * The `-setup` term our texts select on (declared with its defaults at the top of each .ftl file):
 * `.billing` and `.support` say whether customers pay in Stars and whether a support line follows.
 */
function setupTerm(billing: BillingMode, branding: Branding): string {
  return [
    '-setup = setup',
    `    .billing = ${billing}`,
    `    .support = ${branding.supportContact ? 'contact' : 'none'}`,
  ].join('\n');
}

/**
 * Our source for one language with the bot's setup and the brand applied: ours, the `-setup` term,
 * then BRAND_NAME, then the override file (later definitions win).
 */
export function brandedSource(
  ownSource: string,
  locale: string,
  branding: Branding,
  billing: BillingMode = 'off',
): string {
  const parts = [ownSource, setupTerm(billing, branding)];
  // Texts are HTML: the brand is reseller text, so it is escaped like any variable.
  if (branding.name) parts.push(`brand-name = { ${fluentString(escapeHtml(branding.name))} }`);
  const override = branding.texts[locale];
  if (override) parts.push(override);
  return parts.join('\n');
}

/**
 * Appends the support line to the texts of SUPPORT_LINE_KEYS. It sits in the one function every
 * text goes through (`ctx.t`, `i18n.t`, the tracker's texts), so no feature has to remember it.
 */
export function addSupportLine(i18n: Pick<I18n, 'fluent'>, contact: string): void {
  const { fluent } = i18n;
  const translate = fluent.translate.bind(fluent);
  const support = escapeHtml(contact);
  fluent.translate = (locales, path, context) => {
    const text = translate(locales, path, context);
    if (!SUPPORT_LINE_KEYS.has(path)) return text;
    return `${text}\n\n${translate(locales, SUPPORT_LINE_KEY, { support })}`;
  };
}
