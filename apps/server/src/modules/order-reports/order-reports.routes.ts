import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  REPORT_MSG,
  exportOrdersQuery,
  productionExportQuery,
  reportJobResponse,
  reportOrdersQuery,
  type Actor,
  type ExportOrdersQuery,
  type ReportKind,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { ORDER_REPORT, registerOrderReports, startReport, type ReportFilter } from './order-report-job';
import { agencyInvoice } from './order-reports.repo';

export { ORDER_REPORT };

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A bare day is the whole UTC day: `to` 2026-01-31 includes that day (frozen as an exclusive instant). */
function range(q: { from?: string; to?: string }): Pick<ReportFilter, 'from' | 'to'> {
  const at = (v: string, end: boolean) => {
    if (!DAY_ONLY.test(v)) return new Date(v).toISOString();
    const start = Date.parse(`${v}T00:00:00.000Z`);
    return new Date(end ? start + DAY_MS : start).toISOString();
  };
  return { from: q.from ? at(q.from, false) : undefined, to: q.to ? at(q.to, true) : undefined };
}

/** The invoice filter of Bills, or one invoice: an OUT one by invoiceId, an IN one (a refund) by rejectedInvoiceId. */
async function invoiceFilter(ctx: AppContext, actor: Actor, q: ExportOrdersQuery): Promise<ReportFilter> {
  const one = q.invoiceId ? { id: q.invoiceId, type: 'OUT' as const } : q.rejectedInvoiceId ? { id: q.rejectedInvoiceId, type: 'IN' as const } : null;
  if (one) {
    if (!(await agencyInvoice(ctx.db, actor.agencyId!, one.id, one.type))) throw notFound(REPORT_MSG.invoiceNotFound);
    return { invoiceId: one.id, type: one.type };
  }
  const tab = q.activeName === 'payment' ? 'IN' : q.activeName === 'debts' ? 'OUT' : undefined;
  return { type: tab ?? q.type, sellerTeamId: q.sellerTeam, ...range(q) };
}

const PRODUCTION: { kind: ReportKind; summary: string }[] = [
  { kind: 'export-fulfillment', summary: 'Production sheet: Approved and InProduction orders with items, SKUs, quantities, artwork 1-6, addresses' },
  { kind: 'export-pod', summary: 'Production sheet of POD orders' },
  { kind: 'export-dropship', summary: 'Production sheet of Dropship orders' },
  { kind: 'export-fk', summary: 'Production sheet of FK (fake) orders' },
  { kind: 'export-fk-v2', summary: 'Production sheet of FK (fake) orders, one row per unit' },
];

/** Order profit, profit records, dashboards and order reports/exports (docs/orders.md, "Profit" and "Reports"). */
export async function orderReportRoutes(app: FastifyInstance, ctx: AppContext) {
  registerOrderReports(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['order-reports'];
  const config = { permission: 'orders.reports' as const };
  // The invoice-based reports read the Bills (money per team, orders per invoice): whoever opens the
  // invoices (owner, accounting), not the order exporter, whose allow-list is agency orders only.
  const invoiceConfig = { permission: 'invoices.agency' as const };
  const answer = { 200: reportJobResponse };

  r.get('/api/invoices/search/export-orders', {
    config: invoiceConfig,
    schema: { tags, summary: 'Orders of the matching invoices (or of one invoice) as xlsx: a job', querystring: exportOrdersQuery, response: answer },
  }, async (req) => startReport(ctx, req.actor!, 'export-orders', await invoiceFilter(ctx, req.actor!, req.query)));

  r.get('/api/invoices/search/report-orders', {
    config: invoiceConfig,
    schema: { tags, summary: 'Per team: orders, items, charged, refunded in a date range, as xlsx: a job', querystring: reportOrdersQuery, response: answer },
  }, async (req) => startReport(ctx, req.actor!, 'report-orders', { sellerTeamId: req.query.sellerTeam, ...range(req.query) }));

  for (const { kind, summary } of PRODUCTION) {
    r.get(`/api/invoices/${kind}`, {
      config,
      schema: { tags, summary: `${summary}: a job`, querystring: productionExportQuery, response: answer },
    }, async (req) => startReport(ctx, req.actor!, kind, { sellerTeamId: req.query.sellerTeam, ...range(req.query) }));
  }
}
