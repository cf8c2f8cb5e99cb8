import { z } from 'zod';
import { PRICE_LOG_TYPES, PRICE_STATUS, SUPPLIER_MSG, SUPPLIER_PRICE_LIMITS, isWholeCents } from '../domain/supplier-prices';
import { listResponse } from './common';

const L = SUPPLIER_PRICE_LIMITS;

const price = (field: string) =>
  z
    .number({ error: SUPPLIER_MSG.priceNumber(field) })
    .min(0, SUPPLIER_MSG.priceRange(field))
    .max(L.maxPrice, SUPPLIER_MSG.priceRange(field))
    .refine(isWholeCents, SUPPLIER_MSG.priceCents(field));
const quantity = z
  .number({ error: SUPPLIER_MSG.quantity })
  .int(SUPPLIER_MSG.quantity)
  .min(0, SUPPLIER_MSG.quantity)
  .max(L.maxQuantity, SUPPLIER_MSG.quantity);
const note = z.string().trim().max(L.noteMax, SUPPLIER_MSG.noteLength);

// GET /api/catalogs/:id/variants: the Expected Price dialog.
export const supplierVariant = z.object({
  id: z.string(),
  catalogVariantCode: z.string(),
  color: z.string(),
  size: z.string(),
  inStock: z.boolean(),
  /** Dollars. */
  supplierMinPrice: z.number(),
  supplierMaxPrice: z.number(),
  supplierQuantity: z.number().int(),
});
export type SupplierVariant = z.infer<typeof supplierVariant>;
export const supplierCatalogInfo = z.object({
  id: z.string(),
  name: z.string(),
  productCode: z.string(),
  dropship: z.boolean(),
  publishStatus: z.number().int(),
  note: z.string(),
});
export type SupplierCatalogInfo = z.infer<typeof supplierCatalogInfo>;
export const catalogVariantsResponse = z.object({ data: z.object({ catalog: supplierCatalogInfo, variants: z.array(supplierVariant) }) });
export type CatalogVariantsAnswer = z.infer<typeof catalogVariantsResponse>;

// PATCH /api/catalogs/:id/variants: the full catalog (its variants, publishStatus, note).
export const variantPriceInput = z
  .object({
    id: z.uuid({ error: SUPPLIER_MSG.variantNotInCatalog }),
    inStock: z.boolean(),
    supplierMinPrice: price('Min price'),
    supplierMaxPrice: price('Max price'),
    supplierQuantity: quantity,
  })
  .refine((v) => v.supplierMinPrice <= v.supplierMaxPrice, { message: SUPPLIER_MSG.minOverMax, path: ['supplierMinPrice'] });
export type VariantPriceInput = z.infer<typeof variantPriceInput>;
export const catalogVariantsBody = z
  .object({
    publishStatus: z.union([z.literal(PRICE_STATUS.updating), z.literal(PRICE_STATUS.updated)], { error: SUPPLIER_MSG.status }),
    note: note.default(''),
    variants: z.array(variantPriceInput).max(L.saveMaxVariants, SUPPLIER_MSG.tooManyVariants),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.variants.forEach((v, i) => {
      if (seen.has(v.id)) ctx.addIssue({ code: 'custom', message: SUPPLIER_MSG.duplicateVariant, path: ['variants', i, 'id'] });
      seen.add(v.id);
    });
  });
export type CatalogVariantsBody = z.infer<typeof catalogVariantsBody>;
export const catalogVariantsAnswer = z.object({
  message: z.string(),
  data: z.object({
    catalog: supplierCatalogInfo,
    variants: z.array(supplierVariant),
    /** Variants whose stock, prices or quantity this save changed. */
    changed: z.number().int(),
    /** The price-change log written with the save; null when nothing changed. */
    logId: z.string().nullable(),
  }),
});

// Price-change logs.
export const priceLogVariant = z.object({
  variantId: z.string(),
  catalogVariantCode: z.string(),
  color: z.string(),
  size: z.string(),
  inStock: z.boolean(),
  supplierMinPrice: z.number(),
  supplierMaxPrice: z.number(),
  supplierQuantity: z.number().int(),
});
export type PriceLogVariantItem = z.infer<typeof priceLogVariant>;
export const priceLogItem = z.object({
  id: z.string(),
  catalog: z.object({ id: z.string(), name: z.string(), productCode: z.string() }),
  /** The e-mail of the user who saved. */
  createdUser: z.string(),
  status: z.number().int(),
  createdDate: z.string(),
  note: z.string(),
  type: z.enum(PRICE_LOG_TYPES),
  variantCount: z.number().int(),
  variantChanged: z.array(priceLogVariant),
});
export type PriceLogItem = z.infer<typeof priceLogItem>;

// GET /api/products/supplier-log/histories.
export const priceLogHistoriesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(L.historiesPageSize),
  catalog: z.uuid().optional(),
  type: z.enum(PRICE_LOG_TYPES).optional(),
});
export type PriceLogHistoriesQuery = z.infer<typeof priceLogHistoriesQuery>;
/** The spec's client reads data and pagination.total; total etc. as every list. */
export const priceLogHistoriesResponse = listResponse(priceLogItem).extend({ pagination: z.object({ total: z.number().int() }) });
export type PriceLogHistoriesAnswer = z.infer<typeof priceLogHistoriesResponse>;

// POST /api/products/supplier-log/save-log: a log written on its own (the dialog's save writes its own).
export const saveLogBody = z.object({
  catalog: z.uuid(),
  /** The variants the log is about: their stored values are recorded, never values from the body. */
  variantChanged: z.array(z.object({ id: z.uuid() })).max(L.saveMaxVariants, SUPPLIER_MSG.tooManyVariants),
  status: z.coerce.number().int().min(0).max(6),
  note: note.default(''),
  type: z.enum(PRICE_LOG_TYPES),
});
export type SaveLogBody = z.infer<typeof saveLogBody>;
export const saveLogAnswer = z.object({ message: z.string(), data: priceLogItem });

// GET /api/catalogs/export/catalog-price: the supplier list's filters.
export const priceExportQuery = z.object({
  search: z.string().trim().max(200).optional(),
  publishStatus: z.coerce.number().int().min(0).max(6).optional(),
  dropship: z.stringbool().optional(),
  isTrademark: z.stringbool().optional(),
});
export type PriceExportQuery = z.infer<typeof priceExportQuery>;
export const fileUrlResponse = z.object({ data: z.object({ url: z.string(), message: z.string() }) });

// POST /api/catalogs/import/catalog-price (multipart: file, importType).
export const priceImportAnswer = z.object({ data: z.object({ jobId: z.string(), message: z.string() }) });
/** The result an IMPORT_SUPPLIER_PRICE job leaves (GET /api/jobs/:id `result`). */
export interface PriceImportResult {
  message: string;
  /** false when the file itself could not be used (no row was looked at). */
  ok: boolean;
  rows: number;
  updated: number;
  unchanged: number;
  failed: number;
  catalogs: number;
  reportFileId?: string;
}
