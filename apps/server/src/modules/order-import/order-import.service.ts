import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  IMPORT_ORDERS_JOB,
  ORDER_IMPORT_LIMITS,
  ORDER_IMPORT_MSG,
  ORDER_TEMPLATE_COLUMNS,
  centsToDollars,
  type Actor,
  type ImportPreviewOrder,
  type OrderImportFields,
  type OrderImportListQuery,
  type OrderImportPreview,
  type OrderImportQueued,
  type OrderImportRow,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { toXlsx } from '../../lib/spreadsheet';
import { writeAudit } from '../audit';
import { saveJobFile } from '../jobs';
import { planImport, type ImportPlan } from './import-plan';
import type { ImportJobPayload } from './order-import.job';
import * as repo from './order-import.repo';
import { fileKind, peekSheet } from './sheet';

const gzip = promisify(zlib.gzip);

export interface UploadedFile {
  name: string;
  data: Buffer;
}

/** The team the import belongs to: the actor's own, never an input. */
function teamOf(actor: Actor): { agencyId: string; sellerTeamId: string } {
  if (!actor.agencyId || !actor.sellerTeamId) throw notFound();
  return { agencyId: actor.agencyId, sellerTeamId: actor.sellerTeamId };
}

function checkUpload(file: UploadedFile | undefined): asserts file is UploadedFile {
  if (!file || file.data.length === 0) throw badRequest(ORDER_IMPORT_MSG.noFile, { file: ORDER_IMPORT_MSG.noFile });
  if (!fileKind(file.name)) throw badRequest(ORDER_IMPORT_MSG.wrongFile, { file: ORDER_IMPORT_MSG.wrongFile });
  if (file.data.length > ORDER_IMPORT_LIMITS.maxBytes) throw new HttpError(413, ORDER_IMPORT_MSG.tooLarge);
}

/**
 * POST /api/orders/import/csv. A dry run answers what the file would do and writes nothing. A real
 * import is checked the same way first (a file that cannot be read is refused now, not in the job),
 * then its bytes, the history row and the job are written in one transaction.
 */
export async function importFile(
  ctx: AppContext,
  actor: Actor,
  file: UploadedFile | undefined,
  fields: OrderImportFields,
): Promise<{ data: OrderImportPreview } | { data: OrderImportQueued }> {
  checkUpload(file);
  const team = teamOf(actor);
  if (fields.dryRun) return { data: await preview(ctx, team, await planImport(ctx.db, team, file, { createProduct: fields.createProduct })) };
  // The job reads the rows; refuse now what it could not read at all (type, header, no rows).
  const peek = await peekSheet(file.name, file.data);
  if (!peek.hasRows) throw badRequest(ORDER_IMPORT_MSG.emptyFile, { file: ORDER_IMPORT_MSG.emptyFile });

  const stored = await gzip(file.data, { level: 1 });
  // The bytes are kept as a job file so any replica can run the job, gzipped: a CSV shrinks about
  // tenfold, and bytea travels as hex text both ways (a 30 MB export would be 60 MB each way). Saved
  // before the transaction, part by part, so the transaction does not hold the embedded database's one
  // connection for the whole file; should it fail, the file names no job and retention
  // (job-retention.ts) deletes it after JOB_RETENTION_DAYS.
  const saved = await saveJobFile(ctx.db, {
    userId: actor.userId,
    agencyId: team.agencyId,
    purpose: 'import',
    name: `${file.name}.gz`,
    contentType: 'application/gzip',
    data: stored,
  });
  const queued = await ctx.db.transaction(async (tx) => {
    const record = await repo.createImport(tx, {
      agencyId: team.agencyId,
      sellerTeamId: team.sellerTeamId,
      userId: actor.userId,
      fileName: file.name.slice(0, 255),
      fileSha256: createHash('sha256').update(file.data).digest('hex'),
      format: peek.format,
      createProduct: fields.createProduct,
    });
    const payload: ImportJobPayload = { importId: record.id, fileId: saved.id };
    const job = await ctx.jobs.enqueue(tx, {
      kind: IMPORT_ORDERS_JOB,
      agencyId: team.agencyId,
      sellerTeamId: team.sellerTeamId,
      userId: actor.userId,
      payload: { ...payload },
    });
    await repo.updateImport(tx, record.id, { jobId: job.id });
    await writeAudit(tx, {
      actorId: actor.userId,
      agencyId: team.agencyId,
      entity: 'order_import',
      entityId: record.id,
      action: 'start_import_orders',
      after: { fileName: file.name, fileSha256: record.fileSha256, format: peek.format, size: file.data.length, createProduct: fields.createProduct },
    });
    return { importId: record.id, jobId: job.id };
  });
  // Committed: start the job now, not at the queue's next poll (up to a second of an import's wall time).
  ctx.jobs.kick();
  return { data: { dryRun: false, ...queued, format: peek.format, message: ORDER_IMPORT_MSG.queued } };
}

