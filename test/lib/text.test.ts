import { describe, expect, it } from 'vitest';
import { hasVisibleText, truncate } from '../../src/lib/text.js';

describe('hasVisibleText', () => {
  it.each([
    '',
    ' ',
    '\n\t',
    '\u200b',
    '\u200c\u200d',
    '\u2060',
    '\ufeff',
    '\u3000',
    '\u00a0',
    '\u0301',
    '\u180e',
    '\ufe0f',
  ])('%j has nothing to see', (text) => {
    expect(hasVisibleText(text)).toBe(false);
  });

  it.each(['a', ' cat ', '🦊', 'Лиса', '\u200bx', '1'])('%j has', (text) => {
    expect(hasVisibleText(text)).toBe(true);
  });
});

describe('truncate', () => {
  it('never splits an emoji', () => {
    expect(truncate('🦊🦊🦊', 2)).toBe('🦊…');
  });
});
