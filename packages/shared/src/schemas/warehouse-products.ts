/**
 * Warehouse products (docs/warehouses.md "Warehouse products"): the goods a seller team stocks in warehouses, their
 * stock per warehouse, their movements and the store variants they fulfil. Request and answer schemas; the limits and
 * messages are shared with the web's form so it refuses what the server would.
 */
import { z } from 'zod';
import { WEIGHT_UNITS } from '../domain/catalog';
import { isCountryCode } from '../domain/agency-settings';
import { DIMENSION_UNITS, WAREHOUSE_LIMITS, toGrams, toMillimetres } from '../domain/warehouses';
import { hasCents, listQuery, listResponse, text } from './common';
import { ARTWORK_URL } from './order-detail';

export const WAREHOUSE_PRODUCT_LIMITS = {
  sku: { min: 1, max: 64 },
  name: { min: 2, max: 255 },
  images: 8,
  imageUrl: 2000,
  /** A declared (customs) unit value, in dollars. */
  maxDeclaredValue: 100_000,
  maxGrams: WAREHOUSE_LIMITS.maxGrams,
  /** One side of a parcel, in millimetres (10 m). */
  maxMillimetres: 10_000,
  maxThreshold: 1_000_000,
  /** HS codes: 6 (the international part) to 10 digits (national subheadings), dots allowed between digit groups. */
  hsDigits: { min: 6, max: 10 },
  exportMaxRows: 10_000,
  variantOptionsPage: 20,
  /** Store variants one product may fulfil (one PUT). */
  variants: 500,
} as const;

export const WAREHOUSE_PRODUCT_STOCK = ['in', 'low', 'out'] as const;
export type WarehouseProductStock = (typeof WAREHOUSE_PRODUCT_STOCK)[number];
export const WAREHOUSE_PRODUCT_STOCK_LABELS: Record<WarehouseProductStock, string> = { in: 'In stock', low: 'Low', out: 'Out of stock' };

export const WAREHOUSE_PRODUCT_MSG = {
  notFound: 'Warehouse product not found',
  created: 'Warehouse product created',
  updated: 'Warehouse product updated',
  deleted: 'Warehouse product deleted',
  thresholdsSaved: 'Low-stock thresholds saved',
  variantsSaved: 'Store variants saved',
  skuRequired: 'SKU is required',
  skuLength: `SKU can be at most ${WAREHOUSE_PRODUCT_LIMITS.sku.max} characters`,
  skuTaken: (sku: string) => `Your team already has a warehouse product with SKU ${sku}`,
  nameLength: `Name must be ${WAREHOUSE_PRODUCT_LIMITS.name.min} to ${WAREHOUSE_PRODUCT_LIMITS.name.max} characters`,
  imagesMax: `At most ${WAREHOUSE_PRODUCT_LIMITS.images} images`,
  imageUrl: 'An image must be an http(s) address or a path on this site',
  weightRequired: 'Weight is required',
  weightRange: `Weight must be more than 0 and at most ${WAREHOUSE_LIMITS.maxGrams / 1000} kg`,
  unitRequired: 'Choose a unit',
  dimensionRange: `Each dimension must be more than 0 and at most ${WAREHOUSE_PRODUCT_LIMITS.maxMillimetres / 10} cm`,
  declaredValueRange: `Declared value must be 0 to ${WAREHOUSE_PRODUCT_LIMITS.maxDeclaredValue.toLocaleString('en-US')}`,
  declaredValueCents: 'Declared value can have at most 2 decimals',
  hsCode: 'HS code must be 6 to 10 digits (dots between groups allowed), e.g. 6109.10',
  originCountry: 'Choose a country of origin (ISO code such as US or CN)',
  thresholdRange: `Low-stock threshold must be a whole number from 0 to ${WAREHOUSE_PRODUCT_LIMITS.maxThreshold.toLocaleString('en-US')}`,
  hasHistory: 'This product has stock movements or inbound shipments: it cannot be deleted (its history stays).',
  variantNotFound: 'A store variant was not found among your team\u2019s products',
  variantsMax: `At most ${WAREHOUSE_PRODUCT_LIMITS.variants} store variants`,
  levelNotFound: 'This product is not stocked in that warehouse',
  tooManyExportRows: `More than ${WAREHOUSE_PRODUCT_LIMITS.exportMaxRows.toLocaleString('en-US')} products: narrow the filters to export`,
  exported: 'Export ready',
} as const;

/** True when an HS code has 6 to 10 digits, in groups joined by single dots (6109.10.00, 610910). */
export function isHsCode(value: string): boolean {
  if (!/^\d+(\.\d+)*$/.test(value)) return false;
  const digits = value.replace(/\./g, '').length;
  return digits >= WAREHOUSE_PRODUCT_LIMITS.hsDigits.min && digits <= WAREHOUSE_PRODUCT_LIMITS.hsDigits.max;
}

// ----- list -----

