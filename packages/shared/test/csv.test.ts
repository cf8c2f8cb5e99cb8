import { describe, expect, it } from 'vitest';
import { csvLines, safeCell } from '../src/domain/csv';

describe('formula-safe CSV', () => {
  it('writes a cell a spreadsheet would run as text, and leaves numbers alone', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(safeCell(text)).toBe(`'${text}`);
    expect(safeCell(-5)).toBe(-5);
    expect(safeCell('Team A')).toBe('Team A');
    expect(safeCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, one CRLF line per row', () => {
    expect(csvLines([['a,b', 'say "hi"', 'two\nlines'], [1, true, undefined]])).toBe('"a,b","say ""hi""","two\nlines"\r\n1,true,\r\n');
    expect(csvLines([['=HYPERLINK("x")']])).toBe(`"'=HYPERLINK(""x"")"\r\n`);
  });
});
