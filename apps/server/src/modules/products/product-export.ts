/**
 * The two product exports (docs/stores.md, "Products"), jobs like the order export: the request checks
 * the caller's scope (another team's product is 404) and freezes it with the filters into the job, and
 * answers { jobId, message }; the job writes a formula-safe CSV as a job file, and GET /api/jobs/{id}
 * gives its progress, then a signed download link (fileUrl).
 *  - GET /api/products/list/export: the list's filters; one row per variant (a product without variants
 *    gets one row), newest product first like the list, read in keyset pages.
 *  - GET /api/products/{id}/variants/export: one product's variants.
 */
import {
  ARTWORK_SLOTS,
  MAPPING_IMPORT_COLUMNS,
  MAPPING_STATUS_LABELS,
  PRODUCT_MSG,
  PRODUCT_TYPE_LABELS,
  STORE_PLATFORM_LABELS,
  centsToDollars,
  type Actor,
  type MappingStatus,
  type ProductExportQuery,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { JobRun } from '../../jobs/queue';
import { notFound } from '../../lib/errors';
import { toCsv, type SheetColumn } from '../../lib/spreadsheet';
import { writeAudit } from '../audit';
import { CSV_TYPE, saveJobFile } from '../jobs';
import * as repo from './products.repo';
import { productScope } from './products.service';

export const PRODUCTS_EXPORT = 'PRODUCTS_EXPORT';
export const PRODUCT_VARIANTS_EXPORT = 'PRODUCT_VARIANTS_EXPORT';
/** Products read per keyset page. */
const BATCH = 500;
/** One file holds at most this many products: narrower filters beyond it (the message says so). */
export const EXPORT_MAX_PRODUCTS = 50_000;

interface ListExportPayload {
  scope: repo.ProductScope;
  filters: ProductExportQuery;
}
interface VariantsExportPayload {
  scope: repo.ProductScope;
  productId: string;
}

/** The job of a seller's export: frozen scope, the caller as owner (only it polls the job), audited. */
async function queue(ctx: AppContext, actor: Actor, kind: string, payload: ListExportPayload | VariantsExportPayload, after: Record<string, unknown>) {
  const job = await ctx.db.transaction(async (tx) => {
    const queued = await ctx.jobs.enqueue(tx, {
      kind,
      agencyId: payload.scope.agencyId,
      sellerTeamId: payload.scope.sellerTeamId,
      userId: actor.userId,
      payload: payload as unknown as Record<string, unknown>,
    });
    await writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, entity: 'job', entityId: queued.id, action: kind === PRODUCTS_EXPORT ? 'export_products' : 'export_product_variants', after });
    return queued;
  });
  ctx.jobs.kick();
  return { data: { jobId: job.id, message: PRODUCT_MSG.exportStarted } };
}

/** GET /api/products/list/export: the list's filters, scoped exactly like the list. */
export async function startProductsExport(ctx: AppContext, actor: Actor, filters: ProductExportQuery) {
  const scope = productScope(actor);
  return queue(ctx, actor, PRODUCTS_EXPORT, { scope, filters }, { filters });
}

/** The agency's export of one of its sellers' stores (the bulk-mapping template, /ag/stores): the store's team, that store's products. */
export async function startStoreProductsExport(ctx: AppContext, actor: Actor, store: { id: string; sellerTeamId: string }) {
  const scope = { agencyId: actor.agencyId!, sellerTeamId: store.sellerTeamId };
  const filters = { storeId: store.id } as ProductExportQuery;
  return queue(ctx, actor, PRODUCTS_EXPORT, { scope, filters }, { filters, sellerTeamId: store.sellerTeamId });
}

/** GET /api/products/{id}/variants/export: the team's own product, else 404. */
export async function startVariantsExport(ctx: AppContext, actor: Actor, productId: string) {
  const scope = productScope(actor);
  if (!(await repo.findProduct(ctx.db, scope, productId))) throw notFound(PRODUCT_MSG.notFound);
  return queue(ctx, actor, PRODUCT_VARIANTS_EXPORT, { scope, productId }, { productId });
}

const mappingLabel = (status: number) => MAPPING_STATUS_LABELS[status as MappingStatus] ?? String(status);
/** A variant's mapping as the screens say it: ignored (the seller ships it), else its status. */
const variantMapping = (v: { mappingStatus: number; ignored: boolean }) => (v.ignored ? 'Ignored' : mappingLabel(v.mappingStatus));
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

interface ListLine {
  p: repo.ProductWithRefs;
  v: repo.ExportVariantRow | null;
}

/**
 * The bulk-mapping columns both exports end with (docs/stores.md, "Bulk mapping"): edited and imported again
 * (POST /api/mapping/import), they map the variants named by id.
 */
function bulkMappingColumns<T>(variantOf: (row: T) => repo.ExportVariantRow | null): SheetColumn<T>[] {
  return [
    { header: MAPPING_IMPORT_COLUMNS.variantId, value: (r) => variantOf(r)?.id },
    { header: MAPPING_IMPORT_COLUMNS.code, value: (r) => variantOf(r)?.catalogVariantCode },
    { header: MAPPING_IMPORT_COLUMNS.ignored, value: (r) => { const v = variantOf(r); return v ? yesNo(v.ignored) : ''; } },
    ...MAPPING_IMPORT_COLUMNS.artworks.map((header, i) => ({ header, value: (r: T) => variantOf(r)?.[ARTWORK_SLOTS[i]!] })),
  ];
}

