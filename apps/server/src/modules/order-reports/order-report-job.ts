/**
 * The order reports run as jobs (one pattern for all, docs/orders.md "Reports"): the request
 * checks and freezes the filter and the agency, answers { jobId, message }; the job reads,
 * writes a formula-safe .xlsx as a job file and reports progress; GET /api/jobs/:id gives the
 * progress and a signed download link (the web shows JobProgress).
 */
import { REPORT_MSG, type Actor, type ReportKind } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { JobRun } from '../../jobs/queue';
import { toXlsx, type SheetColumn } from '../../lib/spreadsheet';
import { writeAudit } from '../audit';
import { XLSX_TYPE, saveJobFile } from '../jobs';
import type { orderItems, orders } from '../../db/schema/index';
import * as repo from './order-reports.repo';
import { PER_UNIT_COLUMNS, PRODUCTION_COLUMNS, ORDER_SHEET_COLUMNS, TEAM_REPORT_COLUMNS, linesPerItem, linesPerUnit } from './order-report-sheets';

export const ORDER_REPORT = 'ORDER_REPORT';

/** Frozen at request time: dates are instants, `to` exclusive. */
export interface ReportFilter {
  sellerTeamId?: string;
  from?: string;
  to?: string;
  type?: 'IN' | 'OUT';
  invoiceId?: string;
}
interface ReportPayload {
  kind: ReportKind;
  agencyId: string;
  filter: ReportFilter;
}

/** Orders a production sheet walks per page (repo.PRODUCTION_PAGE); tests make pages small. */
let productionPageSize = repo.PRODUCTION_PAGE;
export function setProductionPageSizeForTests(size: number) {
  productionPageSize = size;
}

/** The catalog type each production sheet is limited to (export-fulfillment: all of them). */
const PRODUCTION_TYPE: Partial<Record<ReportKind, 'pod' | 'drop' | 'fake'>> = {
  'export-pod': 'pod',
  'export-dropship': 'drop',
  'export-fk': 'fake',
  'export-fk-v2': 'fake',
};

export async function startReport(ctx: AppContext, actor: Actor, kind: ReportKind, filter: ReportFilter) {
  const payload: ReportPayload = { kind, agencyId: actor.agencyId!, filter };
  const job = await ctx.db.transaction(async (tx) => {
    const queued = await ctx.jobs.enqueue(tx, {
      kind: ORDER_REPORT,
      agencyId: actor.agencyId,
      userId: actor.userId,
      payload: payload as unknown as Record<string, unknown>,
    });
    await writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, entity: 'job', entityId: queued.id, action: `order_report:${kind}`, after: { ...filter } });
    return queued;
  });
  return { data: { jobId: job.id, message: REPORT_MSG.queued } };
}

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

interface Sheet {
  name: string;
  build: () => Promise<Buffer>;
  rows: number;
}

type OrderList = { o: OrderRow; teamName: string }[];
type ItemsByOrder = Map<string, ItemRow[]>;

/** The orders of the matching invoices, then their items (every line, cancelled ones too). */
async function invoiceOrders(ctx: AppContext, run: JobRun, p: ReportPayload): Promise<[OrderList, ItemsByOrder]> {
  const { filter: f, agencyId } = p;
  const list = await repo.ordersOfInvoices(ctx.db, { agencyId, type: f.type, sellerTeamId: f.sellerTeamId, invoiceId: f.invoiceId, from: f.from, to: f.to });
  await run.progress({ total: list.length, processed: 0 });
  const items = await repo.allItemsOf(ctx.db, list.map((l) => l.o.id));
  await run.progress({ processed: list.length });
  return [list, items];
}

/** The production orders page by page, each page's live items with it; progress in walked orders. */
async function productionOrders(ctx: AppContext, run: JobRun, p: ReportPayload): Promise<[OrderList, ItemsByOrder]> {
  const { filter: f, agencyId } = p;
  const filter = { agencyId, orderType: PRODUCTION_TYPE[p.kind], sellerTeamId: f.sellerTeamId, from: f.from, to: f.to };
  await run.progress({ total: await repo.countProductionWalk(ctx.db, filter), processed: 0 });
  const list: OrderList = [];
  const items: ItemsByOrder = new Map();
  let walked = 0;
  for await (const page of repo.productionOrderPages(ctx.db, filter, productionPageSize)) {
    list.push(...page.orders);
    for (const [orderId, its] of await repo.liveItemsOf(ctx.db, page.orders.map((l) => l.o.id))) items.set(orderId, its);
    walked += page.walked;
    await run.progress({ processed: walked });
  }
  // Orders approved while the sheet was read may make the count above stale: the end is exact.
  await run.progress({ total: walked, processed: walked });
  return [list, items];
}

async function orderSheet(ctx: AppContext, run: JobRun, p: ReportPayload): Promise<Sheet> {
  const [list, items] = p.kind === 'export-orders' ? await invoiceOrders(ctx, run, p) : await productionOrders(ctx, run, p);
  const perItem = linesPerItem(list, items);
  const lines = p.kind === 'export-fk-v2' ? linesPerUnit(perItem) : perItem;
  const columns: SheetColumn<(typeof lines)[number]>[] = p.kind === 'export-orders' ? ORDER_SHEET_COLUMNS : p.kind === 'export-fk-v2' ? PER_UNIT_COLUMNS : PRODUCTION_COLUMNS;
  return { name: p.kind, rows: lines.length, build: () => toXlsx('Orders', columns, lines) };
}

async function runReport(ctx: AppContext, run: JobRun) {
  const p = run.job.payload as unknown as ReportPayload;
  let sheet: Sheet;
  if (p.kind === 'report-orders') {
    const rows = await repo.teamReport(ctx.db, { agencyId: p.agencyId, sellerTeamId: p.filter.sellerTeamId, from: p.filter.from, to: p.filter.to });
    await run.progress({ total: rows.length, processed: rows.length });
    sheet = { name: p.kind, rows: rows.length, build: () => toXlsx('Report', TEAM_REPORT_COLUMNS, rows) };
  } else {
    sheet = await orderSheet(ctx, run, p);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = await saveJobFile(ctx.db, {
    jobId: run.job.id,
    userId: run.job.userId!,
    agencyId: run.job.agencyId,
    purpose: 'export',
    name: `${sheet.name}-${stamp}.xlsx`,
    contentType: XLSX_TYPE,
    data: await sheet.build(),
  });
  return { fileId: file.id, report: p.kind, rows: sheet.rows, message: REPORT_MSG.done };
}

export function registerOrderReports(ctx: AppContext) {
  ctx.jobs.register(ORDER_REPORT, (run) => runReport(ctx, run));
}
