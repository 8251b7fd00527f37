/**
 * The page as built: under its gzipped size budget, nothing from another origin and no inline
 * script (the CSP would refuse it), and every text it shows defined in both locales.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { localesIn } from '../../src/texts/locales.js';
import { miniAppMessages } from '../../src/texts/miniapp-strings.js';
import { ensureMiniAppBuilt } from './built-page.js';

/** The budget for the whole page, gzipped. */
const BUDGET_BYTES = 150 * 1024;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('the built Mini App page', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await ensureMiniAppBuilt();
  }, 120_000);

  it(`stays under ${BUDGET_BYTES / 1024} KB gzipped, scripts and styles together`, () => {
    const files = filesUnder(dir);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    const gzipped = files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
    console.log(
      `Mini App bundle: ${(gzipped / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB)`,
    );
    expect(gzipped).toBeLessThan(BUDGET_BYTES);
  });

  it('loads nothing from another origin and has no inline script', () => {
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    // Our own files, or an inline empty favicon (data:, fetches nothing).
    for (const src of html.matchAll(/(?:src|href)="([^"]+)"/g))
      expect(src[1]).toMatch(/^(\/miniapp\/|data:,$)/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/telegram\.org/);
    const js = filesUnder(dir).filter((f) => f.endsWith('.js'));
    for (const f of js) expect(readFileSync(f, 'utf8')).not.toContain('telegram-web-app.js');
  });
});

describe("the page's texts", () => {
  const sources = filesUnder(join(ROOT, 'miniapp/src')).map((f) => readFileSync(f, 'utf8'));
  const used = new Set<string>();
  for (const code of sources) {
    for (const m of code.matchAll(/\bt\(\s*'(miniapp-[a-z0-9-]+)'/g)) used.add(m[1]!);
    // Keys built from a list: `miniapp-tab-${name}` over TABS.
    for (const m of code.matchAll(/const TABS = \[([^\]]+)\]/g)) {
      for (const name of m[1]!.matchAll(/'([a-z-]+)'/g)) used.add(`miniapp-tab-${name[1]}`);
    }
  }

  it('are all defined in every locale, as messages the page can render', () => {
    expect(used.size).toBeGreaterThan(40);
    expect(localesIn(join(ROOT, 'locales'))).toEqual(expect.arrayContaining(['en', 'ru']));
    for (const locale of localesIn(join(ROOT, 'locales'))) {
      const messages = miniAppMessages(readFileSync(join(ROOT, `locales/${locale}.ftl`), 'utf8'));
      const missing = [...used].filter((key) => !(key in messages));
      expect({ locale, missing }).toEqual({ locale, missing: [] });
    }
  });

  it('are read from .ftl one-line messages only', () => {
    expect(miniAppMessages('miniapp-a = Hi { $n }\nother = x\n')).toEqual({ 'miniapp-a': 'Hi { $n }' });
    expect(() => miniAppMessages('miniapp-a = { $n ->\n  *[other] x\n}\n')).toThrow(/one-line/);
    expect(() => miniAppMessages('miniapp-a = Hi { other-term }\n')).toThrow(/placeables/);
  });
});
