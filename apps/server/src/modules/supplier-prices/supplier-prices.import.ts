/**
 * The IMPORT_SUPPLIER_PRICE job: reads the uploaded .xlsx (the export's columns), checks every row,
 * and applies the good ones set-based, whole catalogs per transaction (about 1000 rows each), each
 * transaction locking its catalogs, updating their variants in one statement and writing one
 * price-change log per catalog it changed. Failed rows go to a report .xlsx with a Reason column.
 *
 * Only rows that differ from what is stored count: importing the same file again changes nothing
 * and writes no log, and a retried job (after a crash) does not repeat the batches it finished.
 */
import type { PriceImportResult } from '@fbo/shared';
import { dollarsToCents } from '@fbo/shared/domain/money';
import {
  IMPORT_SUPPLIER_PRICE,
  PRICE_SHEET_COLUMNS,
  REPORT_REASON_COLUMN,
  SUPPLIER_MSG,
  SUPPLIER_PRICE_LIMITS,
  parseStock,
  priceProblem,
  quantityProblem,
} from '@fbo/shared/domain/supplier-prices';
import type { AppContext } from '../../context';
import { queueCatalogChanged } from '../publishing';
import type { JobRun } from '../../jobs/queue';
import { readXlsx, toXlsx } from '../../lib/spreadsheet';
import { writeAudit } from '../audit';
import { XLSX_TYPE, saveJobFile } from '../jobs';
import * as repo from './supplier-prices.repo';
import { samePrice, toLogVariant } from './supplier-prices.service';

/** Columns that must be present in the header row (cells may be empty: empty keeps the stored value). */
const REQUIRED = ['SKU', 'Stock', 'Min price', 'Max price', 'Quantity'] as const;

interface SheetRow {
  rowNumber: number;
  cells: Record<string, string>;
}
interface Change {
  inStock?: boolean;
  min?: number;
  max?: number;
  quantity?: number;
}
interface GoodRow extends SheetRow {
  variant: repo.SheetVariant;
  change: Change;
}
interface FailedRow extends SheetRow {
  reason: string;
}

/** "$1,234.50" and "1234.5" alike: a dollar amount, else the reason. */
function readPrice(text: string, field: string): number | string | undefined {
  if (text === '') return undefined;
  const clean = text.replace(/^\$/, '').replace(/,/g, '').trim();
  const value = clean === '' ? NaN : Number(clean);
  return priceProblem(value, field) ?? dollarsToCents(value);
}

/** The row's changes (cents), or the first reason it cannot be used. */
function parseRow(cells: Record<string, string>): Change | string {
  const change: Change = {};
  const stock = cells['Stock'] ?? '';
  if (stock !== '') {
    const inStock = parseStock(stock);
    if (inStock === undefined) return SUPPLIER_MSG.stock;
    change.inStock = inStock;
  }
  const min = readPrice(cells['Min price'] ?? '', 'Min price');
  if (typeof min === 'string') return min;
  change.min = min;
  const max = readPrice(cells['Max price'] ?? '', 'Max price');
  if (typeof max === 'string') return max;
  change.max = max;
  const qtyText = (cells['Quantity'] ?? '').replace(/,/g, '');
  if (qtyText !== '') {
    const quantity = Number(qtyText);
    const problem = quantityProblem(quantity);
    if (problem) return problem;
    change.quantity = quantity;
  }
  if (change.min !== undefined && change.max !== undefined && change.min > change.max) return SUPPLIER_MSG.minOverMax;
  return change;
}

const fileProblem = (message: string): PriceImportResult => ({ message, ok: false, rows: 0, updated: 0, unchanged: 0, failed: 0, catalogs: 0 });

export function registerPriceImport(ctx: AppContext): void {
  ctx.jobs.register(IMPORT_SUPPLIER_PRICE, async (run) => ({ ...(await runImport(ctx, run)) }));
}

