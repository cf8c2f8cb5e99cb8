/**
 * Reads the tracking file: .xlsx (exceljs, lib/spreadsheet) or .csv (RFC 4180: quoted fields,
 * doubled quotes, CRLF or LF, a UTF-8 BOM, a leading apostrophe the template adds to keep
 * spreadsheets from reading a cell as a formula or a number).
 */
import { readXlsx } from '../../lib/spreadsheet';

export interface Sheet {
  headers: string[];
  rows: { rowNumber: number; cells: Record<string, string> }[];
}

/** Splits CSV text into records of fields. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const unapostrophe = (v: string) => (v.startsWith("'") ? v.slice(1) : v);

export function readCsv(data: Buffer): Sheet {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const [head = [], ...body] = parseCsv(text);
  const headers = head.map((h) => h.trim());
  const rows: Sheet['rows'] = [];
  body.forEach((fields, i) => {
    const cells: Record<string, string> = {};
    let any = false;
    headers.forEach((h, col) => {
      if (!h) return;
      const value = unapostrophe((fields[col] ?? '').trim());
      if (value) any = true;
      cells[h] = value;
    });
    if (any) rows.push({ rowNumber: i + 2, cells });
  });
  return { headers, rows };
}

/** Reads by content: an .xlsx is a zip ("PK"), anything else is taken as CSV text. */
export async function readTrackingSheet(data: Buffer): Promise<Sheet> {
  if (data.length >= 2 && data[0] === 0x50 && data[1] === 0x4b) return readXlsx(data);
  if (data.includes(0)) throw new Error('binary file');
  return readCsv(data);
}
