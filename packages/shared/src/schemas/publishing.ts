/**
 * Publishing a catalog product to a seller's store (docs/publishing.md): request and answer shapes and the words
 * the screens show. Prices travel as integer cents here (the dialog turns dollars into cents).
 */
import { z } from 'zod';
import { text } from './common';
import { artworkSlots } from './mapping';

export const PUBLISH_LIMITS = {
  title: 255,
  description: 5000,
  /** Shopify takes at most 100 variants a product (2048 since 2024-10 for some shops; 100 is safe everywhere). */
  variants: 100,
  /** 1 to 100,000 dollars. */
  minPriceCents: 100,
  maxPriceCents: 10_000_000,
} as const;

export const PUBLISH_MSG = {
  started: 'Publishing the product to the store',
  done: 'Product published',
  pricesSaved: 'Prices saved; sending them to the store',
  storeRequired: 'Pick a store',
  storeNotFound: 'Store not found',
  storeNotReady: 'The store is not connected: connect it again before publishing',
  storeDemo: 'A demo store cannot take products',
  catalogRequired: 'Pick a catalog',
  titleRequired: 'Title is required',
  titleLength: `Title is at most ${PUBLISH_LIMITS.title} characters`,
  descriptionLength: `Description is at most ${PUBLISH_LIMITS.description} characters`,
  variantsRequired: 'Pick at least one variant',
  variantsMax: `At most ${PUBLISH_LIMITS.variants} variants`,
  variantTwice: 'A variant is picked twice',
  variantNotSellable: 'A picked variant is not in this catalog, out of stock or discontinued',
  priceRange: 'Retail price must be between $1 and $100,000',
  priceBelowCost: 'Retail price is below base cost plus shipping',
  notPublished: 'This product was not published from a catalog',
  variantNotInProduct: 'A variant is not one of this product\u2019s',
  productNotFound: 'Product not found',
} as const;

const priceCents = z
  .number({ error: PUBLISH_MSG.priceRange })
  .int(PUBLISH_MSG.priceRange)
  .min(PUBLISH_LIMITS.minPriceCents, PUBLISH_MSG.priceRange)
  .max(PUBLISH_LIMITS.maxPriceCents, PUBLISH_MSG.priceRange);

const unique = <T>(key: (v: T) => string) => (list: T[]) => new Set(list.map(key)).size === list.length;

// POST /api/publishing/products: one catalog's picked variants into one of the team's stores, with artwork per slot.
export const publishProductBody = z.object({
  storeId: z.uuid({ error: PUBLISH_MSG.storeRequired }),
  catalogId: z.uuid({ error: PUBLISH_MSG.catalogRequired }),
  title: text().trim().min(1, PUBLISH_MSG.titleRequired).max(PUBLISH_LIMITS.title, PUBLISH_MSG.titleLength),
  description: text().max(PUBLISH_LIMITS.description, PUBLISH_MSG.descriptionLength).default(''),
  variants: z
    .array(z.object({ catalogVariantId: z.uuid(), priceCents }))
    .min(1, PUBLISH_MSG.variantsRequired)
    .max(PUBLISH_LIMITS.variants, PUBLISH_MSG.variantsMax)
    .refine(unique((v: { catalogVariantId: string }) => v.catalogVariantId), PUBLISH_MSG.variantTwice),
  artwork: artworkSlots.partial().default({}),
});
export type PublishProductBody = z.infer<typeof publishProductBody>;

export const publishJobAnswer = z.object({ message: z.string(), jobId: z.string() });
export type PublishJobAnswer = z.infer<typeof publishJobAnswer>;

// PUT /api/publishing/products/{id}/prices: new retail prices of a published product's variants, pushed to the shop.
export const publishPricesBody = z.object({
  variants: z
    .array(z.object({ variantId: z.uuid(), priceCents }))
    .min(1, PUBLISH_MSG.variantsRequired)
    .max(PUBLISH_LIMITS.variants, PUBLISH_MSG.variantsMax)
    .refine(unique((v: { variantId: string }) => v.variantId), PUBLISH_MSG.variantTwice),
});
export type PublishPricesBody = z.infer<typeof publishPricesBody>;

// GET /api/publishing/stores: where the team may publish (connected platform stores that are not demo, and manual stores).
export const publishStoresResponse = z.object({
  data: z.array(z.object({ id: z.uuid(), name: z.string(), platform: z.string() })),
});
export type PublishStore = z.infer<typeof publishStoresResponse>['data'][number];
