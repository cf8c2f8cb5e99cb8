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
} as const;
