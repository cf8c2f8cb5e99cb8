/**
 * Export of the current order filter (docs/orders.md, "Exports"): POST /api/orders/export queues an
 * ORDERS_EXPORT job; the job reads the filtered orders in keyset pages of 1000 (newest first like
 * the list; keyset, so new orders never shift a page), writes one row per item with the order's columns
 * (an order without items gets one row), formula-safe, as .xlsx or .csv, and keeps the file
 * as a job file. GET /api/export-history lists the user's exports with signed download links.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  ADDRESS_STATUSES,
  CATALOG_TYPE_LABELS,
  DESIGN_STATUS_LABELS,
  centsToDollars,
  displayOrderName,
  type Actor,
  type DesignStatus,
  type OrderExportBody,
  type OrderFilters,
  type OrderStatus,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { jobs, orderItems, orders } from '../../db/schema/index';
import type { JobRun } from '../../jobs/queue';
import { toCsv, toXlsx, type SheetColumn } from '../../lib/spreadsheet';
import { writeAudit } from '../audit';
import { CSV_TYPE, jobView, saveJobFile, XLSX_TYPE } from '../jobs';
import type { ListScope } from './order-filters';
import { countForExport, exportOrderBatch, type ExportCursor } from './orders.repo';
import { resolveSearch, scopeOf } from './orders.service';

export const ORDERS_EXPORT = 'ORDERS_EXPORT';
const BATCH = 1000;
/** One file holds at most this many orders: narrower filters beyond it (the message says so). */
export const EXPORT_MAX_ORDERS = 100_000;
const EXPORT_MSG = { queued: 'Export started', done: 'Export success!' } as const;

type ExportFilters = OrderFilters & { status?: OrderStatus };
interface ExportPayload {
  scope: ListScope;
  filters: ExportFilters;
  format: 'xlsx' | 'csv';
}

/** Queues the export of what the list shows now; the scope is the actor's, frozen into the job. */
export async function startOrderExport(ctx: AppContext, actor: Actor, body: OrderExportBody) {
  const { format, ...filters } = body;
  const payload: ExportPayload = { scope: scopeOf(actor, filters.hireDesign), filters, format };
  const job = await ctx.db.transaction(async (tx) => {
    const queued = await ctx.jobs.enqueue(tx, {
      kind: ORDERS_EXPORT,
      agencyId: actor.agencyId,
      sellerTeamId: actor.sellerTeamId,
      userId: actor.userId,
      payload: payload as unknown as Record<string, unknown>,
    });
    await writeAudit(tx, {
      actorId: actor.userId,
      agencyId: actor.agencyId,
      entity: 'job',
      entityId: queued.id,
      action: 'export_orders',
      after: { format, filters },
    });
    return queued;
  });
  return { data: { jobId: job.id, message: EXPORT_MSG.queued } };
}

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
interface SheetLine {
  o: OrderRow;
  teamName: string;
  item: ItemRow | null;
}

const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : centsToDollars(cents));
const addressName = (v: number) => ADDRESS_STATUSES.find((s) => s.value === v)?.name ?? '';

/** The file's columns: the order's, then the item's (one row per item). */
export const EXPORT_COLUMNS: SheetColumn<SheetLine>[] = [
  { header: 'Order name', value: (l) => displayOrderName(l.o.orderName) },
  { header: 'Order id', value: (l) => l.o.id },
  { header: 'Status', value: (l) => l.o.status },
  { header: 'Type', value: (l) => CATALOG_TYPE_LABELS[l.o.orderType] },
  { header: 'Seller team', value: (l) => l.teamName },
  { header: 'Full name', value: (l) => l.o.fullName },
  { header: 'Email', value: (l) => l.o.email },
  { header: 'Phone', value: (l) => l.o.phone },
  { header: 'Address 1', value: (l) => l.o.address1 },
  { header: 'Address 2', value: (l) => l.o.address2 },
  { header: 'City', value: (l) => l.o.city },
  { header: 'Province', value: (l) => l.o.province },
  { header: 'Zip code', value: (l) => l.o.zipCode },
  { header: 'Country', value: (l) => l.o.country },
  { header: 'Country code', value: (l) => l.o.countryCode },
  { header: 'Reference id 1', value: (l) => l.o.referenceId1 },
  { header: 'Reference id 2', value: (l) => l.o.referenceId2 },
  { header: 'Total price', value: (l) => money(l.o.totalPriceCents) },
  { header: 'Charged', value: (l) => money(l.o.chargedCents) },
  { header: 'Address status', value: (l) => addressName(l.o.addressStatus) },
  { header: 'Design status', value: (l) => (l.o.hireDesignStatus ? DESIGN_STATUS_LABELS[l.o.hireDesignStatus as DesignStatus] : '') },
  { header: 'Cannot ship', value: (l) => (l.o.cannotShip ? 'Yes' : 'No') },
  { header: 'Created', value: (l) => l.o.createdAt.toISOString() },
  { header: 'SKU', value: (l) => l.item?.sku },
  { header: 'Title', value: (l) => l.item?.title },
  { header: 'Color', value: (l) => l.item?.color },
  { header: 'Size', value: (l) => l.item?.size },
  { header: 'Quantity', value: (l) => l.item?.quantity },
  { header: 'Price', value: (l) => money(l.item?.priceCents) },
  { header: 'Item status', value: (l) => l.item?.status },
  ...([1, 2, 3, 4, 5, 6] as const).map((n) => ({ header: `Artwork ${n}`, value: (l: SheetLine) => l.item?.[`artwork${n}`] })),
];

