import { z } from 'zod';
import { MAPPING_LIMITS, MAPPING_MSG } from '../domain/mapping';
import { PRODUCT_TYPES } from '../domain/products';
import { productVariantItem, storeRef } from './products';
import { artworkUrl } from './order-detail';

// Mapping (docs/stores.md "Mapping"): GET and PUT /api/mapping/products/{id}, /api/mapping/variants/{id},
// GET /api/mapping/preview and POST /api/mapping/products (many products to one catalog).

/** An empty slot is null: '' and spaces clear it. */
const slot = artworkUrl.nullable().optional().transform((v) => (v ? v : null));
export const artworkSlots = z.object({
  artwork1: slot, artwork2: slot, artwork3: slot, artwork4: slot, artwork5: slot, artwork6: slot,
});
export type ArtworkSlots = z.infer<typeof artworkSlots>;

const artworksOut = {
  artwork1: z.string().nullable(), artwork2: z.string().nullable(), artwork3: z.string().nullable(),
  artwork4: z.string().nullable(), artwork5: z.string().nullable(), artwork6: z.string().nullable(),
};

export const mappingCatalogQuery = z.object({
  /** Show the variants against this catalog (its name matches filled in as suggestions) instead of the product's. */
  catalogId: z.uuid().optional(),
});

export const catalogVariantRef = z.object({ id: z.string(), code: z.string(), color: z.string(), size: z.string(), inStock: z.boolean() });
export type CatalogVariantRef = z.infer<typeof catalogVariantRef>;

export const mappingCatalog = z.object({ id: z.string(), name: z.string(), code: z.string(), variants: z.array(catalogVariantRef) });
export type MappingCatalog = z.infer<typeof mappingCatalog>;

/** A store variant (as the product detail shows it) with its mapping. */
export const mappingVariant = productVariantItem.extend({
  catalogVariant: catalogVariantRef.nullable(),
  /** The shown catalog's variant its option values name, when it is not mapped to one of that catalog's yet. */
  suggestedCatalogVariantId: z.string().nullable(),
  ignored: z.boolean(),
  ...artworksOut,
  /** Another variant of the team has the same SKU: orders naming it are not resolved by SKU (flagged, never guessed). */
  duplicateSku: z.boolean(),
  mappedAt: z.string().nullable(),
});
export type MappingVariant = z.infer<typeof mappingVariant>;

export const mappingProductRef = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  mockup: z.string().nullable(),
  productType: z.enum(PRODUCT_TYPES),
  mappingStatus: z.number().int(),
  catalogId: z.string().nullable(),
  store: storeRef.nullable(),
});

export const productMapping = z.object({
  product: mappingProductRef,
  /** The catalog shown: the one asked for, else the product's, else none yet. */
  catalog: mappingCatalog.nullable(),
  variants: z.array(mappingVariant),
});
export type ProductMapping = z.infer<typeof productMapping>;
export const productMappingResponse = z.object({ data: productMapping });
export const productMappingAnswer = z.object({ message: z.string(), data: productMapping });

export const variantMappingResponse = z.object({
  data: z.object({ product: mappingProductRef, catalog: mappingCatalog.nullable(), variant: mappingVariant }),
});
export const variantMappingAnswer = variantMappingResponse.extend({ message: z.string() });

const variantMappingInput = z.object({
  /** null leaves it unmapped (status 0). */
  catalogVariantId: z.uuid().nullable(),
  ignored: z.boolean().default(false),
}).extend(artworkSlots.shape);

// PUT /api/mapping/products/{id}: the product's catalog and the mapping of the variants named (others keep theirs,
// unless the catalog changes: then they are cleared, as they named the old catalog's variants).
export const saveProductMappingBody = z.object({
  catalogId: z.uuid({ error: MAPPING_MSG.catalogRequired }),
  variants: z.array(variantMappingInput.extend({ id: z.uuid() })).max(MAPPING_LIMITS.variants),
});
export type SaveProductMappingBody = z.infer<typeof saveProductMappingBody>;

// PUT /api/mapping/variants/{id}: one variant (its product takes the catalog).
export const saveVariantMappingBody = variantMappingInput.extend({ catalogId: z.uuid({ error: MAPPING_MSG.catalogRequired }) });
export type SaveVariantMappingBody = z.infer<typeof saveVariantMappingBody>;

const productIdList = z.array(z.uuid()).min(1, MAPPING_MSG.productsRequired).max(MAPPING_LIMITS.bulkProducts, MAPPING_MSG.productsMax);

// GET /api/mapping/preview?catalogId&productIds=a,b: what mapping these products to the catalog by name would do.
export const mappingPreviewQuery = z.object({
  catalogId: z.uuid({ error: MAPPING_MSG.catalogRequired }),
  productIds: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), productIdList),
});
export type MappingPreviewQuery = z.infer<typeof mappingPreviewQuery>;

const productOutcome = z.object({
  id: z.string(),
  title: z.string(),
  mockup: z.string().nullable(),
  variantCount: z.number().int(),
  /** Variants whose option values name exactly one of the catalog's variants. */
  matched: z.number().int(),
  /** Variants left for the seller to pick (none or several name matches). */
  unmatched: z.number().int(),
  ignored: z.number().int(),
  mappingStatus: z.number().int(),
});
export type MappingProductOutcome = z.infer<typeof productOutcome>;
export const mappingPreviewResponse = z.object({ data: z.object({ catalog: mappingCatalog.omit({ variants: true }), products: z.array(productOutcome) }) });

// POST /api/mapping/products: many products to one catalog, by name; artwork given here goes on every matched variant.
export const bulkMappingBody = z.object({ catalogId: z.uuid({ error: MAPPING_MSG.catalogRequired }), productIds: productIdList }).extend(artworkSlots.shape);
export type BulkMappingBody = z.infer<typeof bulkMappingBody>;
export const bulkMappingAnswer = z.object({ message: z.string(), data: z.object({ products: z.array(productOutcome) }) });

// POST /api/mapping/import (multipart): the bulk-mapping job to follow.
export const mappingImportAnswer = z.object({ data: z.object({ jobId: z.string(), message: z.string() }) });
