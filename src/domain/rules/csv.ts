/**
 * CSV of RFC 4180 for the report's export (DESIGN.md §3 "CSV for exports"): fields joined by commas, lines by
 * CRLF; a field holding a comma, a quote, a line break or leading/trailing spaces is quoted, quotes doubled.
 * A leading byte-order mark lets spreadsheet programs read ā, ņ and Cyrillic as UTF-8. A cell that starts with
 * =, +, - or @ gets a leading apostrophe so a spreadsheet never runs it as a formula (a client named "=1+1").
 */
const FORMULA = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
