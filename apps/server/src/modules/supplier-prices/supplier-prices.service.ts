/**
 * Supplier prices: the Expected Price dialog (read and save), price-change logs, export and the
 * start of an import (the import itself runs as a job: supplier-prices.import.ts).
 *
 * A dialog save writes its price-change log inside the save's own transaction, under the
 * catalog's row lock: a save without its log, or a log without its save, cannot exist, and a
 * retried request finds nothing changed and writes nothing (docs/decisions.md).
 */
import type {
  Actor,
  CatalogVariantsBody,
  PriceExportQuery,
  PriceLogHistoriesQuery,
  PriceLogItem,
  SaveLogBody,
  SupplierCatalogInfo,
  SupplierVariant,
} from '@fbo/shared';
import { centsToDollars, dollarsToCents } from '@fbo/shared/domain/money';
import {
  IMPORT_SUPPLIER_PRICE,
  PRICE_SHEET_COLUMNS,
  SUPPLIER_MSG,
  SUPPLIER_PRICE_LIMITS,
  stockLabel,
} from '@fbo/shared/domain/supplier-prices';
import type { AppContext } from '../../context';
import { queueCatalogChanged } from '../publishing';
import type { PriceLogVariant } from '../../db/schema/index';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { toXlsx, type SheetColumn } from '../../lib/spreadsheet';
import { XLSX_TYPE, giveJobFile, saveJobFile } from '../jobs';
import { writeAudit } from '../audit';
import * as repo from './supplier-prices.repo';

const CATALOG_NOT_FOUND = 'Catalog not found';

const toVariant = (v: repo.VariantRow): SupplierVariant => ({
  id: v.id,
  catalogVariantCode: v.catalogVariantCode,
  color: v.color,
  size: v.size,
  inStock: v.inStock,
  supplierMinPrice: centsToDollars(v.supplierMinPriceCents),
  supplierMaxPrice: centsToDollars(v.supplierMaxPriceCents),
  supplierQuantity: v.supplierQuantity,
});

const toCatalogInfo = (c: repo.CatalogRow): SupplierCatalogInfo => ({
  id: c.id,
  name: c.name,
  productCode: c.productCode,
  dropship: c.dropship,
  publishStatus: c.publishStatus,
  note: c.note,
});

/** A variant as a log keeps it: the values after the change, in cents. */
export const toLogVariant = (v: { id: string; catalogVariantCode: string; color: string; size: string } & repo.VariantPrice): PriceLogVariant => ({
  variantId: v.id,
  catalogVariantCode: v.catalogVariantCode,
  color: v.color,
  size: v.size,
  inStock: v.inStock,
  supplierMinPriceCents: v.supplierMinPriceCents,
  supplierMaxPriceCents: v.supplierMaxPriceCents,
  supplierQuantity: v.supplierQuantity,
});

export const samePrice = (a: repo.VariantPrice, b: repo.VariantPrice) =>
  a.inStock === b.inStock &&
  a.supplierMinPriceCents === b.supplierMinPriceCents &&
  a.supplierMaxPriceCents === b.supplierMaxPriceCents &&
  a.supplierQuantity === b.supplierQuantity;

const priceOf = (v: repo.VariantPrice): Omit<repo.VariantPrice, 'id'> => ({
  inStock: v.inStock,
  supplierMinPriceCents: v.supplierMinPriceCents,
  supplierMaxPriceCents: v.supplierMaxPriceCents,
  supplierQuantity: v.supplierQuantity,
});

function toLogItem({ log, catalogName, productCode }: repo.LogRow): PriceLogItem {
  return {
    id: log.id,
    catalog: { id: log.catalogId, name: catalogName, productCode },
    createdUser: log.createdUserEmail,
    status: log.status,
    createdDate: log.createdAt.toISOString(),
    note: log.note,
    type: log.type,
    variantCount: log.variantChanged.length,
    variantChanged: log.variantChanged.map((v) => ({
      variantId: v.variantId,
      catalogVariantCode: v.catalogVariantCode,
      color: v.color,
      size: v.size,
      inStock: v.inStock,
      supplierMinPrice: centsToDollars(v.supplierMinPriceCents),
      supplierMaxPrice: centsToDollars(v.supplierMaxPriceCents),
      supplierQuantity: v.supplierQuantity,
    })),
  };
}

// ----- the Expected Price dialog -----

export async function catalogVariants(ctx: AppContext, actor: Actor, id: string) {
  const catalog = await repo.findCatalog(ctx.db, actor, id);
  if (!catalog) throw notFound(CATALOG_NOT_FOUND);
  const variants = await repo.listVariants(ctx.db, id);
  return { data: { catalog: toCatalogInfo(catalog), variants: variants.map(toVariant) } };
}

/**
 * Saves the dialog: the variants' stock, prices and quantity, the status (5 or 6) and the note, in
 * one transaction under the catalog's lock, with the audit entry and the price-change log. A save
 * that changes nothing writes nothing and answers 'No changed!' (idempotent).
 */
