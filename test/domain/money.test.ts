import { describe, expect, it } from 'vitest';
import {
  addMoney,
  compareMoney,
  formatMoney,
  isMoneyString,
  type Money,
  moneyFromMicros,
  moneyToString,
  multiplyMoney,
  parseMoney,
  subtractMoney,
  ZERO_MONEY,
} from '../../src/domain/money.js';

const NBSP = '\u00a0';

describe('parseMoney / moneyToString', () => {
  it.each([
    ['0.11', '0.11'],
    ['1', '1.00'],
    ['1.5', '1.50'],
    ['0.1234', '0.1234'],
    ['0.123456', '0.123456'],
    ['0.1000000', '0.10'],
    ['007.10', '7.10'],
    ['-3.5', '-3.50'],
    ['-0', '0.00'],
    ['123456789012345678901234567890.12', '123456789012345678901234567890.12'],
  ])('%s -> %s', (input, canonical) => {
    expect(moneyToString(parseMoney(input))).toBe(canonical);
  });

  it('holds micro-units exactly', () => {
    expect(parseMoney('0.000001')).toBe(1n);
    expect(parseMoney('12.34')).toBe(12_340_000n);
  });

  it.each(['', '.', '1.', '.5', '1,5', '1e3', ' 1', '1 ', '+1', 'abc', '0x10', '1.2.3', 'NaN', '0.1234567'])(
    'rejects %j',
    (input) => {
      expect(() => parseMoney(input)).toThrow(RangeError);
      expect(isMoneyString(input)).toBe(false);
    },
  );
});

describe('arithmetic', () => {
  it('summing 0.1 ten times is exactly 1.00 (no float drift)', () => {
    let total: Money = ZERO_MONEY;
    for (let i = 0; i < 10; i++) total = addMoney(total, parseMoney('0.1'));
    expect(moneyToString(total)).toBe('1.00');
    expect(compareMoney(total, parseMoney('1'))).toBe(0);
  });

  it('0.1 + 0.2 is 0.30', () => {
    expect(moneyToString(addMoney(parseMoney('0.1'), parseMoney('0.2')))).toBe('0.30');
  });

  it('adds many amounts at once', () => {
    expect(moneyToString(addMoney(parseMoney('0.01'), parseMoney('0.02'), parseMoney('0.0005')))).toBe(
      '0.0305',
    );
    expect(moneyToString(addMoney())).toBe('0.00');
  });

  it('multiplies by whole counts, even big ones', () => {
    expect(moneyToString(multiplyMoney(parseMoney('0.07'), 30))).toBe('2.10');
    expect(moneyToString(multiplyMoney(parseMoney('0.000001'), 10n ** 20n))).toBe('100000000000000.00');
    expect(moneyToString(multiplyMoney(parseMoney('19.99'), Number.MAX_SAFE_INTEGER))).toBe(
      '180053913102272410.09', // 9007199254740991 * 20 - 90071992547409.91,
    );
  });

  it('refuses non-integer factors', () => {
    expect(() => multiplyMoney(parseMoney('1'), 1.5)).toThrow(RangeError);
    expect(() => multiplyMoney(parseMoney('1'), Number.NaN)).toThrow(RangeError);
  });

  it('subtracts and compares', () => {
    const a = parseMoney('100');
    const b = parseMoney('100.000001');
    expect(compareMoney(a, b)).toBe(-1);
    expect(compareMoney(b, a)).toBe(1);
    expect(moneyToString(subtractMoney(a, b))).toBe('-0.000001');
    expect(compareMoney(moneyFromMicros(5n), moneyFromMicros(5n))).toBe(0);
  });
});

describe('formatMoney', () => {
  it.each([
    ['0.11', 'en', '$0.11'],
    ['1234.5', 'en', '$1,234.50'],
    ['0.1234', 'en', '$0.1234'],
    ['1', 'en', '$1.00'],
    ['0.11', 'ru', `0,11${NBSP}$`],
    ['1234.5', 'ru', `1${NBSP}234,50${NBSP}$`],
    ['0.1234', 'ru', `0,1234${NBSP}$`],
  ])('%s in %s -> %s', (amount, locale, expected) => {
    expect(formatMoney(amount, locale)).toBe(expected);
  });

  it('formats beyond float precision exactly (the string goes to Intl, not a number)', () => {
    expect(formatMoney('12345678901234567890.12', 'en')).toBe('$12,345,678,901,234,567,890.12');
    expect(formatMoney(parseMoney('9007199254740993.01'), 'en')).toBe('$9,007,199,254,740,993.01');
  });

  it('keeps at most 4 decimals, rounding half away from zero', () => {
    expect(formatMoney('0.123456', 'en')).toBe('$0.1235');
    expect(formatMoney('0.00005', 'en')).toBe('$0.0001');
  });

  it('accepts Money and falls back to en for a malformed locale tag', () => {
    expect(formatMoney(parseMoney('2.5'), 'en')).toBe('$2.50');
    expect(formatMoney('2.5', 'not a locale!')).toBe('$2.50');
  });

  it('rejects malformed input', () => {
    expect(() => formatMoney('1,5', 'en')).toThrow(RangeError);
  });
});
