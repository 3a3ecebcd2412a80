import { stringify } from 'csv-stringify/sync';

/**
 * A CSV download: UTF-8 with a byte-order mark first, so that Excel opens Korean text right
 * (without it, Excel reads the file in the machine's legacy code page). RFC 4180 quoting and CRLF
 * line ends come from csv-stringify (a cell holding any line break is quoted, since Excel splits a
 * row at a bare LF too); a cell starting with `=`, `+`, `-` or `@` is prefixed with an
 * apostrophe, so a nickname or a title cannot run as a spreadsheet formula (OWASP "CSV injection").
 */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const cells = rows.map((row) => row.map(spreadsheetSafe));
  return `\uFEFF${stringify([header.map(spreadsheetSafe), ...cells], { record_delimiter: 'windows', quoted_match: /[\r\n]/ })}`;
}

function spreadsheetSafe(cell: string | number | null): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** The `Content-Disposition` of a download named `name` (ASCII only, as every browser reads it). */
export function attachmentNamed(name: string): string {
  return `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
