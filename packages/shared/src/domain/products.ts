/**
 * Products (spec part 2 section 3, docs/stores.md "Products"): a seller team's store products, pulled
 * from its shops or made by hand in a manual store. Words, limits and messages the server and the
 * screens share.
 */
export const PRODUCT_TYPES = ['pod', 'fake', 'drop'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** The spec's selectable types: a seller sets POD or DROP; FK is shown but never chosen. */
export const SELECTABLE_PRODUCT_TYPES = ['pod', 'drop'] as const satisfies readonly ProductType[];
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = { pod: 'POD', fake: 'FK', drop: 'DROP' };

/** Mapping status (spec part 2 section 4): 0 none, 1 mapped not uploaded, 2 mapped uploaded. */
export const MAPPING_STATUSES = [0, 1, 2] as const;
export type MappingStatus = (typeof MAPPING_STATUSES)[number];
export const MAPPING_STATUS_LABELS: Record<MappingStatus, string> = {
  0: 'Not mapped',
  1: 'Mapped, no artwork',
  2: 'Mapped with artwork',
};

export const PRODUCT_LIMITS = {
  title: { min: 1, max: 255 },
  /** Products one bulk call (delete, personalized) may name. */
  bulkIds: 200,
  /** Entries a picker (`GET /api/products/list`) returns. */
  pickerSize: 50,
  /** Creating a product by hand in a manual store (POST /api/products): variants per product, SKU length. */
  variants: { min: 1, max: 100 },
  sku: { min: 1, max: 64 },
  /** A variant's title and option values. */
  variantText: 255,
  description: 20_000,
  mockup: 2048,
  /** Price in cents: $1,000,000 at most (any more is a typo). */
  /** A variant's price, in dollars as every amount the API takes. */
  maxPrice: 1_000_000,
} as const;

export const PRODUCT_MSG = {
  updated: 'Updated',
  deleted: 'Deleted',
  notFound: 'Product not found',
  titleRequired: 'Please input title',
  titleLength: `Title must be ${PRODUCT_LIMITS.title.min} to ${PRODUCT_LIMITS.title.max} characters`,
  typeSelectable: 'Product type must be POD or DROP',
  idsRequired: 'Select at least one product',
  idsMax: `At most ${PRODUCT_LIMITS.bulkIds} products at a time`,
  syncStarted: 'Product sync started',
  syncManual: 'A manual store has nothing to sync: add its products by hand or by an order import',
  syncNotConnected: 'Connect the store again before syncing it',
  syncDemo: 'A demo store is never synced',
  exportStarted: 'Export started',
  exportSuccess: 'Export success',
  exportError: 'Error when export',
  created: 'Created',
  storeRequired: 'Please choose a store',
  createNotManual: 'Products are added by hand only in a manual store: a connected store\u2019s products come from its sync',
  typeRequired: 'Please choose a type (POD or DROP)',
  descriptionLength: `Description must be at most ${PRODUCT_LIMITS.description} characters`,
  mockupNotInLibrary: 'Choose the mockup from your image library',
  variantsRequired: 'Add at least one variant',
  variantsMax: `At most ${PRODUCT_LIMITS.variants.max} variants`,
  skuRequired: 'Please input SKU',
  skuLength: `SKU must be ${PRODUCT_LIMITS.sku.min} to ${PRODUCT_LIMITS.sku.max} characters`,
  skuDuplicate: 'This SKU is already used by another variant of this product',
  variantTextLength: `At most ${PRODUCT_LIMITS.variantText} characters`,
  priceRequired: 'Please input price',
  priceRange: 'Price must be 0 to 1,000,000 dollars',
  priceDecimals: 'Price can have at most 2 decimals',
  /** PUT /api/products/{id}/sync-to-item: the product's mapping applied to the open orders waiting for it. */
  syncToItemDone: (orders: number) => `Mapping applied to ${orders} ${orders === 1 ? 'order' : 'orders'}`,
  syncToItemNone: 'No open orders wait for this product',
} as const;

/** The key a SKU is compared by: two variants of one product may not share it (case and outer spaces aside). */
export const skuKey = (sku: string) => sku.trim().toLowerCase();

/** The positions of the SKUs that repeat an earlier one of the list (the second "ABC" of three is one). */
export function duplicateSkuPositions(skus: readonly (string | null | undefined)[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  skus.forEach((sku, i) => {
    if (!sku || !sku.trim()) return;
    const key = skuKey(sku);
    if (seen.has(key)) repeated.push(i);
    seen.add(key);
  });
  return repeated;
}

/**
 * A product's handle made from its title (as Shopify makes one): lower case, letters and digits, words
 * joined by '-'; 'product' when nothing is left. The server adds -2, -3... when the store has it already.
 */
export function handleFromTitle(title: string): string {
  const handle = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
  return handle || 'product';
}
