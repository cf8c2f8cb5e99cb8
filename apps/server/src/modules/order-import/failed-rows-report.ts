/**
 * The report of an import's failed rows: every original column and a Reason, in the uploaded file's own kind
 * (.csv or .xlsx), saved as the job's file (GET /api/jobs/{id} links it). The order import's and the bulk mapping's.
 */
import { REPORT_REASON_COLUMN } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { JobRun } from '../../jobs/queue';
import { toCsv, toXlsx } from '../../lib/spreadsheet';
import { CSV_TYPE, XLSX_TYPE, saveJobFile } from '../jobs';
import type { Sheet } from './sheet';

export async function saveFailedRows(ctx: AppContext, run: JobRun, fileName: string, sheet: Sheet, failures: { index: number; reason: string }[]): Promise<string> {
  const headers = sheet.headers.map((h, i) => ({ h, i })).filter(({ h }) => h && h !== REPORT_REASON_COLUMN);
  const rows = failures.map((f) => ({ cells: sheet.original(f.index), reason: f.reason }));
  type ReportRow = (typeof rows)[number];
  const columns = [
    ...headers.map(({ h, i }) => ({ header: h, value: (r: ReportRow) => r.cells[i] ?? '' })),
    { header: REPORT_REASON_COLUMN, value: (r: ReportRow) => r.reason, width: 48 },
  ];
  const base = fileName.replace(/\.(csv|xlsx)$/i, '');
  const asCsv = sheet.kind === 'csv';
  const data = asCsv ? toCsv(columns, rows) : await toXlsx('Failed rows', columns, rows);
  const saved = await saveJobFile(ctx.db, {
    jobId: run.job.id,
    userId: run.job.userId!,
    agencyId: run.job.agencyId,
    purpose: 'report',
    name: `${base}-failed-rows.${asCsv ? 'csv' : 'xlsx'}`,
    contentType: asCsv ? CSV_TYPE : XLSX_TYPE,
    data,
  });
  return saved.id;
}
