/**
 * The start-up check of every installed language file against English (locales/en.ftl), so a
 * translator's slip stops the bot with the file and the line instead of showing a broken text:
 * - a line Fluent cannot read, or a message that does not parse: refused;
 * - a message whose variables differ from English's (it would show a blank, or leave one out):
 *   refused;
 * - a key English does not have (a typo): refused;
 * - a key English has and the file lacks: allowed, shown in DEFAULT_LOCALE (then English), and
 *   listed once in the log at start-up (`missing`).
 */
import { junkProblems, messagesOf, unparsedMessages, variableList, variablesOf } from './fluent-entries.js';
import { type Locale, localeFile, localeSource, SUPPORTED_LOCALES } from './locales.js';

export interface LocaleCheck {
  /** What stops the start: "<file> line <n>: ...". */
  problems: string[];
  /** English's keys this file lacks, in English's order. */
  missing: string[];
}

/** `source` (the file `file`, of `locale`) checked against English's `english`. */
export function checkLocaleSource(
  file: string,
  locale: string,
  source: string,
  english: string,
): LocaleCheck {
  const problems = junkProblems(file, source);
  const reference = new Map(messagesOf(english).map((entry) => [entry.id, entry]));
  const entries = messagesOf(source);
  const broken = unparsedMessages(
    locale,
    source,
    entries.map((entry) => entry.id),
  );
  const seen = new Set<string>();
  for (const { id, line, source: text } of entries) {
    const ours = reference.get(id);
    if (seen.has(id)) problems.push(`${file} line ${line}: "${id}" is defined twice`);
    else if (!ours) problems.push(`${file} line ${line}: "${id}" is not one of our texts (a typo?)`);
    else if (broken.has(id)) problems.push(`${file} line ${line}: "${id}" does not parse`);
    else {
      const own = variablesOf(text).sort();
      const wanted = variablesOf(ours.source).sort();
      if (own.join() !== wanted.join())
        problems.push(
          `${file} line ${line}: "${id}" uses ${variableList(own)}, English uses ${variableList(wanted)}`,
        );
    }
    seen.add(id);
  }
  const missing = [...reference.keys()].filter((id) => !seen.has(id));
  return { problems, missing };
}

let checked: { of: readonly Locale[]; checks: Map<Locale, LocaleCheck> } | undefined;

/**
 * Every installed language file checked against English, once per set of languages (the files
 * do not change while the process runs).
 */
export function checkInstalledLocales(): ReadonlyMap<Locale, LocaleCheck> {
  if (checked?.of !== SUPPORTED_LOCALES) {
    const english = localeSource('en');
    const others = SUPPORTED_LOCALES.filter((locale) => locale !== 'en');
    checked = {
      of: SUPPORTED_LOCALES,
      checks: new Map(
        others.map((locale) => [
          locale,
          checkLocaleSource(localeFile(locale), locale, localeSource(locale), english),
        ]),
      ),
    };
  }
  return checked.checks;
}
