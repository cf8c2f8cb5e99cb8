import ExcelJS from 'exceljs';
import { withoutControlChars } from '@fbo/shared';
import { csvLines, safeCell } from '@fbo/shared/domain/csv';

/** One column of an export: its header and how to read a row's cell. */
export interface SheetColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
  width?: number;
}

/** RFC 4180 CSV with a UTF-8 BOM (so Excel reads accents), formula-safe. */
export function toCsv<T>(columns: SheetColumn<T>[], rows: T[]): Buffer {
  const lines = csvLines([columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.value(row)))]);
  return Buffer.from(`\uFEFF${lines}`, 'utf8');
}

/** An .xlsx workbook with one sheet; string cells are formula-safe (see safeCell). */
export async function toXlsx<T>(sheetName: string, columns: SheetColumn<T>[], rows: T[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => safeCell(c.value(row))));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet of an .xlsx as rows of cell texts keyed by the header row; empty rows are skipped. */
export async function readXlsx(data: Buffer): Promise<{ headers: string[]; rows: { rowNumber: number; cells: Record<string, string> }[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col - 1] = cellText(cell.value).trim();
  });
  const rows: { rowNumber: number; cells: Record<string, string> }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: Record<string, string> = {};
    let any = false;
    headers.forEach((header, i) => {
      if (!header) return;
      const text = cellText(row.getCell(i + 1).value).trim();
      if (text) any = true;
      cells[header] = text;
    });
    if (any) rows.push({ rowNumber, cells });
  });
  return { headers, rows };
}

/** A cell's value as the text a user sees (rich text joined, formulas by their result, the apostrophe kept off). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString();
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  // Control characters go: PostgreSQL refuses a NUL in text, and no person typed them.
  const text = withoutControlChars(String(value));
  return text.startsWith("'") && /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}
