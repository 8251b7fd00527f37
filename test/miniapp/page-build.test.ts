/**
 * The pages as built (the control room and the customers' app): each under its gzipped size budget,
 * counting the files it loads, nothing from another origin and no inline script (the CSP would refuse
 * it), and every text they show defined in every locale.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { localesIn } from '../../src/texts/locales.js';
import { miniAppMessages } from '../../src/texts/miniapp-strings.js';
import { ensureMiniAppBuilt } from './built-page.js';

/** The issue's budget for the whole page, gzipped. */
const BUDGET_BYTES = 150 * 1024;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** The files a built page loads: itself and every asset its HTML names (scripts, preloads, styles). */
function pageFiles(dir: string, page: string): string[] {
  const html = readFileSync(join(dir, page), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/miniapp\/(assets\/[^"]+)"/g)].map((m) =>
    join(dir, m[1]!),
  );
  return [join(dir, page), ...assets];
}

describe.each([
  ['the control room', 'index.html'],
  ["the customers' app", 'app.html'],
])('the built Mini App page: %s', (_name, page) => {
  let dir: string;
  beforeAll(async () => {
    dir = await ensureMiniAppBuilt();
  }, 120_000);

  it(`stays under ${BUDGET_BYTES / 1024} KB gzipped, scripts and styles together`, () => {
    const files = pageFiles(dir, page);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    const gzipped = files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
    console.log(
      `Mini App ${page}: ${(gzipped / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_BYTES / 1024} KB)`,
    );
    expect(gzipped).toBeLessThan(BUDGET_BYTES);
  });

  it('loads nothing from another origin and has no inline script', () => {
    const html = readFileSync(join(dir, page), 'utf8');
    // Our own files, or an inline empty favicon (data:, fetches nothing).
    for (const src of html.matchAll(/(?:src|href)="([^"]+)"/g))
      expect(src[1]).toMatch(/^(\/miniapp\/|data:,$)/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/telegram\.org/);
    const js = filesUnder(dir).filter((f) => f.endsWith('.js'));
    for (const f of js) expect(readFileSync(f, 'utf8')).not.toContain('telegram-web-app.js');
  });
});

describe("the pages' texts", () => {
  const sources = filesUnder(join(ROOT, 'miniapp/src')).map((f) => readFileSync(f, 'utf8'));
  const used = new Set<string>();
  for (const code of sources) {
    for (const m of code.matchAll(/\bt\(\s*'((?:miniapp|app)-[a-z0-9-]+)'/g)) used.add(m[1]!);
    // Keys built from a list: `miniapp-tab-${name}` (`app-tab-${name}`) over TABS.
    for (const m of code.matchAll(/const TABS = \[([^\]]+)\]/g)) {
      const prefix = code.includes('`app-tab-${') ? 'app-tab-' : 'miniapp-tab-';
      for (const name of m[1]!.matchAll(/'([a-z-]+)'/g)) used.add(`${prefix}${name[1]}`);
    }
  }

  it('are all defined in every locale, as messages the page can render', () => {
    expect(used.size).toBeGreaterThan(40);
    expect([...used].some((key) => key.startsWith('app-'))).toBe(true);
    expect(localesIn(join(ROOT, 'locales'))).toEqual(expect.arrayContaining(['en', 'ru']));
    for (const locale of localesIn(join(ROOT, 'locales'))) {
      const source = readFileSync(join(ROOT, `locales/${locale}.ftl`), 'utf8');
      const messages = { ...miniAppMessages(source), ...miniAppMessages(source, undefined, 'app-') };
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
