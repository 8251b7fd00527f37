/** The gallery's month headings (miniapp/src/app/months.ts): cut where the month changes, named natively. */
import { describe, expect, it } from 'vitest';
import { byMonth, monthLabel } from '../../miniapp/src/app/months.js';

// Mid-month, at noon UTC: the same month in every time zone the suite may run in.
const NOV_15 = '2026-11-15T12:00:00Z';
const NOV_2 = '2026-11-02T12:00:00Z';
const OCT_20 = '2026-10-20T12:00:00Z';
const NOV_2025 = '2025-11-14T12:00:00Z';

describe("the gallery's months", () => {
  it('groups results, newest first, under the month they came in; the same month a year apart is another', () => {
    const items = [NOV_15, NOV_2, OCT_20, NOV_2025].map((at, i) => ({ id: i, at }));
    expect(byMonth(items, (item) => item.at, 'en').map((m) => [m.label, m.items.map((i) => i.id)])).toEqual([
      ['November 2026', [0, 1]],
      ['October 2026', [2]],
      ['November 2025', [3]],
    ]);
    expect(byMonth([], (item: { at: string }) => item.at, 'en')).toEqual([]);
  });

  it('names a month as a heading reads in each language: nominative, capitalised', () => {
    const date = new Date(NOV_15);
    expect(monthLabel(date, 'en')).toBe('November 2026');
    expect(monthLabel(date, 'ru')).toBe('Ноябрь 2026');
    expect(monthLabel(date, 'uk')).toBe('Листопад 2026');
  });
});
