/**
 * A Fluent file read line by line, as a translator wrote it: its messages with their lines and raw
 * text, the variables a message uses, and the lines Fluent would skip as junk. The checks of
 * language files and brand overrides (locale-check.ts, branding.ts) name a file's line with these;
 * Fluent's own parser keeps no line numbers. What Fluent itself cannot read is asked of a bundle.
 */
import { I18n } from '@grammyjs/i18n';

/** A message or term definition at the start of a line: `key = ...` or `-term = ...`. */
const ENTRY_START = /^(-?)([a-zA-Z][\w-]*)[ \t]*=/;
/** Lines a Fluent entry may continue with at column 0: variants, attributes, a closing brace. */
const CONTINUATION_AT_COLUMN_0 = /^[[*}.]/;

export interface Entry {
  id: string;
  /** 1-based line of its `key =`. */
  line: number;
  source: string;
}

/** The messages (not terms) a Fluent source defines, with their raw text, in file order. */
export function messagesOf(source: string): Entry[] {
  const entries: Entry[] = [];
  let current: Entry | undefined;
  source.split(/\r?\n/).forEach((text, i) => {
    const start = ENTRY_START.exec(text);
    if (start) {
      current = start[1] ? undefined : { id: start[2]!, line: i + 1, source: text };
      if (current) entries.push(current);
    } else if (text.startsWith('#')) {
      current = undefined;
    } else if (current) {
      current.source += `\n${text}`;
    }
  });
  return entries;
}

/** The variables (`$name`) a message's raw text uses, each once. */
export function variablesOf(entrySource: string): string[] {
  return [...new Set([...entrySource.matchAll(/\{\s*\$([\w-]+)/g)].map((m) => m[1]!))];
}

/** Lines at column 0 that are neither an entry, a comment nor a continuation: junk to Fluent. */
export function junkLines(source: string): number[] {
  const junk: number[] = [];
  source.split(/\r?\n/).forEach((text, i) => {
    if (text.trim() === '' || /^\s/.test(text) || text.startsWith('#')) return;
    if (ENTRY_START.test(text) || CONTINUATION_AT_COLUMN_0.test(text)) return;
    junk.push(i + 1);
  });
  return junk;
}

/** A problem for each line Fluent would skip as junk in `file`. */
export function junkProblems(file: string, source: string): string[] {
  return junkLines(source).map(
    (line) =>
      `${file} line ${line}: not valid Fluent (a text goes on a "key = ..." line, its next lines indented)`,
  );
}

/** "$name, $count", or "none": variables as a problem names them. */
export function variableList(names: readonly string[]): string {
  return names.length > 0 ? names.map((name) => `$${name}`).join(', ') : 'none';
}

/** `source` as Fluent renders it in `locale`, told of every message it cannot find (`onMissing`). */
export function bundleOf(locale: string, source: string, onMissing?: (id: string) => void): I18n {
  const i18n = new I18n({
    defaultLocale: locale,
    fluentBundleOptions: { useIsolating: false },
    fluentOptions: {
      warningHandler: (warning) => {
        if ('messageId' in warning) onMissing?.(warning.messageId);
      },
    },
  });
  i18n.loadLocaleSync(locale, { source });
  return i18n;
}

/**
 * The messages among `ids` that Fluent could not read in `source` alone (a broken placeable, a
 * variant list without a default): it skips them, so they are missing.
 */
export function unparsedMessages(locale: string, source: string, ids: readonly string[]): Set<string> {
  const lost = new Set<string>();
  const alone = bundleOf(locale, source, (id) => lost.add(id));
  for (const id of ids) {
    try {
      alone.t(locale, id);
    } catch {
      // Formatting alone may fail on variables or references to other files: presence is enough.
    }
  }
  return lost;
}