export async function saveCatalogVariants(ctx: AppContext, actor: Actor, id: string, body: CatalogVariantsBody) {
  return ctx.db.transaction(async (tx) => {
    const catalog = await repo.findCatalog(tx, actor, id, true);
    if (!catalog) throw notFound(CATALOG_NOT_FOUND);
    const current = new Map((await repo.variantsOf(tx, id, body.variants.map((v) => v.id))).map((v) => [v.id, v]));
    const missing: Record<string, string> = {};
    body.variants.forEach((v, i) => {
      if (!current.has(v.id)) missing[`variants.${i}.id`] = SUPPLIER_MSG.variantNotInCatalog;
    });
    if (Object.keys(missing).length) throw badRequest(SUPPLIER_MSG.variantNotInCatalog, missing);

    const changed = body.variants
      .map((v) => ({
        id: v.id,
        inStock: v.inStock,
        supplierMinPriceCents: dollarsToCents(v.supplierMinPrice),
        supplierMaxPriceCents: dollarsToCents(v.supplierMaxPrice),
        supplierQuantity: v.supplierQuantity,
      }))
      .filter((v) => !samePrice(v, current.get(v.id)!));
    const statusChanged = body.publishStatus !== catalog.publishStatus;
    const noteChanged = body.note !== catalog.note;
    if (changed.length === 0 && !statusChanged && !noteChanged) {
      const variants = await repo.listVariants(tx, id);
      return { message: SUPPLIER_MSG.noChanged, data: { catalog: toCatalogInfo(catalog), variants: variants.map(toVariant), changed: 0, logId: null } };
    }

    await repo.updateVariantPrices(tx, changed);
    // Published products of these variants are told in their shops (docs/publishing.md).
    if (changed.some((v) => v.inStock !== current.get(v.id)!.inStock)) await queueCatalogChanged(ctx, tx, id);
    await repo.updateCatalogPriceStatus(tx, id, { publishStatus: body.publishStatus, note: body.note });
    const email = await repo.userEmail(tx, actor.userId);
    const [logId] = await repo.insertLogs(tx, [
      {
        catalogId: id,
        createdUserId: actor.userId,
        createdUserEmail: email,
        status: body.publishStatus,
        note: body.note,
        type: 'CHANGE_SUPPLIER_PRICE',
        variantChanged: changed.map((v) => toLogVariant({ ...current.get(v.id)!, ...v })),
      },
    ]);
    await writeAudit(tx, {
      actorId: actor.userId,
      agencyId: actor.agencyId,
      entity: 'catalog',
      entityId: id,
      action: 'supplier_prices',
      before: {
        publishStatus: catalog.publishStatus,
        note: catalog.note,
        variants: changed.map((v) => ({ id: v.id, ...priceOf(current.get(v.id)!) })),
      },
      after: { publishStatus: body.publishStatus, note: body.note, variants: changed, logId },
    });
    const fresh = (await repo.findCatalog(tx, actor, id))!;
    const variants = await repo.listVariants(tx, id);
    return {
      message: SUPPLIER_MSG.updateSuccess,
      data: { catalog: toCatalogInfo(fresh), variants: variants.map(toVariant), changed: changed.length, logId: logId ?? null },
    };
  });
}

// ----- price-change logs -----

export async function histories(ctx: AppContext, actor: Actor, q: PriceLogHistoriesQuery) {
  const { rows, count } = await repo.listLogs(ctx.db, actor, q);
  return { ...listAnswer(rows.map(toLogItem), count, q), pagination: { total: count.total } };
}

/**
 * A log written on its own (spec: POST products/supplier-log/save-log), for callers other than the
 * dialog, whose save already wrote one. The variants' values are read from the database, never
 * taken from the body, so a log always tells what was really stored.
 */
export async function saveLog(ctx: AppContext, actor: Actor, body: SaveLogBody) {
  return ctx.db.transaction(async (tx) => {
    const catalog = await repo.findCatalog(tx, actor, body.catalog, true);
    if (!catalog) throw notFound(CATALOG_NOT_FOUND);
    const ids = [...new Set(body.variantChanged.map((v) => v.id))];
    const variants = await repo.variantsOf(tx, catalog.id, ids);
    if (variants.length !== ids.length) {
      throw badRequest(SUPPLIER_MSG.variantNotInCatalog, { variantChanged: SUPPLIER_MSG.variantNotInCatalog });
    }
    const byId = new Map(variants.map((v) => [v.id, v]));
    const [logId] = await repo.insertLogs(tx, [
      {
        catalogId: catalog.id,
        createdUserId: actor.userId,
        createdUserEmail: await repo.userEmail(tx, actor.userId),
        status: body.status,
        note: body.note,
        type: body.type,
        variantChanged: ids.map((vid) => toLogVariant(byId.get(vid)!)),
      },
    ]);
    await writeAudit(tx, {
      actorId: actor.userId,
      agencyId: actor.agencyId,
      entity: 'price_change_log',
      entityId: logId!,
      action: 'create',
      after: { catalogId: catalog.id, status: body.status, type: body.type, note: body.note, variantIds: ids },
    });
    return { message: SUPPLIER_MSG.logSaved, data: toLogItem((await repo.logRow(tx, logId!))!) };
  });
}