/** The list export's columns: the product's, then the variant's (one row per variant). */
export const PRODUCT_EXPORT_COLUMNS: SheetColumn<ListLine>[] = [
  { header: 'Product id', value: (l) => l.p.id },
  { header: 'Title', value: (l) => l.p.title },
  { header: 'Handle', value: (l) => l.p.handle },
  { header: 'Type', value: (l) => PRODUCT_TYPE_LABELS[l.p.productType] },
  { header: 'Store', value: (l) => l.p.storeName },
  { header: 'Platform', value: (l) => (l.p.storePlatform ? STORE_PLATFORM_LABELS[l.p.storePlatform as keyof typeof STORE_PLATFORM_LABELS] : '') },
  { header: 'Server id', value: (l) => l.p.serverId },
  { header: 'Personalized', value: (l) => yesNo(l.p.personalized) },
  { header: 'Variant SKU', value: (l) => l.v?.sku },
  { header: 'Variant title', value: (l) => l.v?.title },
  { header: 'Option 1', value: (l) => l.v?.option1 },
  { header: 'Option 2', value: (l) => l.v?.option2 },
  { header: 'Option 3', value: (l) => l.v?.option3 },
  { header: 'Price', value: (l) => (l.v ? centsToDollars(l.v.priceCents) : '') },
  { header: 'Mapping status', value: (l) => (l.v ? variantMapping(l.v) : mappingLabel(l.p.mappingStatus)) },
  ...bulkMappingColumns<ListLine>((l) => l.v),
];

type ExportVariant = repo.ExportVariantRow;

/** The variants export's columns. */
export const VARIANT_EXPORT_COLUMNS: SheetColumn<ExportVariant>[] = [
  { header: 'SKU', value: (v) => v.sku },
  { header: 'Title', value: (v) => v.title },
  { header: 'Option 1', value: (v) => v.option1 },
  { header: 'Option 2', value: (v) => v.option2 },
  { header: 'Option 3', value: (v) => v.option3 },
  { header: 'Price', value: (v) => centsToDollars(v.priceCents) },
  { header: 'Server id', value: (v) => v.serverId },
  { header: 'Mapping status', value: (v) => variantMapping(v) },
  { header: 'Image', value: (v) => v.image },
  ...bulkMappingColumns<ExportVariant>((v) => v),
];

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

async function saveCsv(ctx: AppContext, run: JobRun, name: string, data: Buffer) {
  return saveJobFile(ctx.db, { jobId: run.job.id, userId: run.job.userId!, agencyId: run.job.agencyId, purpose: 'export', name, contentType: CSV_TYPE, data });
}

async function runListExport(ctx: AppContext, run: JobRun) {
  const { scope, filters } = run.job.payload as unknown as ListExportPayload;
  const found = await repo.countForExport(ctx.db, scope, filters);
  const total = Math.min(found, EXPORT_MAX_PRODUCTS);
  await run.progress({ total, processed: 0 });
  const lines: ListLine[] = [];
  let after: repo.ExportCursor | null = null;
  let processed = 0;
  while (processed < total) {
    const batch = await repo.exportProductBatch(ctx.db, scope, filters, after, Math.min(BATCH, total - processed));
    if (batch.length === 0) break;
    const variants = await repo.variantsOfProducts(ctx.db, scope.agencyId, batch.map((p) => p.id));
    for (const p of batch) {
      const list = variants.get(p.id) ?? [];
      if (list.length === 0) lines.push({ p, v: null });
      for (const v of list) lines.push({ p, v });
    }
    processed += batch.length;
    const last = batch[batch.length - 1]!;
    after = { createdAt: last.cursorAt, id: last.id };
    await run.progress({ processed });
  }
  const file = await saveCsv(ctx, run, `products-${stamp()}.csv`, toCsv(PRODUCT_EXPORT_COLUMNS, lines));
  const message = found > total
    ? `${PRODUCT_MSG.exportSuccess}. The first ${EXPORT_MAX_PRODUCTS.toLocaleString('en-US')} products: narrow the filter for the rest.`
    : PRODUCT_MSG.exportSuccess;
  return { ok: true, fileId: file.id, products: processed, rows: lines.length, message };
}

async function runVariantsExport(ctx: AppContext, run: JobRun) {
  const { scope, productId } = run.job.payload as unknown as VariantsExportPayload;
  // Deleted since the request: nothing to write.
  const product = await repo.findProduct(ctx.db, scope, productId);
  if (!product) return { ok: false, message: PRODUCT_MSG.notFound };
  const variants = await repo.variantsWithMappedCode(ctx.db, scope.agencyId, productId);
  await run.progress({ total: variants.length, processed: 0 });
  const name = `${product.handle || 'product'}-variants-${stamp()}.csv`;
  const file = await saveCsv(ctx, run, name, toCsv(VARIANT_EXPORT_COLUMNS, variants));
  await run.progress({ processed: variants.length });
  return { ok: true, fileId: file.id, rows: variants.length, message: PRODUCT_MSG.exportSuccess };
}

export function registerProductExports(ctx: AppContext): void {
  ctx.jobs.register(PRODUCTS_EXPORT, (run) => runListExport(ctx, run), { concurrency: 2 });
  ctx.jobs.register(PRODUCT_VARIANTS_EXPORT, (run) => runVariantsExport(ctx, run), { concurrency: 2 });
}
