/**
 * Formula-safe CSV cells, for the server's exports (apps/server/src/lib/spreadsheet.ts) and the files the web app makes
 * itself (the KPIs' export). Free of Node and DOM: text in, text out.
 */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written as text with a
 * leading apostrophe (OWASP "CSV injection"). Numbers stay numbers: -5 is a value, not a formula.
 */
export function safeCell(value: CsvCell): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One RFC 4180 field: quoted when it holds a quote, a comma or a line break. */
export function csvField(value: string | number | boolean): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as RFC 4180 lines (CRLF, one after the last row too), every cell formula-safe. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map((cell) => csvField(safeCell(cell))).join(',')).join('\r\n') + '\r\n';
}
