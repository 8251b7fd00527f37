/**
 * Content rules as the reseller writes them: whole words, `word*` and `/pattern/` lines, matched with
 * case, accents and compatibility forms folded; a language's list only for its customers; every
 * problem of a document named by its field; a model's gate.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ContentRules,
  compileRules,
  DEFAULT_CONTENT_RULES,
  fold,
  lineProblem,
  modelGate,
  parseContentRules,
} from '../../src/domain/content-rules.js';

const rules = (blocked: Record<string, string[]>): ContentRules => ({ ...DEFAULT_CONTENT_RULES, blocked });

describe('matching a description', () => {
  it('blocks a whole word whatever its case, accents or full-width letters, never a part of a word', () => {
    const compiled = compileRules(rules({ '*': ['nude'] }));
    for (const text of ['A NUDE portrait', 'nude.', 'ｎｕｄｅ beach', 'a núde one', '«Nude»'])
      expect(compiled.match(text, 'en'), text).toBe('nude');
    for (const text of ['nudes', 'denude it', 'a nudel soup', 'n u d e'])
      expect(compiled.match(text, 'en'), text).toBeUndefined();
  });

  it('takes longer forms with a star at either end, and phrases across any spacing', () => {
    const compiled = compileRules(rules({ '*': ['nud*', '*blood', 'dead body'] }));
    expect(compiled.match('nudity on a beach', 'en')).toBe('nud*');
    expect(compiled.match('bad bloodbath', 'en')).toBeUndefined();
    expect(compiled.match('cold-blood', 'en')).toBe('*blood');
    expect(compiled.match('a dead\n  body', 'en')).toBe('dead body');
    expect(compiled.match('a deadbody', 'en')).toBeUndefined();
  });

  it('runs /pattern/ lines case-insensitively on the folded text', () => {
    const compiled = compileRules(rules({ '*': ['/n[u0]d[e3]/'] }));
    expect(compiled.match('N0D3 art', 'en')).toBe('/n[u0]d[e3]/');
    expect(compiled.match('node art', 'en')).toBeUndefined();
  });

  it("applies a language's list only to its customers, and everyone's list to all", () => {
    const compiled = compileRules(rules({ '*': ['gore'], de: ['gift'], ru: ['кровь'] }));
    expect(compiled.match('a gift for mum', 'en')).toBeUndefined();
    expect(compiled.match('ein Gift', 'de')).toBe('gift');
    expect(compiled.match('КРОВЬ на снегу', 'ru')).toBe('кровь');
    expect(compiled.match('кровь', 'uk')).toBeUndefined();
    expect(compiled.match('gore', 'uk')).toBe('gore');
  });

  it('matches Cyrillic words as whole words too (ё folded like any accent)', () => {
    const compiled = compileRules(rules({ '*': ['ещё*', 'убийство'] }));
    expect(compiled.match('ЕЩЕ раз', 'ru')).toBe('ещё*');
    expect(compiled.match('убийство', 'ru')).toBe('убийство');
    expect(compiled.match('убийства', 'ru')).toBeUndefined();
  });

  it('never throws on any description, and a listed word inside any text is found', () => {
    const compiled = compileRules(rules({ '*': ['forbidden', '/x+y/', 'a*'] }));
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        compiled.match(`${before}${after}`, 'en');
        expect(compiled.match(`${before} forbidden ${after}`, 'en')).toBeDefined();
      }),
    );
  });

  it('names the first line in the list order, whichever way it was found', () => {
    const compiled = compileRules(rules({ '*': ['/g.re/', 'gore', 'blood*', 'red blood*'] }));
    expect(compiled.match('gore', 'en')).toBe('/g.re/');
    expect(compiled.match('red bloodbath', 'en')).toBe('blood*');
    expect(compileRules(rules({ '*': ['red blood*', 'blood*'] })).match('red bloodbath', 'en')).toBe(
      'red blood*',
    );
  });

  it('matches a line with other characters than letters as written ("18+", "c++")', () => {
    const compiled = compileRules(rules({ '*': ['18+', 'c++'] }));
    expect(compiled.match('only 18+ content', 'en')).toBe('18+');
    expect(compiled.match('c++ code', 'en')).toBe('c++');
    expect(compiled.match('18 years', 'en')).toBeUndefined();
  });

  it('folds to lower case without marks, spaces collapsed', () => {
    expect(fold('Crème  BRÛLÉE\tＡＢＣ')).toBe('creme brulee abc');
  });
});

describe('a rules document from the control room', () => {
  const isModel = (id: number) => id === 7 || id === 9;

  it('keeps the lines cleaned (trimmed, no blanks, no repeats) and the models sorted', () => {
    const parsed = parseContentRules(
      {
        version: 3,
        blocked: { '*': [' gore ', '', 'gore', 'nud*'], uk: ['кров'] },
        privateOnlyModelIds: [9, 7, 9],
        minPaidOrders: { '7': 2, '9': 0 },
        strikes: { limit: 0, windowHours: 48 },
      },
      ['en', 'ru', 'uk'],
      isModel,
    );
    expect(parsed).toEqual({
      ok: true,
      version: 3,
      rules: {
        blocked: { '*': ['gore', 'nud*'], uk: ['кров'] },
        privateOnlyModelIds: [7, 9],
        minPaidOrders: { '7': 2 },
        strikes: { limit: 0, windowHours: 48 },
      },
    });
  });

  it('names every problem by its field, a bad line with its code', () => {
    const parsed = parseContentRules(
      {
        version: -1,
        blocked: { xx: ['a'], '*': ['ok', '/(unclosed/', 'x'.repeat(101), '**'] },
        privateOnlyModelIds: [8],
        minPaidOrders: { '7': 1001, abc: 1 },
        strikes: { limit: 21, windowHours: 0 },
      },
      ['en'],
      isModel,
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => [e.field, e.code])).toEqual([
      ['version', undefined],
      ['blocked.xx', undefined],
      ['blocked.*[1]', 'bad_pattern'],
      ['blocked.*[2]', 'too_long'],
      ['blocked.*[3]', 'empty'],
      ['privateOnlyModelIds', undefined],
      ['minPaidOrders.7', undefined],
      ['minPaidOrders.abc', undefined],
      ['strikes.limit', undefined],
      ['strikes.windowHours', undefined],
    ]);
  });

  it('says what is wrong with a single line', () => {
    expect(lineProblem('word')).toBeUndefined();
    expect(lineProblem('/[/')).toBe('bad_pattern');
    expect(lineProblem('*')).toBe('empty');
    expect(lineProblem('y'.repeat(101))).toBe('too_long');
  });
});

describe("a model's gate", () => {
  const gated: ContentRules = {
    ...DEFAULT_CONTENT_RULES,
    privateOnlyModelIds: [5],
    minPaidOrders: { '6': 3 },
  };

  it('keeps a private-only model out of groups and a gated one until enough paid orders', () => {
    expect(modelGate(gated, 5, { privateChat: true, paidOrders: 0 })).toEqual({ kind: 'open' });
    expect(modelGate(gated, 5, { privateChat: false, paidOrders: 0 })).toEqual({ kind: 'private_only' });
    expect(modelGate(gated, 6, { privateChat: true, paidOrders: 2 })).toEqual({
      kind: 'paid_orders',
      needed: 3,
      have: 2,
    });
    expect(modelGate(gated, 6, { privateChat: true, paidOrders: 3 })).toEqual({ kind: 'open' });
    expect(modelGate(gated, 1, { privateChat: false, paidOrders: 0 })).toEqual({ kind: 'open' });
  });
});
