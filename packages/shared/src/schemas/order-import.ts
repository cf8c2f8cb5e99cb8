/**
 * CSV order import (docs/orders.md, "CSV import"): POST /api/orders/import/csv (dry run or job),
 * GET /api/orders/import (histories), GET /api/orders/import/:id/detail, GET /api/orders/import/template.
 * Two formats are recognised from the header row: Shopify's order export and the agency's template.
 */
import { z } from 'zod';
import { listQuery, listResponse } from './common';

export const IMPORT_ORDERS_JOB = 'IMPORT_ORDERS';
export const ORDER_IMPORT_TEMPLATE_PATH = '/api/orders/import/template';
export const ORDER_IMPORT_FORMATS = ['template', 'shopify'] as const;
export type OrderImportFormat = (typeof ORDER_IMPORT_FORMATS)[number];
export const ORDER_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const ORDER_IMPORT_LIMITS = {
  /** 100,000 Shopify rows are about 40 MB: room for the bench file and then some. */
  maxBytes: 64 * 1024 * 1024,
  maxRows: 200_000,
  /** Orders per insert transaction (orders then items, a few multi-row statements). */
  batchOrders: 2_000,
  /** Batches inserting at once (PostgreSQL: one connection each). */
  batchesInFlight: 2,
  /** Parsed orders shown by a dry run, and failures kept on the import row (the report has all). */
  previewOrders: 20,
  storedFailures: 1_000,
  /** A list item's sku, name and artwork are cut to these lengths. */
  textMax: 1_000,
} as const;

/** The agency's own template, one row per item; order fields repeated or on the first row only. */
export const ORDER_TEMPLATE_COLUMNS = [
  'Order Name', 'Reference ID 1', 'Reference ID 2', 'Full Name', 'Email', 'Phone', 'Address 1', 'Address 2', 'City',
  'Province', 'Zip Code', 'Country Code', 'Shipping Method', 'SKU', 'Quantity', 'Price',
  'Artwork 1', 'Artwork 2', 'Artwork 3', 'Artwork 4', 'Artwork 5', 'Artwork 6',
  // Optional: with createProduct, the manual store a product made from the line's unknown SKU goes to.
  'Store',
] as const;

/** Columns a Shopify order export always has; these tell the format apart. */
export const SHOPIFY_REQUIRED_COLUMNS = ['Name', 'Lineitem quantity', 'Lineitem sku'] as const;
export const TEMPLATE_REQUIRED_COLUMNS = ['Order Name', 'SKU', 'Quantity'] as const;
export const REPORT_REASON_COLUMN = 'Reason';

export const ORDER_IMPORT_MSG = {
  noFile: 'Please import your file!',
  wrongFile: 'Wrong file! Please import csv file.',
  notXlsx: 'This file is not a readable .xlsx workbook.',
  tooLarge: `The file is too large (${ORDER_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB at most).`,
  tooManyRows: `The file has more than ${ORDER_IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows.`,
  unknownFormat: `Unknown file format: use the order template (${TEMPLATE_REQUIRED_COLUMNS.join(', ')}) or a Shopify order export (${SHOPIFY_REQUIRED_COLUMNS.join(', ')}).`,
  emptyFile: 'The file has no rows to import.',
  unreadable: 'The file could not be read.',
  queued: 'Import started.',
  importSuccess: 'Import success!',
  importError: 'Error when import.',
  // Row reasons (the report's Reason column).
  orderNameRequired: 'Order name is required.',
  skuRequired: 'SKU is required.',
  unknownSku: (sku: string) => `SKU ${sku} is not a catalog variant your agency offers.`,
  // A SKU that is no catalog variant code resolves through the team's mapping (docs/stores.md "Mapping").
  skuNotMapped: (sku: string) => `SKU ${sku} is a variant of one of your products that is not mapped yet: map it in Products.`,
  // createProduct: an unknown SKU becomes a product of a manual store of the team, its line waits for the mapping (docs/stores.md).
  productsCreated: (count: number, store: string) => `${count} ${count === 1 ? 'product' : 'products'} created in ${store} from unknown SKUs.`,
  linesWaiting: (count: number) => `${count} ${count === 1 ? 'line waits' : 'lines wait'} for a mapping: map the products, then apply the mapping to the open orders.`,
  storeNotManual: (store: string) => `Store ${store} is not a manual store of your team: products made from unknown SKUs go to a manual store.`,
  waitsForMapping: 'Waits for a mapping (the order shows Needs mapping).',
  skuIgnored: (sku: string) => `SKU ${sku} is ignored in your mapping (you ship it yourself).`,
  skuAmbiguous: (sku: string) => `SKU ${sku} is used by several variants of your products: give each its own SKU, or use the catalog variant code.`,
  quantity: 'Quantity must be a whole number of at least 1.',
  price: (field: string) => `${field} must be a number of at least 0.`,
  orderFailed: (row: number) => `Another row of this order failed (row ${row}); the order was not imported.`,
  exists: 'The order already exists; skipped.',
  done: (created: number, skipped: number, failed: number) =>
    `Import finished: ${created} orders created, ${skipped} skipped (already imported), ${failed} failed rows.`,
} as const;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');
/** The multipart text fields of POST /api/orders/import/csv. */
export const orderImportFields = z.object({ createProduct: flag, dryRun: flag });
export type OrderImportFields = z.infer<typeof orderImportFields>;

