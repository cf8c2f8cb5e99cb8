/**
 * Reads an uploaded order file (.csv or .xlsx) into one shape, a header row and rows of cells by
 * column position (no object per row: a Shopify export has about 70 columns and the import must
 * read 100,000 rows a second), and tells the two formats apart by their header.
 */
import {
  ORDER_IMPORT_MSG,
  SHOPIFY_REQUIRED_COLUMNS,
  TEMPLATE_REQUIRED_COLUMNS,
  type OrderImportFormat,
} from '@fbo/shared';
import { readXlsx } from '../../lib/spreadsheet';
import { badRequest } from '../../lib/errors';
import { csvText, parseCsv } from './csv';

export interface Sheet {
  headers: string[];
  /** The cells of each row; a column's place in them is cellIndex(its header position). */
  rows: { line: number; cells: string[] }[];
  /** Where a header column's value is in a row's cells, or -1 when it was not read (see readSheet). */
  cellIndex(column: number): number;
  /** Every cell of a row as the file has it (the failed-rows report copies them). */
  original(index: number): string[];
  /** The report of failed rows is written in the file's own kind. */
  kind: 'csv' | 'xlsx';
}

/** .xlsx files are zip archives: "PK\x03\x04". */
export const isZip = (data: Buffer) => data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

export function fileKind(name: string): 'csv' | 'xlsx' | null {
  if (/\.csv$/i.test(name)) return 'csv';
  if (/\.xlsx$/i.test(name)) return 'xlsx';
  return null;
}

/**
 * `columns` names the header cells the import reads: a CSV's other cells are skipped while parsing
 * (a Shopify export has about 80 columns; the import reads about 20) and read again only for a
 * failed row's report.
 */
export async function readSheet(name: string, data: Buffer, columns?: (headers: string[]) => boolean[]): Promise<Sheet> {
  const kind = fileKind(name);
  if (!kind) throw badRequest(ORDER_IMPORT_MSG.wrongFile, { file: ORDER_IMPORT_MSG.wrongFile });
  if (kind === 'xlsx') {
    if (!isZip(data)) throw badRequest(ORDER_IMPORT_MSG.notXlsx, { file: ORDER_IMPORT_MSG.notXlsx });
    let book: Awaited<ReturnType<typeof readXlsx>>;
    try {
      book = await readXlsx(data);
    } catch {
      throw badRequest(ORDER_IMPORT_MSG.notXlsx, { file: ORDER_IMPORT_MSG.notXlsx });
    }
    const headers = book.headers.map((h) => h ?? '');
    const rows = book.rows.map((r) => ({ line: r.rowNumber, cells: headers.map((h) => (h ? (r.cells[h] ?? '') : '')) }));
    return { kind, headers, rows, cellIndex: (column) => column, original: (index) => rows[index]!.cells };
  }
  const text = csvText(data.toString('utf8'));
  let kept: boolean[] | null = null;
  const [head, ...rows] = parseCsv(text, columns ? { columns: (header) => (kept = columns(header.map((h) => h.trim()))) } : {});
  const headers = (head?.cells ?? []).map((h) => h.trim());
  // Rows hold the kept columns only, in order: header position -> position in `cells`.
  const at = new Map<number, number>();
  headers.forEach((_, i) => {
    if (!kept || kept[i]) at.set(i, at.size);
  });
  return {
    kind,
    headers,
    rows,
    cellIndex: (column) => at.get(column) ?? -1,
    original: (index) => {
      const row = rows[index]!;
      return parseCsv(text.slice(row.start, row.end))[0]?.cells ?? [];
    },
  };
}

export async function peekSheet(name: string, data: Buffer): Promise<{ format: OrderImportFormat; kind: 'csv' | 'xlsx'; hasRows: boolean }> {
  if (fileKind(name) === 'csv' && data.length > PEEK_BYTES) {
    const rows = parseCsv(data.subarray(0, PEEK_BYTES).toString('utf8'));
    return { format: detectFormat((rows[0]?.cells ?? []).map((h) => h.trim())), kind: 'csv', hasRows: rows.length > 1 };
  }
  const sheet = await readSheet(name, data);
  return { format: detectFormat(sheet.headers), kind: sheet.kind, hasRows: sheet.rows.length > 0 };
}
const PEEK_BYTES = 64 * 1024;

export function detectFormat(headers: readonly string[]): OrderImportFormat {
  const has = (columns: readonly string[]) => columns.every((c) => headers.includes(c));
  if (has(SHOPIFY_REQUIRED_COLUMNS)) return 'shopify';
  if (has(TEMPLATE_REQUIRED_COLUMNS)) return 'template';
  throw badRequest(ORDER_IMPORT_MSG.unknownFormat, { file: ORDER_IMPORT_MSG.unknownFormat });
}