// ----- export -----

export const PRICE_SHEET: SheetColumn<repo.SheetVariant>[] = [
  { header: PRICE_SHEET_COLUMNS[0], value: (v) => v.catalogVariantCode, width: 28 },
  { header: PRICE_SHEET_COLUMNS[1], value: (v) => v.productCode, width: 16 },
  { header: PRICE_SHEET_COLUMNS[2], value: (v) => v.color, width: 14 },
  { header: PRICE_SHEET_COLUMNS[3], value: (v) => v.size },
  { header: PRICE_SHEET_COLUMNS[4], value: (v) => stockLabel(v.inStock), width: 14 },
  { header: PRICE_SHEET_COLUMNS[5], value: (v) => centsToDollars(v.supplierMinPriceCents) },
  { header: PRICE_SHEET_COLUMNS[6], value: (v) => centsToDollars(v.supplierMaxPriceCents) },
  { header: PRICE_SHEET_COLUMNS[7], value: (v) => v.supplierQuantity },
];

const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** The supplier catalog's variants under the list's filters, as .xlsx; answers its signed address. */
export async function exportPrices(ctx: AppContext, actor: Actor, q: PriceExportQuery) {
  const rows = await repo.exportVariants(ctx.db, q, SUPPLIER_PRICE_LIMITS.exportMaxRows + 1);
  if (rows.length > SUPPLIER_PRICE_LIMITS.exportMaxRows) throw badRequest(SUPPLIER_MSG.tooManyExportRows);
  const data = await toXlsx('Supplier prices', PRICE_SHEET, rows);
  const file = await saveJobFile(ctx.db, {
    userId: actor.userId,
    agencyId: actor.agencyId,
    purpose: 'export',
    name: `supplier-prices-${stamp()}.xlsx`,
    contentType: XLSX_TYPE,
    data,
  });
  return { data: { url: ctx.downloadUrl(file.id), message: SUPPLIER_MSG.exportSuccess } };
}

let template: Promise<Buffer> | undefined;
/** The sample template: the import's columns and one example row. */
export function priceTemplate(): Promise<Buffer> {
  template ??= toXlsx('Supplier prices', PRICE_SHEET, [
    {
      id: '', catalogId: '', productCode: 'DROP-1000', catalogVariantCode: 'DROP-1000-BLA-M', color: 'Black', size: 'M',
      inStock: true, supplierMinPriceCents: 1250, supplierMaxPriceCents: 1400, supplierQuantity: 120,
    },
  ]);
  return template;
}

// ----- import (start) -----

/** A zip archive (every .xlsx is one) starts with PK\x03\x04. */
const isZip = (data: Buffer) => data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/** Keeps the uploaded file, then queues its import (the job, its ownership of the file and the audit commit together). */
export async function startImport(ctx: AppContext, actor: Actor, file: { name: string; data: Buffer } | undefined, importType: string | undefined) {
  if (importType !== undefined && importType !== '' && importType !== IMPORT_SUPPLIER_PRICE) {
    throw badRequest(SUPPLIER_MSG.importType, { importType: SUPPLIER_MSG.importType });
  }
  if (!file || file.data.length === 0) throw badRequest(SUPPLIER_MSG.noFile, { file: SUPPLIER_MSG.noFile });
  if (!/\.xlsx$/i.test(file.name)) throw badRequest(SUPPLIER_MSG.wrongFile, { file: SUPPLIER_MSG.wrongFile });
  if (!isZip(file.data)) throw badRequest(SUPPLIER_MSG.notXlsx, { file: SUPPLIER_MSG.notXlsx });
  if (file.data.length > SUPPLIER_PRICE_LIMITS.importMaxBytes) throw new HttpError(413, SUPPLIER_MSG.fileTooLarge);
  // Saved before the transaction, part by part, so the transaction does not hold the embedded
  // database's one connection for the whole file; the job it queues then owns the file. Should the
  // transaction fail, the file names no job and retention (job-retention.ts) deletes it after
  // JOB_RETENTION_DAYS.
  const saved = await saveJobFile(ctx.db, {
    userId: actor.userId,
    agencyId: actor.agencyId,
    purpose: 'import',
    name: file.name,
    contentType: XLSX_TYPE,
    data: file.data,
  });
  const job = await ctx.db.transaction(async (tx) => {
    const queued = await ctx.jobs.enqueue(tx, {
      kind: IMPORT_SUPPLIER_PRICE,
      agencyId: actor.agencyId,
      userId: actor.userId,
      payload: { fileName: file.name, fileId: saved.id },
    });
    await giveJobFile(tx, saved.id, queued.id);
    await writeAudit(tx, {
      actorId: actor.userId,
      agencyId: actor.agencyId,
      entity: 'job',
      entityId: queued.id,
      action: 'import_supplier_prices',
      after: { fileName: file.name, fileId: saved.id, size: file.data.length },
    });
    return queued;
  });
  return { data: { jobId: job.id, message: SUPPLIER_MSG.importQueued } };
}
