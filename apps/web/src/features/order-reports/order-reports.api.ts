import type { ReportJobResponse, ReportKind } from '@fbo/shared';
import { http, unwrap } from '../../api/http';

/** The production sheets and the per-team report are GET /api/invoices/<kind>: each queues a job. */
const PATHS: Record<ReportKind, string> = {
  'export-orders': '/invoices/search/export-orders',
  'report-orders': '/invoices/search/report-orders',
  'export-fulfillment': '/invoices/export-fulfillment',
  'export-pod': '/invoices/export-pod',
  'export-dropship': '/invoices/export-dropship',
  'export-fk': '/invoices/export-fk',
  'export-fk-v2': '/invoices/export-fk-v2',
};

export const orderReportsApi = {
  start: async (kind: ReportKind, query: Record<string, string | undefined> = {}) =>
    unwrap(await http.get<ReportJobResponse>(PATHS[kind], { query })).data,
};
