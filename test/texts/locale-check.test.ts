/**
 * The start-up check of the language files (texts/locale-check.ts) and the fallback of a text a
 * file lacks (telegram/i18n.ts withFallbacks): what a translator's slip does to the start.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18n } from '@grammyjs/i18n';
import { describe, expect, it } from 'vitest';
import { withFallbacks } from '../../src/telegram/i18n.js';
import { checkInstalledLocales, checkLocaleSource } from '../../src/texts/locale-check.js';
import { SUPPORTED_LOCALES } from '../../src/texts/locales.js';

const ENGLISH = [
  'greeting = Hello, { $name }!',
  'farewell = Bye.',
  'orders = { $count ->',
  '    [one] { $count } order',
  '   *[other] { $count } orders',
  '}',
  '',
].join('\n');

describe('a language file checked against English', () => {
  it('passes complete and faithful, with nothing missing', () => {
    const source = [
      'greeting = Hola, { $name }!',
      'farewell = Adiós.',
      'orders = { $count ->',
      '    [one] { $count } pedido',
      '   *[other] { $count } pedidos',
      '}',
    ].join('\n');
    expect(checkLocaleSource('es.ftl', 'es', source, ENGLISH)).toEqual({ problems: [], missing: [] });
  });

  it('refuses, with the file and the line: other variables, a typo, junk, a broken text, a key twice', () => {
    const source = [
      'greeting = Hola, { $nombre }!', // 1: a variable English does not pass
      'farewel = Adiós.', // 2: not one of ours
      'this line is not Fluent', // 3
      'orders = { $count ->', // 4: no default variant: Fluent cannot read it
      '    [one] { $count } pedido',
      '}',
      'greeting = Hola.', // 7
    ].join('\n');
    expect(checkLocaleSource('es.ftl', 'es', source, ENGLISH).problems).toEqual([
      'es.ftl line 3: not valid Fluent (a text goes on a "key = ..." line, its next lines indented)',
      'es.ftl line 1: "greeting" uses $nombre, English uses $name',
      'es.ftl line 2: "farewel" is not one of our texts (a typo?)',
      'es.ftl line 4: "orders" does not parse',
      'es.ftl line 7: "greeting" is defined twice',
    ]);
  });

  it('lets a file lack texts, and lists them in English order', () => {
    const check = checkLocaleSource('es.ftl', 'es', 'farewell = Adiós.\n', ENGLISH);
    expect(check).toEqual({ problems: [], missing: ['greeting', 'orders'] });
  });

  it('finds every installed language complete and faithful', () => {
    expect(SUPPORTED_LOCALES.length).toBeGreaterThanOrEqual(3);
    for (const [locale, check] of checkInstalledLocales())
      expect({ locale, ...check }).toEqual({ locale, problems: [], missing: [] });
  });
});

describe('a text a language file lacks', () => {
  const render = (source: string, key: string, vars?: Record<string, string>) => {
    const i18n = new I18n({ defaultLocale: 'es', fluentBundleOptions: { useIsolating: false } });
    i18n.loadLocaleSync('es', { source });
    return i18n.t('es', key, vars);
  };

  it('is shown in the default language, else in English', () => {
    const own = 'farewell = Adiós.\n';
    const russian = 'greeting = Привет, { $name }!\nfarewell = Пока.\n';
    const source = withFallbacks(own, ['greeting', 'orders'], [russian, ENGLISH]);
    expect(render(source, 'farewell')).toBe('Adiós.');
    expect(render(source, 'greeting', { name: 'Ann' })).toBe('Привет, Ann!');
    expect(render(source, 'orders', { count: '2' } as never)).toBe('2 orders');
  });

  it('leaves a complete file as it is', () => {
    expect(withFallbacks('farewell = Adiós.\n', [], [ENGLISH])).toBe('farewell = Adiós.\n');
  });
});

describe('direction', () => {
  /** Every TypeScript file under `dir`. */
  const sourcesUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sourcesUnder(join(dir, entry.name))
        : entry.name.endsWith('.ts') || entry.name.endsWith('.tsx')
          ? [join(dir, entry.name)]
          : [],
    );

  it('leaves every arrow to the language files, where a right-to-left language can turn it', () => {
    const arrows = /[◀▶⬅➡←→]/u;
    const root = join(import.meta.dirname, '../..');
    const inCode = [...sourcesUnder(join(root, 'src')), ...sourcesUnder(join(root, 'miniapp/src'))].flatMap(
      (file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ file, line: i + 1, text: line.trim() }))
          // Comments may describe what a text shows.
          .filter(({ text }) => arrows.test(text) && !/^(\*|\/\/|\/\*)/.test(text)),
    );
    expect(inCode).toEqual([]);
    expect(createEnglish()('button-back')).toMatch(arrows);
  });
});

function createEnglish() {
  const i18n = new I18n({ defaultLocale: 'en', fluentBundleOptions: { useIsolating: false } });
  i18n.loadLocaleSync('en', {
    source: readFileSync(join(import.meta.dirname, '../../locales/en.ftl'), 'utf8'),
  });
  return (key: string) => i18n.t('en', key);
}
