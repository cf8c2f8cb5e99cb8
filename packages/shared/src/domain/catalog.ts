/** Catalog types and publish statuses (spec part 2 sections 3, 4, 9). */
export const CATALOG_TYPES = ['pod', 'fake', 'drop'] as const;
export type CatalogType = (typeof CATALOG_TYPES)[number];
export const CATALOG_TYPE_LABELS: Record<CatalogType, string> = { pod: 'POD', fake: 'FK', drop: 'DROP' };

export const PUBLISH_STATUSES = [
  { value: 0, name: 'Draft', color: 'warning' },
  { value: 1, name: 'Published', color: 'success' },
  { value: 2, name: 'Ask price', color: 'danger' },
  { value: 3, name: 'Filled price', color: 'info' },
  { value: 4, name: 'Confirm price', color: 'info' },
  { value: 5, name: 'Updating price', color: 'warning' },
  { value: 6, name: 'Updated price', color: 'success' },
] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number]['value'];

/** The publish filter leaves out Filled price. */
export const PUBLISH_FILTER_OPTIONS = PUBLISH_STATUSES.filter((s) => s.value !== 3);

export function publishStatusOf(value: number) {
  return PUBLISH_STATUSES.find((s) => s.value === value) ?? PUBLISH_STATUSES[0];
}

/** Weight units and shipping methods (spec part 2 section 9). */
export const WEIGHT_UNITS = ['lb', 'oz', 'kg', 'g'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export const SHIPPING_METHODS = ['standard', 'express', 'overnight'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = { standard: 'Standard', express: 'Express', overnight: 'Overnight' };

/** "Express (2-3 days)" is express; anything else a store or a file calls its shipping is standard. */
export function shippingMethodOf(text: string): ShippingMethod {
  const t = text.toLowerCase();
  if (t.includes('overnight') || t.includes('next day')) return 'overnight';
  if (t.includes('express') || t.includes('expedited') || t.includes('priority')) return 'express';
  return 'standard';
}

/** Limits the spec leaves open (docs/decisions.md "Catalogs"). */
export const CATALOG_LIMITS = {
  name: { min: 2, max: 255 },
  productCode: { min: 2, max: 64 },
  variantCode: { min: 2, max: 64 },
  option: { min: 1, max: 64 },
  options: 50,
  variants: 2500,
  description: 50_000,
  gallery: 20,
  galleryPath: 1000,
  designs: 12,
  designName: 64,
  designPixels: 100_000,
  categories: 20,
  text: 200,
  weight: 100_000,
  note: 5000,
  bulkIds: 500,
} as const;

/** Codes: letters, digits and - _ . (they end up in SKUs and file names). */
export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A gallery image: an uploaded file (/files/...), a bundled demo image (/cms/...) or an https address. */
export function isGalleryPath(value: string): boolean {
  if (/\s/.test(value) || value.includes('..')) return false;
  return /^\/(files|cms)\/[^/]/.test(value) || /^https:\/\/[^/\s]+\//.test(value);
}

const L = CATALOG_LIMITS;
export const CATALOG_MSG = {
  inputName: 'Please input name',
  nameLength: `name should be ${L.name.min} to ${L.name.max} length`,
  inputCode: 'Please input code',
  codeLength: `code should be ${L.productCode.min} to ${L.productCode.max} length`,
  codeFormat: 'Code may contain only letters, digits, dot, dash and underscore, starting with a letter or digit',
  codeTaken: 'This product code is already used by another catalog',
  inputType: 'Please input type',
  variantCodeLength: `variant code should be ${L.variantCode.min} to ${L.variantCode.max} length`,
  variantCodeTaken: (code: string) => `Variant code ${code} is already used`,
  variantCodeTwice: (code: string) => `Variant code ${code} appears twice`,
  variantColor: 'The variant colour must be one of the colours',
  variantSize: 'The variant size must be one of the sizes',
  variantPairTwice: (color: string, size: string) => `The variant ${color} / ${size} appears twice`,
  variantNotFound: 'This variant is not part of the catalog',
  alternativeUnknown: (code: string) => `The alternative ${code} is not a variant of this catalog`,
  alternativeSelf: 'A variant cannot be its own alternative',
  alternativeArchived: (code: string) => `The alternative ${code} is discontinued`,
  optionLength: `each value should be ${L.option.min} to ${L.option.max} length`,
  optionTwice: (value: string) => `${value} appears twice`,
  tooManyOptions: `at most ${L.options} values`,
  tooManyVariants: `at most ${L.variants} variants`,
  galleryPath: 'Images must be uploaded files or https addresses',
  tooManyImages: `at most ${L.gallery} images`,
  categoryNotFound: 'Category not found',
  masterOnly: 'Only the administrator changes master catalogs',
  agencyOwned: 'Only the agency that owns this catalog can change it',
  notDropshipTrademark: 'Only dropship trademark catalogs can ask suppliers for a price',
  alreadyAsked: 'Already waiting for a price',
} as const;

export const STOCK_LABELS = { true: 'In stock', false: 'Out of stock' } as const;
export const stockLabel = (inStock: boolean) => (inStock ? STOCK_LABELS.true : STOCK_LABELS.false);

/** The variant grid: every colour with every size, codes `<PRODUCTCODE>-<COL>-<SIZE>` (letters and digits). */
export function variantCode(productCode: string, color: string, size: string): string {
  const part = (v: string) => v.replace(/[^A-Za-z0-9]/g, '').toUpperCase() || 'X';
  return `${productCode.toUpperCase()}-${part(color)}-${part(size)}`.slice(0, L.variantCode.max);
}
