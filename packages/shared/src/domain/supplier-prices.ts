/**
 * Supplier prices (spec part 2: Supplier Catalog, Price dialog, Import dialog, History Logs):
 * limits, spreadsheet columns and every message, free of zod so the web's chunks use the very
 * rules the server applies. Messages the spec does not give are ours (docs/decisions.md,
 * "Supplier catalog, expected prices, logs, import and export").
 */

/** The supplier catalog's fixed list scope, sent as query by the screen and enforced by the server for suppliers. */
export const SUPPLIER_SCOPE = { dropship: true, isTrademark: true, active: true } as const;

export const SUPPLIER_PRICE_LIMITS = {
  /** Expected prices are dollars with cents, 0 to 100,000. */
  maxPrice: 100_000,
  maxQuantity: 1_000_000_000,
  noteMax: 500,
  /** The import file: one .xlsx of at most 10 MB and 50,000 rows. */
  importMaxBytes: 10 * 1024 * 1024,
  importMaxRows: 50_000,
  /** Rows applied per transaction (whole catalogs are kept together). */
  importBatchRows: 1000,
  /** An export stops here: narrow the filters beyond it. */
  exportMaxRows: 100_000,
  /** Variants one dialog save may carry. */
  saveMaxVariants: 5000,
  historiesPageSize: 10,
  listPageSize: 10,
} as const;

/** Price dialog: Save sets Updating price, Save & Finish Updated price. */
export const PRICE_STATUS = { updating: 5, updated: 6 } as const;
export type PriceDialogStatus = (typeof PRICE_STATUS)[keyof typeof PRICE_STATUS];

export const PRICE_LOG_TYPES = ['CHANGE_SUPPLIER_PRICE', 'CHANGE_SELLER_PRICE'] as const;
export type PriceLogType = (typeof PRICE_LOG_TYPES)[number];

/** The job kind of a supplier price import (spec: Import job type). */
export const IMPORT_SUPPLIER_PRICE = 'IMPORT_SUPPLIER_PRICE';

/** Columns the export writes and the import reads, in this order; the report adds Reason. */
export const PRICE_SHEET_COLUMNS = ['SKU', 'Catalog code', 'Color', 'Size', 'Stock', 'Min price', 'Max price', 'Quantity'] as const;
export type PriceSheetColumn = (typeof PRICE_SHEET_COLUMNS)[number];
export const REPORT_REASON_COLUMN = 'Reason';

export const STOCK_LABELS = { in: 'In stock', out: 'Out of stock' } as const;
export const stockLabel = (inStock: boolean) => (inStock ? STOCK_LABELS.in : STOCK_LABELS.out);

/** The web's sample template link (served by the server, generated from PRICE_SHEET_COLUMNS). */
export const PRICE_TEMPLATE_PATH = '/api/catalogs/import/catalog-price/template';

const money = (n: number) => n.toLocaleString('en-US');

export const SUPPLIER_MSG = {
  // The spec's strings.
  noChanged: 'No changed!',
  noFile: 'Please import your file!',
  wrongFile: 'Wrong file! Please import csv file.',
  importSuccess: 'Import success!',
  importError: 'Error when import.',
  exportSuccess: 'Export success!',
  exportError: 'Error when export',
  updateSuccess: 'Update success!',
  // Ours.
  importQueued: 'Import started: the file is being processed',
  fileTooLarge: `File size can not exceed ${SUPPLIER_PRICE_LIMITS.importMaxBytes / 1024 / 1024}MB!`,
  notXlsx: 'The file is not a valid .xlsx workbook',
  unreadable: 'The file could not be read as an .xlsx workbook',
  missingColumns: (columns: string[]) => `The sheet is missing the column${columns.length === 1 ? '' : 's'} ${columns.join(', ')}: use the sample template`,
  tooManyRows: `The file has more than ${money(SUPPLIER_PRICE_LIMITS.importMaxRows)} rows: split it`,
  emptyFile: 'The file has no rows to import',
  importType: 'Unknown importType',
  tooManyExportRows: `More than ${money(SUPPLIER_PRICE_LIMITS.exportMaxRows)} variants match: narrow the filters`,
  priceNumber: (field: string) => `${field} must be a number`,
  priceRange: (field: string) => `${field} must be from 0 to ${money(SUPPLIER_PRICE_LIMITS.maxPrice)} dollars`,
  priceCents: (field: string) => `${field} can have at most 2 decimals`,
  quantity: `Quantity must be a whole number from 0 to ${money(SUPPLIER_PRICE_LIMITS.maxQuantity)}`,
  minOverMax: 'Min price can not be greater than max price',
  stock: `Stock must be '${STOCK_LABELS.in}' or '${STOCK_LABELS.out}'`,
  skuRequired: 'SKU is required',
  unknownSku: 'Unknown SKU',
  catalogCodeMismatch: 'Catalog code does not match the SKU',
  duplicateSku: (row: number) => `SKU already given on row ${row}`,
  status: 'publishStatus must be Updating price (5) or Updated price (6)',
  variantNotInCatalog: 'Variant not found in this catalog',
  duplicateVariant: 'Variant given twice',
  noteLength: `note should be at most ${SUPPLIER_PRICE_LIMITS.noteMax} characters`,
  tooManyVariants: `At most ${money(SUPPLIER_PRICE_LIMITS.saveMaxVariants)} variants per save`,
  variantRequired: 'Name at least one variant',
  logSaved: 'Saved',
  importDone: (updated: number, unchanged: number, failed: number) =>
    `${money(updated)} variant${updated === 1 ? '' : 's'} updated, ${money(unchanged)} unchanged, ${money(failed)} failed`,
} as const;

/** True when a dollar amount has no fraction of a cent. */
export function isWholeCents(dollars: number): boolean {
  const scaled = dollars * 100;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** What is wrong with a price in dollars, or undefined. */
export function priceProblem(value: unknown, field: string): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return SUPPLIER_MSG.priceNumber(field);
  if (value < 0 || value > SUPPLIER_PRICE_LIMITS.maxPrice) return SUPPLIER_MSG.priceRange(field);
  if (!isWholeCents(value)) return SUPPLIER_MSG.priceCents(field);
  return undefined;
}

export function quantityProblem(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > SUPPLIER_PRICE_LIMITS.maxQuantity) return SUPPLIER_MSG.quantity;
  return undefined;
}

/** The first problem of a variant's expected price range and quantity, or undefined. */
export function variantPriceProblem(v: { supplierMinPrice: unknown; supplierMaxPrice: unknown; supplierQuantity: unknown }): string | undefined {
  const problem =
    priceProblem(v.supplierMinPrice, 'Min price') ?? priceProblem(v.supplierMaxPrice, 'Max price') ?? quantityProblem(v.supplierQuantity);
  if (problem) return problem;
  return (v.supplierMinPrice as number) > (v.supplierMaxPrice as number) ? SUPPLIER_MSG.minOverMax : undefined;
}

/** A Stock cell: the export's labels, or yes/no, true/false, 1/0 (any case); undefined when unreadable. */
export function parseStock(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (['in stock', 'true', 'yes', '1', 'in'].includes(t)) return true;
  if (['out of stock', 'false', 'no', '0', 'out'].includes(t)) return false;
  return undefined;
}
