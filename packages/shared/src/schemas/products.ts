import { z } from 'zod';
import { MAPPING_STATUSES, PRODUCT_LIMITS, PRODUCT_MSG, PRODUCT_TYPES, SELECTABLE_PRODUCT_TYPES, duplicateSkuPositions } from '../domain/products';
import { STORE_PLATFORMS } from '../domain/stores';
import { hasCents, listQuery, listResponse, text } from './common';

const mappingStatus = z.coerce.number().int().refine((v) => (MAPPING_STATUSES as readonly number[]).includes(v), 'Mapping status must be 0, 1 or 2');

// GET /api/products (list and count), GET /api/products/list (a picker), GET /api/products/count.
export const productListQuery = listQuery.extend({
  storeId: z.uuid().optional(),
  productType: z.enum(PRODUCT_TYPES).optional(),
  mappingStatus: mappingStatus.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** The store a product belongs to, as lists and pickers show it. */
export const storeRef = z.object({ id: z.string(), name: z.string(), platform: z.enum(STORE_PLATFORMS) });

export const productItem = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  /** The main image. */
  mockup: z.string().nullable(),
  productType: z.enum(PRODUCT_TYPES),
  personalized: z.boolean(),
  /** The store's own id of the product (null for one made by hand). */
  serverId: z.string().nullable(),
  store: storeRef.nullable(),
  sellerTeam: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  variantCount: z.number().int(),
  /** The lowest status of its variants that are not ignored (0 when it has none). */
  mappingStatus: z.number().int(),
  /** Sync tracker: when a sync of it was last asked for, and when the store's copy was last read. */
  syncRequestedAt: z.string().nullable(),
  syncedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductItem = z.infer<typeof productItem>;
export const productListResponse = listResponse(productItem);

export const productVariantItem = z.object({
  id: z.string(),
  /** The store's own id of the variant: mappings are keyed by it, so a renamed SKU keeps its mapping. */
  serverId: z.string().nullable(),
  sku: z.string().nullable(),
  title: z.string(),
  option1: z.string().nullable(),
  option2: z.string().nullable(),
  option3: z.string().nullable(),
  price: z.number(),
  image: z.string().nullable(),
  mappingStatus: z.number().int(),
});
export type ProductVariantItem = z.infer<typeof productVariantItem>;

export const productDetail = productItem.extend({
  /** Sanitised HTML. */
  description: z.string(),
  /** Published from a catalog here (docs/publishing.md): its retail prices can be changed and pushed to the shop. */
  publishedAt: z.string().nullable(),
  otherMockup: z.array(z.string()),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(productVariantItem),
});
export type ProductDetail = z.infer<typeof productDetail>;
export const productResponse = z.object({ data: productDetail });

export const productCountResponse = z.object({
  data: z.object({ total: z.number().int(), byMappingStatus: z.object({ 0: z.number().int(), 1: z.number().int(), 2: z.number().int() }) }),
});

export const productPickerResponse = z.object({
  data: z.array(z.object({ id: z.string(), title: z.string(), mockup: z.string().nullable(), store: storeRef.nullable() })),
});

// PUT /api/products/{id}
export const updateProductBody = z.object({
  title: text().trim().min(PRODUCT_LIMITS.title.min, PRODUCT_MSG.titleRequired).max(PRODUCT_LIMITS.title.max, PRODUCT_MSG.titleLength).optional(),
  productType: z.enum(SELECTABLE_PRODUCT_TYPES, { error: PRODUCT_MSG.typeSelectable }).optional(),
  personalized: z.boolean().optional(),
});
export type UpdateProductBody = z.infer<typeof updateProductBody>;
export const productAnswer = z.object({ message: z.string(), data: productDetail });

const productIds = z.array(z.uuid()).min(1, PRODUCT_MSG.idsRequired).max(PRODUCT_LIMITS.bulkIds, PRODUCT_MSG.idsMax);

// DELETE /api/products with {ids}
export const deleteProductsBody = z.object({ ids: productIds });
// PUT /api/products/update/personalized
export const personalizedBody = z.object({ ids: productIds, personalized: z.boolean() });
export const bulkProductsAnswer = z.object({ message: z.string(), count: z.number().int() });

// PUT /api/products/{id}/sync-to-item: the product's current mapping applied to the team's open orders (Unfulfilled,
// Rejected) whose items are its variants; how many orders changed and how many items were resolved or removed.
export const syncToItemAnswer = z.object({ message: z.string(), data: z.object({ orders: z.number().int(), items: z.number().int() }) });
export type SyncToItemAnswer = z.infer<typeof syncToItemAnswer>;

// POST /api/stores/{id}/sync-products: a job that pulls the store's products (progress through GET /api/jobs/{id}).
export const syncProductsAnswer = z.object({ message: z.string(), jobId: z.string() });

// GET /api/products/list/export: the list's filters (store, type, mapping status, search), no page.
// GET /api/products/{id}/variants/export. Both queue a job and answer it (GET /api/jobs/{id}: progress, then fileUrl).
export const productExportQuery = productListQuery.omit({ page: true, limit: true });
export type ProductExportQuery = z.infer<typeof productExportQuery>;
export const productExportAnswer = z.object({ data: z.object({ jobId: z.string(), message: z.string() }) });

// POST /api/products: a product made by hand in one of the team's manual stores.
const variantText = text().trim().max(PRODUCT_LIMITS.variantText, PRODUCT_MSG.variantTextLength).optional();
export const newProductVariant = z.object({
  sku: text().trim().min(PRODUCT_LIMITS.sku.min, PRODUCT_MSG.skuRequired).max(PRODUCT_LIMITS.sku.max, PRODUCT_MSG.skuLength),
  title: variantText,
  option1: variantText,
  option2: variantText,
  option3: variantText,
  /** In dollars, as the answer shows it (kept in cents). */
  price: z
    .number({ error: PRODUCT_MSG.priceRequired })
    .min(0, PRODUCT_MSG.priceRange)
    .max(PRODUCT_LIMITS.maxPrice, PRODUCT_MSG.priceRange)
    .refine(hasCents, PRODUCT_MSG.priceDecimals),
});
export type NewProductVariant = z.infer<typeof newProductVariant>;

export const createProductBody = z
  .object({
    storeId: z.uuid({ error: PRODUCT_MSG.storeRequired }),
    title: text().trim().min(PRODUCT_LIMITS.title.min, PRODUCT_MSG.titleRequired).max(PRODUCT_LIMITS.title.max, PRODUCT_MSG.titleLength),
    productType: z.enum(SELECTABLE_PRODUCT_TYPES, { error: PRODUCT_MSG.typeSelectable }),
    description: text().trim().max(PRODUCT_LIMITS.description, PRODUCT_MSG.descriptionLength).optional(),
    /** An image of the team's image library (its address as the library lists it). */
    mockup: text().trim().max(PRODUCT_LIMITS.mockup, PRODUCT_MSG.mockupNotInLibrary).optional(),
    variants: z.array(newProductVariant).min(PRODUCT_LIMITS.variants.min, PRODUCT_MSG.variantsRequired).max(PRODUCT_LIMITS.variants.max, PRODUCT_MSG.variantsMax),
  })
  .superRefine((b, ctx) => {
    for (const i of duplicateSkuPositions(b.variants.map((v) => v.sku))) {
      ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: PRODUCT_MSG.skuDuplicate });
    }
  });
export type CreateProductBody = z.infer<typeof createProductBody>;
export type CreateProductInput = z.input<typeof createProductBody>;

// GET /api/products/manual-stores: the team's manual stores, where products are made by hand.
export const manualStoresResponse = z.object({ data: z.array(storeRef) });