export const importFailure = z.object({ row: z.number().int(), orderName: z.string(), reason: z.string() });
export type ImportFailure = z.infer<typeof importFailure>;

const previewItem = z.object({
  row: z.number().int(),
  sku: z.string(),
  quantity: z.number().int(),
  /** Dollars as the store sold it. */
  price: z.number(),
  /** The catalog variant the SKU resolved to, or why it did not. */
  variant: z.object({ id: z.uuid(), catalogName: z.string(), color: z.string(), size: z.string() }).nullable(),
  reason: z.string().nullable(),
});
export const importPreviewOrder = z.object({
  orderName: z.string(),
  customer: z.string(),
  country: z.string(),
  items: z.array(previewItem),
  /** Already imported for this team: the import skips it. */
  exists: z.boolean(),
  failed: z.boolean(),
});
export type ImportPreviewOrder = z.infer<typeof importPreviewOrder>;

/** A dry run's answer: nothing is written. */
export const orderImportPreviewAnswer = z.object({
  data: z.object({
    dryRun: z.literal(true),
    format: z.enum(ORDER_IMPORT_FORMATS),
    rows: z.number().int(),
    orders: z.number().int(),
    /** Orders that would be created (new and without a failed row). */
    ordersReady: z.number().int(),
    existing: z.array(z.string()),
    /** Every failed row counted; `failures` lists the first storedFailures of them. */
    failedRows: z.number().int(),
    preview: z.array(importPreviewOrder),
    failures: z.array(importFailure),
  }),
});
export type OrderImportPreview = z.infer<typeof orderImportPreviewAnswer>['data'];

/** A real import: the history row and the job to follow (GET /api/jobs/:id). */
export const orderImportQueuedAnswer = z.object({
  data: z.object({ dryRun: z.literal(false), importId: z.uuid(), jobId: z.uuid(), format: z.enum(ORDER_IMPORT_FORMATS), message: z.string() }),
});
export type OrderImportQueued = z.infer<typeof orderImportQueuedAnswer>['data'];

export const orderImportRow = z.object({
  id: z.uuid(),
  fileName: z.string(),
  format: z.enum(ORDER_IMPORT_FORMATS),
  status: z.enum(ORDER_IMPORT_STATUSES),
  createProduct: z.boolean(),
  totalRows: z.number().int(),
  ordersCreated: z.number().int(),
  ordersSkipped: z.number().int(),
  failedRows: z.number().int(),
  jobId: z.uuid().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type OrderImportRow = z.infer<typeof orderImportRow>;

export const orderImportListQuery = listQuery.pick({ page: true, limit: true });
export type OrderImportListQuery = z.infer<typeof orderImportListQuery>;
export const orderImportListResponse = listResponse(orderImportRow);
export type OrderImportList = z.infer<typeof orderImportListResponse>;

export const orderImportDetailAnswer = z.object({
  data: z.object({
    import: orderImportRow,
    failures: z.array(importFailure),
    /** A signed download of every failed row with its reason (null when none failed). */
    reportUrl: z.string().nullable(),
    /** The orders this import created (first 500), linking to /s/orders/{id}. */
    orders: z.array(z.object({ id: z.uuid(), orderName: z.string(), fullName: z.string(), status: z.string(), itemCount: z.number().int(), totalPrice: z.number() })),
    ordersTotal: z.number().int(),
  }),
});
export type OrderImportDetail = z.infer<typeof orderImportDetailAnswer>['data'];