// GET /api/warehouse-products (and its export, without page and limit).
export const warehouseProductListQuery = listQuery.extend({
  warehouse: z.uuid().optional(),
  stock: z.enum(WAREHOUSE_PRODUCT_STOCK).optional(),
  /** The owning team: the agency's filter (ignored for a seller team, whose scope is its own). */
  sellerTeam: z.uuid().optional(),
});
export type WarehouseProductListQuery = z.infer<typeof warehouseProductListQuery>;
export const warehouseProductExportQuery = warehouseProductListQuery.omit({ page: true, limit: true }).extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
export type WarehouseProductExportQuery = z.infer<typeof warehouseProductExportQuery>;

export const warehouseProductWeight = z.object({ value: z.number(), unit: z.enum(WEIGHT_UNITS), grams: z.number().int() });
export const warehouseProductLevel = z.object({
  warehouseId: z.string(),
  code: z.string(),
  name: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  /** The level's own threshold, else the product's. */
  threshold: z.number().int(),
  /** Whether the level's own threshold is set (null: the product's applies). */
  ownThreshold: z.number().int().nullable(),
  low: z.boolean(),
});
export type WarehouseProductLevel = z.infer<typeof warehouseProductLevel>;

export const warehouseProductItem = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  /** The first image. */
  image: z.string().nullable(),
  weight: warehouseProductWeight,
  /** The customs value of one unit, in dollars. */
  declaredValue: z.number(),
  /** The owning team, for the agency and the warehouse (a seller team's own list leaves it null). */
  ownerTeam: z.object({ id: z.string(), name: z.string() }).nullable(),
  levels: z.array(warehouseProductLevel),
  totals: z.object({ onHand: z.number().int(), reserved: z.number().int(), available: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WarehouseProductItem = z.infer<typeof warehouseProductItem>;
export const warehouseProductListResponse = listResponse(warehouseProductItem);

// ----- detail -----

export const warehouseProductVariant = z.object({
  id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  storeName: z.string().nullable(),
  sku: z.string().nullable(),
  title: z.string(),
});
export type WarehouseProductVariant = z.infer<typeof warehouseProductVariant>;

export const warehouseProductDetail = warehouseProductItem.extend({
  images: z.array(z.string()),
  dimensions: z.object({ length: z.number(), width: z.number(), height: z.number(), unit: z.enum(DIMENSION_UNITS) }).nullable(),
  hsCode: z.string().nullable(),
  originCountry: z.string().nullable(),
  lowThreshold: z.number().int(),
  /** The owning team's store variants it fulfils; empty for a warehouse operator (the owner's stores are not its business). */
  variants: z.array(warehouseProductVariant),
  /** Whether it may still be deleted (no movements, no inbound lines). */
  deletable: z.boolean(),
});
export type WarehouseProductDetail = z.infer<typeof warehouseProductDetail>;
export const warehouseProductResponse = z.object({ data: warehouseProductDetail });
export const warehouseProductAnswer = z.object({ message: z.string(), data: warehouseProductDetail });

// ----- movements -----

export const warehouseProductMovementsQuery = listQuery.pick({ page: true, limit: true });
export const warehouseProductMovement = z.object({
  id: z.string(),
  kind: z.string(),
  warehouseId: z.string(),
  warehouseCode: z.string(),
  onHandDelta: z.number().int(),
  reservedDelta: z.number().int(),
  order: z.object({ id: z.string(), name: z.string() }).nullable(),
  inbound: z.object({ id: z.string(), reference: z.string() }).nullable(),
  reason: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type WarehouseProductMovement = z.infer<typeof warehouseProductMovement>;
export const warehouseProductMovementsResponse = listResponse(warehouseProductMovement);

// ----- writes -----

const weightInput = z
  .object({
    value: z.number({ error: WAREHOUSE_PRODUCT_MSG.weightRequired }).positive(WAREHOUSE_PRODUCT_MSG.weightRange),
    unit: z.enum(WEIGHT_UNITS, { error: WAREHOUSE_PRODUCT_MSG.unitRequired }),
  })
  .refine((w) => {
    const grams = toGrams(w.value, w.unit);
    return grams >= 1 && grams <= WAREHOUSE_LIMITS.maxGrams;
  }, { message: WAREHOUSE_PRODUCT_MSG.weightRange, path: ['value'] });

const side = z.number({ error: WAREHOUSE_PRODUCT_MSG.dimensionRange }).positive(WAREHOUSE_PRODUCT_MSG.dimensionRange);
const dimensionsInput = z
  .object({ length: side, width: side, height: side, unit: z.enum(DIMENSION_UNITS, { error: WAREHOUSE_PRODUCT_MSG.unitRequired }) })
  .superRefine((d, ctx) => {
    for (const key of ['length', 'width', 'height'] as const) {
      const mm = toMillimetres(d[key], d.unit);
      if (mm < 1 || mm > WAREHOUSE_PRODUCT_LIMITS.maxMillimetres) ctx.addIssue({ code: 'custom', path: [key], message: WAREHOUSE_PRODUCT_MSG.dimensionRange });
    }
  });

/** Empty text is "none". */
const optionalText = (schema: z.ZodType<string>) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());

export const warehouseProductBody = z.object({
  sku: text().trim().min(WAREHOUSE_PRODUCT_LIMITS.sku.min, WAREHOUSE_PRODUCT_MSG.skuRequired).max(WAREHOUSE_PRODUCT_LIMITS.sku.max, WAREHOUSE_PRODUCT_MSG.skuLength),
  name: text().trim().min(WAREHOUSE_PRODUCT_LIMITS.name.min, WAREHOUSE_PRODUCT_MSG.nameLength).max(WAREHOUSE_PRODUCT_LIMITS.name.max, WAREHOUSE_PRODUCT_MSG.nameLength),
  /** Addresses from the presigned image upload (components/upload), the first one shown in lists. */
  images: z
    .array(z.string().trim().min(1, WAREHOUSE_PRODUCT_MSG.imageUrl).max(WAREHOUSE_PRODUCT_LIMITS.imageUrl, WAREHOUSE_PRODUCT_MSG.imageUrl).regex(ARTWORK_URL, WAREHOUSE_PRODUCT_MSG.imageUrl))
    .max(WAREHOUSE_PRODUCT_LIMITS.images, WAREHOUSE_PRODUCT_MSG.imagesMax)
    .default([]),
  weight: weightInput,
  dimensions: dimensionsInput.nullable().optional(),
  /** In dollars, as other money inputs (kept in cents). */
  declaredValue: z
    .number({ error: WAREHOUSE_PRODUCT_MSG.declaredValueRange })
    .min(0, WAREHOUSE_PRODUCT_MSG.declaredValueRange)
    .max(WAREHOUSE_PRODUCT_LIMITS.maxDeclaredValue, WAREHOUSE_PRODUCT_MSG.declaredValueRange)
    .refine(hasCents, WAREHOUSE_PRODUCT_MSG.declaredValueCents)
    .default(0),
  hsCode: optionalText(z.string().trim().refine(isHsCode, WAREHOUSE_PRODUCT_MSG.hsCode)),
  originCountry: optionalText(z.string().trim().toUpperCase().refine(isCountryCode, WAREHOUSE_PRODUCT_MSG.originCountry)),
  lowThreshold: z
    .number({ error: WAREHOUSE_PRODUCT_MSG.thresholdRange })
    .int(WAREHOUSE_PRODUCT_MSG.thresholdRange)
    .min(0, WAREHOUSE_PRODUCT_MSG.thresholdRange)
    .max(WAREHOUSE_PRODUCT_LIMITS.maxThreshold, WAREHOUSE_PRODUCT_MSG.thresholdRange)
    .default(0),
});
export type WarehouseProductBody = z.infer<typeof warehouseProductBody>;
export type WarehouseProductInput = z.input<typeof warehouseProductBody>;

// PUT /api/warehouse-products/{id}/thresholds: a level's own threshold, or null for the product's.
export const warehouseProductThresholdsBody = z.object({
  thresholds: z
    .array(z.object({
      warehouseId: z.uuid(),
      threshold: z.number().int(WAREHOUSE_PRODUCT_MSG.thresholdRange).min(0, WAREHOUSE_PRODUCT_MSG.thresholdRange).max(WAREHOUSE_PRODUCT_LIMITS.maxThreshold, WAREHOUSE_PRODUCT_MSG.thresholdRange).nullable(),
    }))
    .max(200),
});
export type WarehouseProductThresholdsBody = z.infer<typeof warehouseProductThresholdsBody>;

// PUT /api/warehouse-products/{id}/variants: every store variant the product fulfils (the others it fulfilled are let go).
export const warehouseProductVariantsBody = z.object({
  variantIds: z.array(z.uuid()).max(WAREHOUSE_PRODUCT_LIMITS.variants, WAREHOUSE_PRODUCT_MSG.variantsMax),
});
export type WarehouseProductVariantsBody = z.infer<typeof warehouseProductVariantsBody>;

// GET /api/warehouse-products/{id}/variant-options?search=&page=: the team's store variants to pick from.
export const warehouseProductVariantOptionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(200).optional(),
});
export type WarehouseProductVariantOptionsQuery = z.infer<typeof warehouseProductVariantOptionsQuery>;
export const warehouseProductVariantOption = warehouseProductVariant.extend({
  /** What the variant is mapped to now: nothing, a catalog variant, this product or another warehouse product. */
  mappedTo: z.enum(['none', 'catalog', 'this', 'other']),
});
export type WarehouseProductVariantOption = z.infer<typeof warehouseProductVariantOption>;
export const warehouseProductVariantOptionsResponse = listResponse(warehouseProductVariantOption);

// GET /api/warehouse-products/warehouses: the warehouses the caller sees, by priority (the list's warehouse filter).
export const warehouseProductWarehousesResponse = z.object({ data: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })) });

export const warehouseProductExportAnswer = z.object({ url: z.string(), message: z.string() });
