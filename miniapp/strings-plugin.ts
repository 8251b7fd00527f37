/**
 * The page's texts, taken from the bot's own locales (every locales/<tag>.ftl, found as the bot
 * finds them: texts/locales.ts): every message whose key starts with `miniapp-`, as
 * `virtual:miniapp-strings`. They are one-line Fluent messages whose only placeables are variables
 * (`{ $n }`), so the page fills them in without a Fluent runtime.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { localesIn } from '../src/texts/locales.js';

const ID = 'virtual:miniapp-strings';
const RESOLVED = `\0${ID}`;

/** The `miniapp-` messages of one .ftl file; a message the page could not render is an error. */
export function miniAppMessages(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = source.split('\n');
  lines.forEach((line, i) => {
    const m = /^(miniapp-[a-z0-9-]+)\s*=\s*(.*)$/.exec(line);
    if (!m) return;
    const [, key, value] = m as unknown as [string, string, string];
    const next = lines[i + 1] ?? '';
    if (/^\s+\S/.test(next) || value === '')
      throw new Error(`${key}: the Mini App takes one-line messages only`);
    if (/\{\s*[^$\s]/.test(value))
      throw new Error(`${key}: the Mini App takes only { $variable } placeables`);
    out[key] = value;
  });
  return out;
}

export function miniAppStrings(localesDir: string): Plugin {
  return {
    name: 'miniapp-strings',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const table: Record<string, Record<string, string>> = {};
      for (const locale of localesIn(localesDir)) {
        const file = join(localesDir, `${locale}.ftl`);
        this.addWatchFile(file);
        table[locale] = miniAppMessages(readFileSync(file, 'utf8'));
      }
      return `export default ${JSON.stringify(table)};`;
    },
  };
}