async function preview(ctx: AppContext, team: { agencyId: string; sellerTeamId: string }, plan: ImportPlan): Promise<OrderImportPreview> {
  const existing = await repo.existingNames(ctx.db, team, plan.orders.map((o) => o.orderName));
  const reasons = new Map(plan.failures.map((f) => [f.line, f.reason]));
  const orders: ImportPreviewOrder[] = plan.orders.slice(0, ORDER_IMPORT_LIMITS.previewOrders).map((o) => ({
    orderName: o.orderName,
    customer: o.fields.fullName,
    country: o.fields.countryCode || o.fields.country,
    exists: existing.has(o.orderName),
    failed: o.failedLine !== null,
    items: o.items.map((item) => {
      const v = plan.variants.get(item.sku);
      return {
        row: item.line,
        sku: item.sku,
        quantity: item.quantity,
        price: centsToDollars(item.priceCents),
        variant: v ? { id: v.id, catalogName: v.catalogName, color: v.color, size: v.size } : null,
        reason: reasons.get(item.line) ?? null,
      };
    }),
  }));
  return {
    dryRun: true,
    format: plan.format,
    rows: plan.sheet.rows.length,
    orders: plan.orders.length,
    ordersReady: plan.ready.filter((o) => !existing.has(o.orderName)).length,
    existing: plan.orders.filter((o) => existing.has(o.orderName)).map((o) => o.orderName),
    failedRows: plan.failures.length,
    preview: orders,
    failures: plan.failures.slice(0, ORDER_IMPORT_LIMITS.storedFailures).map((f) => ({ row: f.line, orderName: f.orderName, reason: f.reason })),
  };
}

function view(row: repo.ImportRow): OrderImportRow {
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format,
    status: row.status,
    createProduct: row.createProduct,
    totalRows: row.totalRows,
    ordersCreated: row.ordersCreated,
    ordersSkipped: row.ordersSkipped,
    failedRows: row.failedRows,
    jobId: row.jobId,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function list(ctx: AppContext, actor: Actor, query: OrderImportListQuery) {
  const team = teamOf(actor);
  const { rows, total } = await repo.listImports(ctx.db, team.sellerTeamId, query.page, query.limit);
  return { data: rows.map(view), total, page: query.page, limit: query.limit };
}

const DETAIL_ORDERS = 500;

export async function detail(ctx: AppContext, actor: Actor, id: string) {
  const team = teamOf(actor);
  const row = await repo.findImport(ctx.db, id, team.sellerTeamId);
  if (!row) throw notFound('Import not found');
  const created = await repo.importedOrders(ctx.db, id, team.sellerTeamId, DETAIL_ORDERS);
  return {
    data: {
      import: view(row),
      failures: row.failures,
      // The import ends just before its job: a link minted inside its retention dies before the file.
      reportUrl: row.reportFileId ? ctx.keptFileUrl(row.reportFileId, row.finishedAt) : null,
      orders: created.rows.map((o) => ({ id: o.id, orderName: o.orderName, fullName: o.fullName, status: o.status, itemCount: o.itemCount, totalPrice: centsToDollars(o.totalPriceCents) })),
      ordersTotal: created.total,
    },
  };
}

/** The agency's order template: the columns and one example row with a SKU the agency offers. */
export async function template(ctx: AppContext, actor: Actor): Promise<Buffer> {
  const sku = (await repo.exampleSku(ctx.db, actor.agencyId)) ?? 'SKU-CODE';
  const example: Record<(typeof ORDER_TEMPLATE_COLUMNS)[number], string | number> = {
    'Order Name': '#1001', 'Reference ID 1': '5203844513', 'Reference ID 2': '', 'Full Name': 'Jane Doe', Email: 'jane@example.com',
    Phone: '(617) 555-0134', 'Address 1': '12 Beacon Street', 'Address 2': 'Apt 4', City: 'Boston', Province: 'MA',
    'Zip Code': '02134', 'Country Code': 'US', 'Shipping Method': 'standard', SKU: sku, Quantity: 1, Price: 24.99,
    'Artwork 1': 'https://example.com/artwork-front.png', 'Artwork 2': '', 'Artwork 3': '', 'Artwork 4': '', 'Artwork 5': '', 'Artwork 6': '', Store: '',
  };
  return toXlsx('Orders', ORDER_TEMPLATE_COLUMNS.map((header) => ({ header, value: (r: typeof example) => r[header] })), [example]);
}
