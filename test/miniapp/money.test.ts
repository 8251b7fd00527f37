/** The Mini App's USD figures: exact decimal strings shown in cents, never through a float. */
import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../miniapp/src/money.js';

describe('formatUsd', () => {
  it.each([
    ['102.234568', 'en', '$102.23'],
    ['102.235', 'en', '$102.24'],
    ['0.004999', 'en', '$0.00'],
    ['0.005', 'en', '$0.01'],
    ['1234.5', 'en', '$1,234.50'],
    ['1234567', 'ru', '$1\u00a0234\u00a0567,00'],
    ['99.999', 'en', '$100.00'],
    ['-3.456', 'en', '-$3.46'],
    ['-0.001', 'en', '$0.00'],
    ['9007199254740993.995', 'en', '$9,007,199,254,740,994.00'],
  ] as const)('%s (%s) → %s', (amount, locale, shown) => {
    expect(formatUsd(amount, locale)).toBe(shown);
  });

  it('leaves anything that is not a decimal as it came', () => {
    expect(formatUsd('n/a', 'en')).toBe('n/a');
  });
});
