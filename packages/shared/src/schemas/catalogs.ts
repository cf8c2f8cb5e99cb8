import { z } from 'zod';
import {
  CATALOG_LIMITS as L,
  CATALOG_MSG as M,
  CATALOG_TYPES,
  CODE_PATTERN,
  SHIPPING_METHODS,
  WEIGHT_UNITS,
  isGalleryPath,
} from '../domain/catalog';
import { listQuery, listResponse } from './common';

export const catalogListQuery = listQuery.extend({
  type: z.enum(CATALOG_TYPES).optional(),
  publishStatus: z.coerce.number().int().min(0).max(6).optional(),
  dropship: z.stringbool().optional(),
  isTrademark: z.stringbool().optional(),
  active: z.stringbool().optional(),
  /** A category id: catalogs filed under it. */
  category: z.uuid().optional(),
  /** Administrator only: catalogs offered by this agency (its agency_catalogs). */
  agency: z.uuid().optional(),
});
export type CatalogListQuery = z.infer<typeof catalogListQuery>;

export const catalogCategoryRef = z.object({ id: z.string(), name: z.string() });
export type CatalogCategoryRef = z.infer<typeof catalogCategoryRef>;

export const catalogListItem = z.object({
  id: z.string(),
  name: z.string(),
  productCode: z.string(),
  type: z.enum(CATALOG_TYPES),
  dropship: z.boolean(),
  isTrademark: z.boolean(),
  publishStatus: z.number().int(),
  active: z.boolean(),
  image: z.string().nullable(),
  sizeCount: z.number().int(),
  colorCount: z.number().int(),
  variantCount: z.number().int(),
  createdAt: z.string(),
  /** The agency that owns the catalog (null: master catalog). */
  agencyId: z.string().nullable(),
  categories: z.array(catalogCategoryRef),
  /** Sellers only: the lowest base price their team's base cost gives, null when it has none. */
  fromPrice: z.number().nullable().optional(),
});
export type CatalogListItem = z.infer<typeof catalogListItem>;
export const catalogListResponse = listResponse(catalogListItem);

// ----- the catalog itself -----

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);
const code = z
  .string({ error: M.inputCode })
  .trim()
  .min(1, M.inputCode)
  .min(L.productCode.min, M.codeLength)
  .max(L.productCode.max, M.codeLength)
  .regex(CODE_PATTERN, M.codeFormat);
const option = z.string().trim().min(L.option.min, M.optionLength).max(L.option.max, M.optionLength);
const options = z
  .array(option)
  .max(L.options, M.tooManyOptions)
  .superRefine((values, ctx) => {
    const seen = new Set<string>();
    values.forEach((v, i) => {
      if (seen.has(v.toLowerCase())) ctx.addIssue({ code: 'custom', message: M.optionTwice(v), path: [i] });
      seen.add(v.toLowerCase());
    });
  });

export const catalogDesign = z.object({
  name: z.string().trim().min(1, 'Please input name').max(L.designName),
  width: z.number().int().min(1).max(L.designPixels),
  height: z.number().int().min(1).max(L.designPixels),
});
export const catalogProduction = z.object({
  productionTime: text(L.text).default(''),
  material: text(L.text).default(''),
  weight: z.number().min(0).max(L.weight).nullable().default(null),
  weightUnit: z.enum(WEIGHT_UNITS).default('oz'),
});
export const catalogShipping = z.object({
  methods: z.array(z.enum(SHIPPING_METHODS)).max(3).default([]).transform((m) => [...new Set(m)]),
  shippingTime: text(L.text).default(''),
  shipsFrom: text(L.text).default(''),
});

export const catalogVariantInput = z.object({
  /** An existing variant's id (update); absent for a new one. */
  id: z.uuid().optional(),
  catalogVariantCode: z
    .string()
    .trim()
    .min(L.variantCode.min, M.variantCodeLength)
    .max(L.variantCode.max, M.variantCodeLength)
    .regex(CODE_PATTERN, M.codeFormat),
  color: option,
  size: option,
  inStock: z.boolean().default(true),
  /**
   * The variant published products switch to while this one is out of stock or discontinued, named by its code (a new
   * variant has no id yet); null: none. Left out: an existing variant keeps the one it has, a new one has none.
   */
  alternativeVariantCode: z.string().trim().max(L.variantCode.max, M.variantCodeLength).nullable().optional(),
});
export type CatalogVariantInput = z.infer<typeof catalogVariantInput>;

/** The fields without defaults: a PATCH leaves out what it does not change. */
const catalogFields = {
  name: z.string({ error: M.inputName }).trim().min(1, M.inputName).min(L.name.min, M.nameLength).max(L.name.max, M.nameLength),
  productCode: code,
  description: z.string().max(L.description, `at most ${L.description} characters`),
  type: z.enum(CATALOG_TYPES, { error: M.inputType }),
  dropship: z.boolean(),
  isTrademark: z.boolean(),
  categoryIds: z.array(z.uuid({ error: M.categoryNotFound })).max(L.categories).transform((ids) => [...new Set(ids)]),
  sizes: options,
  colors: options,
  variants: z.array(catalogVariantInput).max(L.variants, M.tooManyVariants),
  mockupGallery: z
    .array(z.string().trim().max(L.galleryPath, M.galleryPath).refine(isGalleryPath, M.galleryPath))
    .max(L.gallery, M.tooManyImages),
  designs: z.array(catalogDesign).max(L.designs),
  production: catalogProduction,
  shipping: catalogShipping,
  note: text(L.note),
  active: z.boolean(),
  publishStatus: z.number().int().min(0).max(6),
};
const f = catalogFields;

