/**
 * Mapping (spec part 2 section 4; docs/stores.md "Mapping"): a store product's variants made as one catalog's
 * variants, with artwork in up to six slots, or ignored (the seller ships them). What the server and the screens
 * both need: the statuses, the roll-up, and how option values are matched to a catalog variant's colour and size.
 */
import type { MappingStatus } from './products';

export const ARTWORK_SLOT_COUNT = 6;

export const MAPPING_LIMITS = {
  /** Products one "map many to one catalog" call may name. */
  bulkProducts: 100,
  /** Variants one product's mapping may carry (Shopify allows 2,048; our products are far smaller). */
  variants: 2048,
} as const;

/**
 * Bulk mapping (docs/stores.md, "Bulk mapping"): both product exports end with these columns; the file edited and
 * imported again maps the variants it names by id, as a job.
 */
export const MAPPING_IMPORT_JOB = 'MAPPING_IMPORT';
export const MAPPING_IMPORT_COLUMNS = {
  variantId: 'Variant id',
  code: 'Catalog variant code',
  ignored: 'Ignored',
  artworks: ['Artwork 1', 'Artwork 2', 'Artwork 3', 'Artwork 4', 'Artwork 5', 'Artwork 6'],
} as const;
export const MAPPING_IMPORT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxRows: 50_000,
  /** An artwork link's length, as a mapping's artwork slot takes it. */
  artworkMax: 2048,
} as const;
export const MAPPING_IMPORT_MSG = {
  noFile: 'Please choose the file to import',
  wrongFile: 'Wrong file! Please import the .csv (or .xlsx) of a product export.',
  fileTooLarge: `The file is too large (${MAPPING_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB at most).`,
  missingColumns: `The file needs the columns ${MAPPING_IMPORT_COLUMNS.variantId} and ${MAPPING_IMPORT_COLUMNS.code}: start from a product export.`,
  tooManyRows: `The file has more than ${MAPPING_IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows.`,
  emptyFile: 'The file has no rows to import.',
  queued: 'Mapping import started',
  variantIdRequired: 'Variant id is required.',
  variantNotFound: (id: string) => `Variant ${id} is not a variant of your team's products.`,
  codeUnknown: (code: string) => `Catalog variant code ${code} is not a variant of a catalog your agency offers.`,
  ignoredValue: 'Ignored must be Yes or No.',
  artwork: (column: string) => `${column} must be a link (https://...) or an image library path, at most ${MAPPING_IMPORT_LIMITS.artworkMax} characters.`,
  twoCatalogs: (catalogs: number) => `A product maps to one catalog: its rows name variants of ${catalogs} catalogs.`,
  noCatalog: 'Map a variant of this product to a catalog first (an ignored row alone names none).',
  done: (mapped: number, ignored: number, unchanged: number, failed: number) =>
    `Mapping import finished: ${mapped} variants mapped, ${ignored} ignored, ${unchanged} unchanged, ${failed} failed rows.`,
} as const;

export const MAPPING_MSG = {
  mapped: 'Mapped',
  catalogRequired: 'Please select a catalog',
  catalogNotOffered: 'This catalog is not offered to your team',
  variantNotInCatalog: 'The catalog variant is not one of the chosen catalog\u2019s variants',
  variantNotInProduct: 'The variant is not one of this product\u2019s variants',
  productsRequired: 'Select at least one product',
  productsMax: `At most ${MAPPING_LIMITS.bulkProducts} products at a time`,
  duplicatedSku: 'Duplicated SKU: another variant of your team has it, so orders that name it are not resolved by SKU',
} as const;

/** A variant's status: 0 with no catalog variant, 1 mapped without artwork, 2 mapped with artwork. */
export function variantMappingStatus(catalogVariantId: string | null | undefined, artworks: readonly (string | null | undefined)[]): MappingStatus {
  if (!catalogVariantId) return 0;
  return artworks.some((a) => a && a.trim() !== '') ? 2 : 1;
}

/**
 * A product's status: the lowest of its variants the seller did not ignore. A product whose every variant is
 * ignored has nothing left to map (2); one with no variants has nothing mapped (0).
 */
export function productMappingStatus(variants: readonly { mappingStatus: number; ignored: boolean }[]): MappingStatus {
  if (variants.length === 0) return 0;
  const kept = variants.filter((v) => !v.ignored);
  if (kept.length === 0) return 2;
  return Math.min(...kept.map((v) => v.mappingStatus)) as MappingStatus;
}

// Shops and catalogs spell the same size differently; these are the spellings read as one.
const SIZE_ALIASES: Record<string, string> = {
  xsmall: 'xs', 'extra small': 'xs', small: 's', medium: 'm', large: 'l', xlarge: 'xl', 'extra large': 'xl',
  xxl: '2xl', '2x': '2xl', xxxl: '3xl', '3x': '3xl', xxxxl: '4xl', '4x': '4xl', xxxxxl: '5xl', '5x': '5xl',
};

/** A value as matching compares it: lower case, single spaces, no dashes or underscores, size aliases folded. */
export function normalizeOptionValue(value: string): string {
  const v = value.toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return SIZE_ALIASES[v] ?? SIZE_ALIASES[v.replace(/ /g, '')] ?? v;
}

export interface MatchableCatalogVariant {
  id: string;
  color: string;
  size: string;
}

/**
 * The catalog variant a store variant's option values name: the one whose colour and size are both among the
 * values (a catalog variant without a colour or a size needs only the other). Matched by name only, never
 * guessed: none or several candidates answer null, and the seller picks.
 */
export function matchCatalogVariant<T extends MatchableCatalogVariant>(optionValues: readonly (string | null | undefined)[], catalogVariants: readonly T[]): T | null {
  const values = new Set(optionValues.filter((v): v is string => !!v && v.trim() !== '').map(normalizeOptionValue));
  const fits = (attribute: string) => attribute.trim() === '' || values.has(normalizeOptionValue(attribute));
  const candidates = catalogVariants.filter((cv) => fits(cv.color) && fits(cv.size));
  if (candidates.length === 1) return candidates[0]!;
  // Several fit when the catalog has variants with an empty colour or size beside full ones: the most specific wins.
  const specific = candidates.filter((cv) => cv.color.trim() !== '' && cv.size.trim() !== '');
  return specific.length === 1 ? specific[0]! : null;
}
