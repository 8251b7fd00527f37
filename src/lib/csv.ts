/**
 * CSV as spreadsheets read it (RFC 4180: comma, CRLF, quotes doubled). A text cell that a
 * spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe: campaign names
 * and usernames are other people's text. Numbers and decimal strings stay as they are.
 */
export type CsvCell = string | number | boolean | null | undefined;

const NUMBER_RE = /^-?\d+(\.\d+)?$/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !NUMBER_RE.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
