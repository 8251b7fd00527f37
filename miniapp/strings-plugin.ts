/**
 * The page's texts, taken from the bot's own locales (every locales/<tag>.ftl, found as the bot
 * finds them: texts/locales.ts): every message whose key starts with `miniapp-`
 * (texts/miniapp-strings.ts), as `virtual:miniapp-strings`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { localesIn } from '../src/texts/locales.js';
import { miniAppMessages } from '../src/texts/miniapp-strings.js';

const ID = 'virtual:miniapp-strings';
const RESOLVED = `\0${ID}`;

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