/** POST /catalogs. */
export const catalogBody = z.object({
  ...f,
  description: f.description.default(''),
  dropship: f.dropship.default(false),
  isTrademark: f.isTrademark.default(false),
  categoryIds: f.categoryIds.default([]),
  sizes: f.sizes.default([]),
  colors: f.colors.default([]),
  variants: f.variants.default([]),
  mockupGallery: f.mockupGallery.default([]),
  designs: f.designs.default([]),
  production: f.production.default({ productionTime: '', material: '', weight: null, weightUnit: 'oz' }),
  shipping: f.shipping.default({ methods: [], shippingTime: '', shipsFrom: '' }),
  note: f.note.default(''),
  active: f.active.default(true),
  publishStatus: f.publishStatus.default(0),
});
export type CatalogBody = z.infer<typeof catalogBody>;
/** PATCH /catalogs/:id: any of the fields; `variants` is then the whole list (missing ones are removed). */
export const catalogUpdateBody = z.object(catalogFields).partial();
export type CatalogUpdateBody = z.infer<typeof catalogUpdateBody>;

export const catalogShippingPrice = z.object({ first: z.number(), additional: z.number() });
export const catalogVariantShipping = z.object({
  standard: catalogShippingPrice.nullable(),
  express: catalogShippingPrice.nullable(),
  overnight: catalogShippingPrice.nullable(),
});
export type CatalogVariantShipping = z.infer<typeof catalogVariantShipping>;

export const catalogVariant = z.object({
  id: z.string(),
  catalogVariantCode: z.string(),
  color: z.string(),
  size: z.string(),
  inStock: z.boolean(),
  /** The code of the variant published products switch to while this one is out of stock; absent: none. */
  alternativeVariantCode: z.string().optional(),
  createdAt: z.string(),
  /** Sellers only: the team's base price, null when its base cost has none. Dollars. */
  basePrice: z.number().nullable().optional(),
  shipping: catalogVariantShipping.nullable().optional(),
});
export type CatalogVariant = z.infer<typeof catalogVariant>;

export const catalogDetail = z.object({
  id: z.string(),
  agencyId: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  categories: z.array(catalogCategoryRef),
  designs: z.array(z.object({ name: z.string(), width: z.number(), height: z.number() })),
  productCode: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  mockupGallery: z.array(z.string()),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  production: z.object({
    productionTime: z.string(),
    material: z.string(),
    weight: z.number().nullable(),
    weightUnit: z.enum(WEIGHT_UNITS),
  }),
  shipping: z.object({ methods: z.array(z.enum(SHIPPING_METHODS)), shippingTime: z.string(), shipsFrom: z.string() }),
  dropship: z.boolean(),
  isTrademark: z.boolean(),
  type: z.enum(CATALOG_TYPES),
  publishStatus: z.number().int(),
  variants: z.array(catalogVariant),
  note: z.string(),
  active: z.boolean(),
  /** Sellers only: the lowest base price of the team's base cost, null when it has none. */
  fromPrice: z.number().nullable().optional(),
});
export type CatalogDetail = z.infer<typeof catalogDetail>;
export const catalogAnswer = z.object({ message: z.string(), data: catalogDetail });
export const catalogDetailResponse = z.object({ data: catalogDetail });

// ----- bulk -----

const catalogIds = z.array(z.uuid()).min(1, 'Please select at least one catalog').max(L.bulkIds).transform((v) => [...new Set(v)]);
/** PATCH /catalogs/status. */
export const catalogStatusBody = z.object({ ids: catalogIds, status: z.number().int().min(0).max(6) });
export type CatalogStatusBody = z.infer<typeof catalogStatusBody>;
export const catalogStatusAnswer = z.object({ message: z.string(), data: z.object({ changed: z.number().int() }) });

/** POST /catalogs/ask-price. */
export const catalogAskPriceBody = z.object({ ids: catalogIds });
export const catalogAskPriceAnswer = z.object({
  message: z.string(),
  data: z.object({
    changed: z.number().int(),
    refused: z.array(z.object({ id: z.string(), message: z.string() })),
  }),
});

// ----- export, partners -----

export const agencyCatalogExportQuery = z.object({ exportType: z.enum(['xlsx', 'csv']).default('xlsx') });
export const catalogExportAnswer = z.object({ message: z.string(), data: z.object({ url: z.string() }) });

export const fulfillmentPartner = z.object({ id: z.string(), name: z.string(), code: z.string(), domain: z.string().nullable() });
export const fulfillmentPartnersResponse = z.object({ data: z.array(fulfillmentPartner) });
export type FulfillmentPartner = z.infer<typeof fulfillmentPartner>;
