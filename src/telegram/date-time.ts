/**
 * Dates and times as a reader sees them: in the bot's zone (TIME_ZONE, default UTC) and the
 * reader's language, always naming the zone, since a customer's own zone is unknown to us:
 * "22 Nov, 14:05 UTC+3", "22 нояб., 14:05 UTC" (with the year when it is not this year).
 * Texts (i18n.ts) carry one formatter, so callers never pass the zone around.
 */
import type { Locale } from '../texts/locales.js';

export interface DateTimeFormatter {
  /** "22 Nov, 14:05 UTC+3"; the year is added when `date` is not in `now`'s year (in the zone). */
  dateTime(date: Date, now?: Date): string;
  /** "14:05 UTC+3": a time within the next day or so (a quote's expiry, a limit's reset). */
  time(date: Date): string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function cached(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** "UTC", "UTC+3", "UTC-3:30": the zone's offset at `date` (so summer time shows as it is). */
function zoneLabel(timeZone: string, date: Date): string {
  const format = cached(
    `offset|${timeZone}`,
    () => new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' }),
  );
  const name = format.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  // ICU writes a zero offset "GMT" or "GMT+0": UTC readers keep seeing plain "UTC".
  return name.replace(/^GMT/, 'UTC').replace(/^UTC[+-]0$/, 'UTC');
}

function yearIn(timeZone: string, date: Date): string {
  return cached(
    `year|${timeZone}`,
    () => new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric' }),
  ).format(date);
}

/**
 * The tag Intl formats a language's dates and numbers with: British English (day before month, a
 * 24-hour clock), every other language as itself.
 */
export function intlTag(locale: Locale): string {
  return locale === 'en' ? 'en-GB' : locale;
}

export function dateTimeFormatter(locale: Locale, timeZone: string): DateTimeFormatter {
  const tag = intlTag(locale);
  const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone } as const;
  return {
    dateTime(date, now = new Date()) {
      const withYear = yearIn(timeZone, date) !== yearIn(timeZone, now);
      const format = cached(
        `${tag}|${timeZone}|${withYear}`,
        () =>
          new Intl.DateTimeFormat(tag, {
            day: 'numeric',
            month: 'short',
            ...(withYear ? { year: 'numeric' } : {}),
            ...clock,
          }),
      );
      return `${format.format(date)} ${zoneLabel(timeZone, date)}`;
    },
    time(date) {
      const format = cached(`${tag}|${timeZone}|time`, () => new Intl.DateTimeFormat(tag, clock));
      return `${format.format(date)} ${zoneLabel(timeZone, date)}`;
    },
  };
}

/** The language's decimal mark ("." in English, "," in Russian and Ukrainian). */
const decimalMarks = new Map<Locale, string>();
export function decimalMark(locale: Locale): string {
  let mark = decimalMarks.get(locale);
  if (mark === undefined) {
    const parts = new Intl.NumberFormat(intlTag(locale)).formatToParts(1.5);
    mark = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    decimalMarks.set(locale, mark);
  }
  return mark;
}
