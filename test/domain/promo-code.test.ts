import { describe, expect, it } from 'vitest';
import { normalizePromoCode, parsePromoBatch, parsePromoNew } from '../../src/domain/promo-code.js';

describe('promo code rules', () => {
  it('normalizes what a customer typed to the stored upper case, or refuses what cannot be a code', () => {
    expect(normalizePromoCode('  gift-2026 ')).toBe('GIFT-2026');
    expect(normalizePromoCode('ab')).toBeUndefined();
    expect(normalizePromoCode('x'.repeat(33))).toBeUndefined();
    expect(normalizePromoCode('<b>HI</b>')).toBeUndefined();
    expect(normalizePromoCode('ПРИВЕТ')).toBeUndefined();
  });

  it('reads /promo_new with its defaults and names the wrong argument', () => {
    expect(parsePromoNew('gift 50')).toEqual({
      ok: true,
      value: { code: 'GIFT', stars: 50, uses: 1, days: null },
    });
    expect(parsePromoNew('GIFT 50 10 7')).toEqual({
      ok: true,
      value: { code: 'GIFT', stars: 50, uses: 10, days: 7 },
    });
    expect(parsePromoNew('')).toEqual({ ok: false, error: 'usage' });
    expect(parsePromoNew('GIFT')).toEqual({ ok: false, error: 'usage' });
    expect(parsePromoNew('GIFT 1 1 1 1')).toEqual({ ok: false, error: 'usage' });
    expect(parsePromoNew('G! 5')).toEqual({ ok: false, error: 'code' });
    expect(parsePromoNew('GIFT 0')).toEqual({ ok: false, error: 'stars' });
    expect(parsePromoNew('GIFT 2.5')).toEqual({ ok: false, error: 'stars' });
    expect(parsePromoNew('GIFT 100001')).toEqual({ ok: false, error: 'stars' });
    expect(parsePromoNew('GIFT 5 -1')).toEqual({ ok: false, error: 'uses' });
    expect(parsePromoNew('GIFT 5 1 0')).toEqual({ ok: false, error: 'days' });
    expect(parsePromoNew('GIFT 5 1 3651')).toEqual({ ok: false, error: 'days' });
  });

  it('reads /promo_batch and caps the count at 1000', () => {
    expect(parsePromoBatch('100 5')).toEqual({ ok: true, value: { count: 100, stars: 5, days: null } });
    expect(parsePromoBatch('1000 5 30')).toEqual({ ok: true, value: { count: 1000, stars: 5, days: 30 } });
    expect(parsePromoBatch('1001 5')).toEqual({ ok: false, error: 'count' });
    expect(parsePromoBatch('10 0')).toEqual({ ok: false, error: 'stars' });
    expect(parsePromoBatch('10')).toEqual({ ok: false, error: 'usage' });
  });
});