async function itemsOf(db: Db, orderIds: string[]) {
  const byOrder = new Map<string, ItemRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.orderId, orderItems.position);
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

async function runExport(ctx: AppContext, run: JobRun) {
  const payload = run.job.payload as unknown as ExportPayload;
  const { format } = payload;
  // An export queued before scopes named the agency held a seller's team alone; the job row knows the agency.
  const stored: Partial<ListScope> = payload.scope;
  const scope: ListScope = { sellerTeamId: null, designRequestsOnly: false, ...stored, agencyId: stored.agencyId ?? run.job.agencyId! };
  const filters = await resolveSearch(ctx.db, scope, payload.filters);
  const found = await countForExport(ctx.db, scope, filters);
  const total = Math.min(found, EXPORT_MAX_ORDERS);
  await run.progress({ total, processed: 0 });
  const lines: SheetLine[] = [];
  let after: ExportCursor | null = null;
  let processed = 0;
  while (processed < total) {
    const batch = await exportOrderBatch(ctx.db, scope, filters, after, Math.min(BATCH, total - processed));
    if (batch.length === 0) break;
    const items = await itemsOf(ctx.db, batch.map((b) => b.o.id));
    for (const { o, teamName } of batch) {
      const list = items.get(o.id) ?? [];
      if (list.length === 0) lines.push({ o, teamName, item: null });
      for (const item of list) lines.push({ o, teamName, item });
    }
    processed += batch.length;
    const last = batch[batch.length - 1]!;
    after = { createdAt: last.cursorAt, id: last.o.id };
    await run.progress({ processed });
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const data = format === 'csv' ? toCsv(EXPORT_COLUMNS, lines) : await toXlsx('Orders', EXPORT_COLUMNS, lines);
  const file = await saveJobFile(ctx.db, {
    jobId: run.job.id,
    userId: run.job.userId!,
    agencyId: run.job.agencyId,
    purpose: 'export',
    name: `orders-${stamp}.${format}`,
    contentType: format === 'csv' ? CSV_TYPE : XLSX_TYPE,
    data,
  });
  const message = found > total ? `${EXPORT_MSG.done} The first ${EXPORT_MAX_ORDERS.toLocaleString('en-US')} orders: narrow the filter for the rest.` : EXPORT_MSG.done;
  return { fileId: file.id, format, orders: processed, rows: lines.length, message };
}

export function registerOrderExport(ctx: AppContext) {
  ctx.jobs.register(ORDERS_EXPORT, (run) => runExport(ctx, run), { concurrency: 2 });
}

/** The signed-in user's exports, newest first, each with a fresh signed download link. */
export async function exportHistory(ctx: AppContext, actor: Actor, q: { page: number; limit: number }) {
  const mine = and(eq(jobs.userId, actor.userId), eq(jobs.kind, ORDERS_EXPORT));
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(jobs).where(mine).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    ctx.db.select({ n: count() }).from(jobs).where(mine),
  ]);
  const n = Number(total?.n ?? 0);
  return { data: rows.map((job) => jobView(ctx, job)), total: n, totalCapped: false, page: q.page, limit: q.limit };
}
