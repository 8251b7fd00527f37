/**
 * A Fluent file read line by line, as a translator wrote it: its messages with their lines and raw
 * text, the variables a message uses, and the lines Fluent would skip as junk. The checks of
 * language files and brand overrides (locale-check.ts, branding.ts) name a file's line with these;
 * Fluent's own parser keeps no line numbers.
 */

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
