/**
 * The pages' texts, taken from the bot's own locales (every locales/<tag>.ftl, found as the bot
 * finds them: texts/locales.ts): every message whose key starts with `miniapp-` as
 * `virtual:miniapp-strings` (the control room), and `app-` as `virtual:app-strings` (the customers'
 * app), each page bundling only its own (texts/miniapp-strings.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { localesIn } from '../src/texts/locales.js';
import { type MiniAppTextPrefix, miniAppMessages } from '../src/texts/miniapp-strings.js';

const PREFIXES: Record<string, MiniAppTextPrefix> = {
  'virtual:miniapp-strings': 'miniapp-',
  'virtual:app-strings': 'app-',
};

export function miniAppStrings(localesDir: string): Plugin {
  return {
    name: 'miniapp-strings',
    resolveId: (id) => (id in PREFIXES ? `\0${id}` : undefined),
    load(id) {
      const prefix = id.startsWith('\0') ? PREFIXES[id.slice(1)] : undefined;
      if (!prefix) return undefined;
      const table: Record<string, Record<string, string>> = {};
      for (const locale of localesIn(localesDir)) {
        const file = join(localesDir, `${locale}.ftl`);
        this.addWatchFile(file);
        table[locale] = miniAppMessages(readFileSync(file, 'utf8'), undefined, prefix);
      }
      return `export default ${JSON.stringify(table)};`;
    },
  };
}
