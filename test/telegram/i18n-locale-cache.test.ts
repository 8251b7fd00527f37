/**
 * createI18n negotiates each locale once and keeps the bundles it matched: asked for languages in
 * any order, it must answer each exactly as an instance that was only ever asked for that one.
 */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/telegram/i18n.js';

const KEYS = ['error-generic', 'cancel-done', 'unhandled-text'];
// Supported, a regional variant, unsupported (falls back to the default), and a list.
const ASKED: Array<string | string[]> = [
  'ru',
  'en',
  'ru-RU',
  'de',
  'en',
  'ru',
  ['de', 'ru'],
  'de',
  ['de', 'ru'],
];

function answersOf(i18n: ReturnType<typeof createI18n>, locales: string | string[]) {
  return KEYS.map((key) => i18n.fluent.translate(locales, key));
}

describe('locale negotiation kept per locale', () => {
  it('every locale, asked in any order, gets the texts of a fresh instance asked only for it', () => {
    const shared = createI18n('en');
    for (const locales of ASKED) {
      const alone = createI18n('en');
      expect(answersOf(shared, locales)).toEqual(answersOf(alone, locales));
    }
  });

  it('Russian and English differ, and an unsupported language falls back to the default', () => {
    const i18n = createI18n('ru');
    const [ru, en, de] = [answersOf(i18n, 'ru'), answersOf(i18n, 'en'), answersOf(i18n, 'de')];
    expect(ru).not.toEqual(en);
    expect(de).toEqual(ru);
    expect(answersOf(i18n, 'en')).toEqual(en);
  });
});
