/**
 * The gallery's months: results newest first, cut where the month changes (in the customer's own
 * time zone), each named as a heading reads in their language ("November 2026", «Ноябрь 2026»).
 */
export interface Month<T> {
  key: string;
  label: string;
  items: T[];
}

/** "November 2026": the month's standalone name (nominative in Russian), capitalised, then the year. */
export function monthLabel(date: Date, locale: string): string {
  const name = new Intl.DateTimeFormat(locale, { month: 'long' }).format(date);
  return `${name.charAt(0).toLocaleUpperCase(locale)}${name.slice(1)} ${date.getFullYear()}`;
}

export function byMonth<T>(items: readonly T[], dateOf: (item: T) => string, locale: string): Month<T>[] {
  const months: Month<T>[] = [];
  for (const item of items) {
    const date = new Date(dateOf(item));
    const key = `${date.getFullYear()}-${date.getMonth() + 1}`;
    const last = months.at(-1);
    if (last?.key === key) last.items.push(item);
    else months.push({ key, label: monthLabel(date, locale), items: [item] });
  }
  return months;
}