export async function runImport(ctx: AppContext, run: JobRun): Promise<PriceImportResult> {
  const { fileId, fileName } = run.job.payload as { fileId?: string; fileName?: string };
  const file = fileId ? await repo.jobFile(ctx.db, fileId) : undefined;
  if (!file || !run.job.userId) return fileProblem(SUPPLIER_MSG.unreadable);

  let sheet: Awaited<ReturnType<typeof readXlsx>>;
  try {
    sheet = await readXlsx(file.data);
  } catch {
    return fileProblem(SUPPLIER_MSG.unreadable);
  }
  const missing = REQUIRED.filter((c) => !sheet.headers.includes(c));
  if (missing.length) return fileProblem(SUPPLIER_MSG.missingColumns([...missing]));
  if (sheet.rows.length === 0) return fileProblem(SUPPLIER_MSG.emptyFile);
  if (sheet.rows.length > SUPPLIER_PRICE_LIMITS.importMaxRows) return fileProblem(SUPPLIER_MSG.tooManyRows);
  const total = sheet.rows.length;
  await run.progress({ total, processed: 0, failed: 0 });

  // 1. Each row on its own: SKU given once, readable values.
  const failed: FailedRow[] = [];
  const parsed: (SheetRow & { sku: string; change: Change })[] = [];
  const firstRowOf = new Map<string, number>();
  for (const row of sheet.rows) {
    const sku = (row.cells['SKU'] ?? '').trim();
    if (!sku) {
      failed.push({ ...row, reason: SUPPLIER_MSG.skuRequired });
      continue;
    }
    const seen = firstRowOf.get(sku);
    if (seen !== undefined) {
      failed.push({ ...row, reason: SUPPLIER_MSG.duplicateSku(seen) });
      continue;
    }
    firstRowOf.set(sku, row.rowNumber);
    const change = parseRow(row.cells);
    if (typeof change === 'string') failed.push({ ...row, reason: change });
    else parsed.push({ ...row, sku, change });
  }

  // 2. Match SKUs within the supplier catalog's scope, in a few set-based reads.
  const known = new Map((await repo.variantsBySku(ctx.db, parsed.map((r) => r.sku))).map((v) => [v.catalogVariantCode, v]));
  const good: GoodRow[] = [];
  for (const row of parsed) {
    const variant = known.get(row.sku);
    const code = (row.cells['Catalog code'] ?? '').trim();
    if (!variant) failed.push({ ...row, reason: SUPPLIER_MSG.unknownSku });
    else if (code && code !== variant.productCode) failed.push({ ...row, reason: SUPPLIER_MSG.catalogCodeMismatch });
    else good.push({ ...row, variant, change: row.change });
  }
  let processed = failed.length;
  await run.progress({ processed, failed: failed.length });

  // 3. Batches of whole catalogs, about importBatchRows rows each.
  const byCatalog = new Map<string, GoodRow[]>();
  for (const row of good) {
    const list = byCatalog.get(row.variant.catalogId) ?? [];
    list.push(row);
    byCatalog.set(row.variant.catalogId, list);
  }
  const batches: GoodRow[][] = [];
  let batch: GoodRow[] = [];
  for (const rows of byCatalog.values()) {
    if (batch.length > 0 && batch.length + rows.length > SUPPLIER_PRICE_LIMITS.importBatchRows) {
      batches.push(batch);
      batch = [];
    }
    batch.push(...rows);
  }
  if (batch.length) batches.push(batch);

  const userId = run.job.userId;
  const email = await repo.userEmail(ctx.db, userId);
  const note = `Import: ${fileName ?? file.name}`.slice(0, SUPPLIER_PRICE_LIMITS.noteMax);
  let updated = 0;
  let unchanged = 0;
  const touched = new Set<string>();

  for (const rows of batches) {
    const outcome = await ctx.db.transaction(async (tx) => {
      const catalogIds = [...new Set(rows.map((r) => r.variant.catalogId))];
      const locked = new Map((await repo.lockScopedCatalogs(tx, catalogIds)).map((c) => [c.id, c]));
      const current = new Map((await repo.variantsById(tx, rows.map((r) => r.variant.id))).map((v) => [v.id, v]));
      const bad: FailedRow[] = [];
      const changes = new Map<string, (repo.SheetVariant & { before: repo.VariantPrice })[]>();
      let same = 0;
      for (const row of rows) {
        const now = current.get(row.variant.id);
        // The catalog left the scope (or the variant was archived) since the file was read.
        if (!now || !locked.has(now.catalogId)) {
          bad.push({ ...row, reason: SUPPLIER_MSG.unknownSku });
          continue;
        }
        const next: repo.SheetVariant = {
          ...now,
          inStock: row.change.inStock ?? now.inStock,
          supplierMinPriceCents: row.change.min ?? now.supplierMinPriceCents,
          supplierMaxPriceCents: row.change.max ?? now.supplierMaxPriceCents,
          supplierQuantity: row.change.quantity ?? now.supplierQuantity,
        };
        if (next.supplierMinPriceCents > next.supplierMaxPriceCents) {
          bad.push({ ...row, reason: SUPPLIER_MSG.minOverMax });
          continue;
        }
        if (samePrice(next, now)) {
          same++;
          continue;
        }
        const list = changes.get(now.catalogId) ?? [];
        list.push({ ...next, before: now });
        changes.set(now.catalogId, list);
      }
      const all = [...changes.values()].flat();
      await repo.updateVariantPrices(tx, all);
      // Published products of these variants are told in their shops (docs/publishing.md).
      for (const [catalogId, list] of changes) if (list.some((v) => v.inStock !== v.before.inStock)) await queueCatalogChanged(ctx, tx, catalogId);
      const entries = [...changes.entries()];
      await repo.insertLogs(
        tx,
        entries.map(([catalogId, list]) => ({
          catalogId,
          createdUserId: userId,
          createdUserEmail: email,
          status: locked.get(catalogId)!.publishStatus,
          note,
          type: 'CHANGE_SUPPLIER_PRICE' as const,
          variantChanged: list.map((v) => toLogVariant(v)),
        })),
      );
      for (const [catalogId, list] of entries) {
        await writeAudit(tx, {
          actorId: userId,
          agencyId: run.job.agencyId,
          entity: 'catalog',
          entityId: catalogId,
          action: 'import_supplier_prices',
          reason: `job ${run.job.id}`,
          before: { variants: list.map(({ before: b }) => ({ id: b.id, inStock: b.inStock, supplierMinPriceCents: b.supplierMinPriceCents, supplierMaxPriceCents: b.supplierMaxPriceCents, supplierQuantity: b.supplierQuantity })) },
          after: { variants: list.map((v) => ({ id: v.id, inStock: v.inStock, supplierMinPriceCents: v.supplierMinPriceCents, supplierMaxPriceCents: v.supplierMaxPriceCents, supplierQuantity: v.supplierQuantity })) },
        });
      }
      return { bad, same, updated: all.length, catalogs: entries.map(([id]) => id) };
    });
    failed.push(...outcome.bad);
    unchanged += outcome.same;
    updated += outcome.updated;
    for (const id of outcome.catalogs) touched.add(id);
    processed += rows.length;
    await run.progress({ processed, failed: failed.length });
  }

  // 4. The report of failed rows, in file order.
  let reportFileId: string | undefined;
  if (failed.length) {
    failed.sort((a, b) => a.rowNumber - b.rowNumber);
    const headers = [...new Set([...PRICE_SHEET_COLUMNS, ...sheet.headers.filter(Boolean)])].filter((h) => h !== REPORT_REASON_COLUMN);
    const data = await toXlsx(
      'Failed rows',
      [
        { header: 'Row', value: (r: FailedRow) => r.rowNumber },
        ...headers.map((h) => ({ header: h, value: (r: FailedRow) => r.cells[h] ?? '', width: h === 'SKU' ? 28 : undefined })),
        { header: REPORT_REASON_COLUMN, value: (r: FailedRow) => r.reason, width: 48 },
      ],
      failed,
    );
    reportFileId = (
      await saveJobFile(ctx.db, {
        jobId: run.job.id,
        userId,
        agencyId: run.job.agencyId,
        purpose: 'report',
        name: `supplier-prices-report-${run.job.id}.xlsx`,
        contentType: XLSX_TYPE,
        data,
      })
    ).id;
  }
  return {
    message: SUPPLIER_MSG.importDone(updated, unchanged, failed.length),
    ok: true,
    rows: total,
    updated,
    unchanged,
    failed: failed.length,
    catalogs: touched.size,
    ...(reportFileId ? { reportFileId } : {}),
  };
}
