import { describe, expect, it } from 'vitest';
import { dateTimeFormatter } from '../../src/telegram/date-time.js';

/** 22 Nov 2030, 11:05 UTC: 14:05 in Moscow, 16:05 in Tashkent. */
const AT = new Date(Date.UTC(2030, 10, 22, 11, 5));
const SAME_YEAR = new Date(Date.UTC(2030, 0, 1, 12));

describe('dateTimeFormatter', () => {
  it('writes a fixed instant in UTC, naming the zone as before, in both languages', () => {
    expect(dateTimeFormatter('en', 'UTC').dateTime(AT, SAME_YEAR)).toBe('22 Nov, 11:05 UTC');
    expect(dateTimeFormatter('ru', 'UTC').dateTime(AT, SAME_YEAR)).toBe('22 нояб., 11:05 UTC');
    expect(dateTimeFormatter('en', 'UTC').time(AT)).toBe('11:05 UTC');
    expect(dateTimeFormatter('ru', 'UTC').time(AT)).toBe('11:05 UTC');
  });

  it('writes the same instant in Europe/Moscow with its offset, in both languages', () => {
    expect(dateTimeFormatter('en', 'Europe/Moscow').dateTime(AT, SAME_YEAR)).toBe('22 Nov, 14:05 UTC+3');
    expect(dateTimeFormatter('ru', 'Europe/Moscow').dateTime(AT, SAME_YEAR)).toBe('22 нояб., 14:05 UTC+3');
    expect(dateTimeFormatter('en', 'Europe/Moscow').time(AT)).toBe('14:05 UTC+3');
    expect(dateTimeFormatter('ru', 'Asia/Tashkent').time(AT)).toBe('16:05 UTC+5');
  });

  it('takes the date and the year from the zone, not from UTC', () => {
    // 31 Dec 2030, 22:30 UTC is already 1 Jan 2031 in Moscow: a new day, and a year to name.
    const newYearsEve = new Date(Date.UTC(2030, 11, 31, 22, 30));
    expect(dateTimeFormatter('en', 'UTC').dateTime(newYearsEve, SAME_YEAR)).toBe('31 Dec, 22:30 UTC');
    expect(dateTimeFormatter('en', 'Europe/Moscow').dateTime(newYearsEve, SAME_YEAR)).toBe(
      '1 Jan 2031, 01:30 UTC+3',
    );
  });

  it('shows summer time as it is, and half-hour offsets in full', () => {
    const july = new Date(Date.UTC(2030, 6, 1, 10, 0));
    expect(dateTimeFormatter('en', 'Europe/Berlin').time(july)).toBe('12:00 UTC+2');
    expect(dateTimeFormatter('en', 'Europe/Berlin').time(AT)).toBe('12:05 UTC+1');
    expect(dateTimeFormatter('en', 'Asia/Kolkata').time(AT)).toBe('16:35 UTC+5:30');
  });
});
