import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n, LOCALES_DIR, SUPPORTED_LOCALES } from '../src/telegram/i18n.js';

function messageKeys(locale: string): string[] {
  const source = readFileSync(join(LOCALES_DIR, `${locale}.ftl`), 'utf8');
  return [...source.matchAll(/^([a-z][a-z0-9-]*)\s*=/gm)].map((m) => m[1]!).sort();
}

describe('locales', () => {
  it('define exactly the same keys in every language', () => {
    const [first, ...rest] = SUPPORTED_LOCALES;
    expect(first).toBe('en');
    const reference = messageKeys('en');
    expect(reference.length).toBeGreaterThan(10);
    for (const locale of rest)
      expect({ locale, keys: messageKeys(locale) }).toEqual({ locale, keys: reference });
  });

  it('render every message in every language without missing references', () => {
    const i18n = createI18n('en');
    // Every variable any message uses, with a value that also drives plural selectors.
    const samples: Record<string, number> = {};
    for (const locale of SUPPORTED_LOCALES) {
      const source = readFileSync(join(LOCALES_DIR, `${locale}.ftl`), 'utf8');
      for (const m of source.matchAll(/\{\s*\$([\w-]+)/g)) samples[m[1]!] = 2;
    }
    for (const locale of SUPPORTED_LOCALES) {
      for (const key of messageKeys(locale)) {
        const text = i18n.t(locale, key, samples);
        expect(text, `${locale}/${key}`).not.toBe(key);
        expect(text, `${locale}/${key}`).not.toMatch(/\{\s*\$?[\w-]+\s*\}/);
      }
    }
  });

  it('keep the Russian texts Russian', () => {
    const i18n = createI18n('en');
    expect(i18n.t('ru', 'language-changed')).toMatch(/[а-яё]/i);
    expect(i18n.t('en', 'language-changed')).not.toMatch(/[а-яё]/i);
  });
});
