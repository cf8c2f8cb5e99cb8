import { z } from 'zod';
import { BASECOST_LIMITS, BASECOST_MSG, PRICE_FIELD_LABELS, isWholeCents } from '../domain/basecosts';
import { CATALOG_TYPES } from '../domain/catalog';
import { listQuery, listResponse } from './common';

const name = z
  .string({ error: BASECOST_MSG.inputName })
  .trim()
  .min(1, BASECOST_MSG.inputName)
  .min(BASECOST_LIMITS.name.min, BASECOST_MSG.nameLength)
  .max(BASECOST_LIMITS.name.max, BASECOST_MSG.nameLength);
const description = z.string().trim().max(BASECOST_LIMITS.description.max, BASECOST_MSG.descriptionLength);

/** Dollars in, whole cents stored: 12.345 is refused rather than rounded (docs/decisions.md). */
const price = (field: keyof typeof PRICE_FIELD_LABELS) =>
  z
    .number({ error: BASECOST_MSG.inputPrice(field) })
    .min(BASECOST_LIMITS.price.min, BASECOST_MSG.priceRange(field))
    .max(BASECOST_LIMITS.price.max, BASECOST_MSG.priceRange(field))
    .refine(isWholeCents, BASECOST_MSG.priceCents(field));

// GET /api/basecosts: select options (administrator: its price lists; agency: its groups), by name.
export const basecostOption = z.object({ id: z.string(), name: z.string() });
export type BasecostOption = z.infer<typeof basecostOption>;
export const basecostOptionsResponse = z.object({ data: z.array(basecostOption) });

// Price lists and groups.
export const basecostListQuery = listQuery;
export type BasecostListQuery = z.infer<typeof basecostListQuery>;

/** A list row: the administrator's price list (agencyCount) or an agency group (sellerTeamCount). */
export const basecostItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Agencies buying at this price list (administrator lists; 0 for groups). */
  agencyCount: z.number().int(),
  /** Seller teams on this group (agency groups; 0 for price lists). */
  sellerTeamCount: z.number().int(),
  catalogCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BasecostItem = z.infer<typeof basecostItem>;
export const basecostListResponse = listResponse(basecostItem);

/** One catalog priced in a base cost. Prices in dollars. */
export const basecostCatalogSummary = z.object({
  id: z.string(),
  name: z.string(),
  productCode: z.string(),
  type: z.enum(CATALOG_TYPES),
  /** Variants of the catalog (archived ones left out). */
  variantCount: z.number().int(),
  pricedCount: z.number().int(),
  minBasePrice: z.number(),
  maxBasePrice: z.number(),
  /** Agency groups: whether the agency still offers the catalog (sellers see only offered ones). */
  offered: z.boolean(),
  updatedAt: z.string(),
});
export type BasecostCatalogSummary = z.infer<typeof basecostCatalogSummary>;
export const basecostDetail = basecostItem.extend({ catalogs: z.array(basecostCatalogSummary) });
export type BasecostDetail = z.infer<typeof basecostDetail>;
export const basecostDetailResponse = z.object({ data: basecostDetail });

export const basecostCreateBody = z.object({ name, description: description.optional() });
export type BasecostCreateBody = z.infer<typeof basecostCreateBody>;
export const basecostUpdateBody = z
  .object({ name: name.optional(), description: description.optional() })
  .refine((b) => b.name !== undefined || b.description !== undefined, BASECOST_MSG.nothingToUpdate);
export type BasecostUpdateBody = z.infer<typeof basecostUpdateBody>;
export const basecostAnswer = z.object({ message: z.string(), data: basecostItem });

// Catalogs that may be priced in a base cost (the editor's catalog select).
export const basecostCatalogOptionsQuery = z.object({ search: z.string().trim().max(200).optional() });
export type BasecostCatalogOptionsQuery = z.infer<typeof basecostCatalogOptionsQuery>;
export const basecostCatalogOption = z.object({
  id: z.string(),
  name: z.string(),
  productCode: z.string(),
  type: z.enum(CATALOG_TYPES),
  /** Already priced in this base cost. */
  priced: z.boolean(),
});
export type BasecostCatalogOption = z.infer<typeof basecostCatalogOption>;
export const basecostCatalogOptionsResponse = z.object({ data: z.array(basecostCatalogOption) });

export const basecostCatalogParams = z.object({ id: z.uuid(), catalogId: z.uuid() });
export const basecostCatalogIdParam = z.object({ catalogId: z.uuid() });

/** The prices of one variant in dollars; express and overnight null: not offered. */
const pricesOut = {
  basePrice: z.number().nullable(),
  standardFirst: z.number().nullable(),
  standardAdditional: z.number().nullable(),
  expressFirst: z.number().nullable(),
  expressAdditional: z.number().nullable(),
  overnightFirst: z.number().nullable(),
  overnightAdditional: z.number().nullable(),
};

const variantHead = {
  catalogVariantId: z.string(),
  catalogVariantCode: z.string(),
  color: z.string(),
  size: z.string(),
  inStock: z.boolean(),
};

/** One variant of the catalog with its prices in the base cost (all null: not priced yet). */
export const basecostVariantCost = z.object({
  ...variantHead,
  ...pricesOut,
  priced: z.boolean(),
  /** Agency groups: what the platform charges the agency for the variant (null: not set). */
  agencyCost: z.number().nullable(),
});
export type BasecostVariantCost = z.infer<typeof basecostVariantCost>;
export const basecostCatalogHead = z.object({ id: z.string(), name: z.string(), productCode: z.string(), type: z.enum(CATALOG_TYPES) });
export const basecostCatalogCostsResponse = z.object({
  data: z.object({
    basecost: basecostOption,
    catalog: basecostCatalogHead,
    variants: z.array(basecostVariantCost),
  }),
});
export type BasecostCatalogCosts = z.infer<typeof basecostCatalogCostsResponse>['data'];

export const basecostVariantInput = z
  .object({
    catalogVariantId: z.uuid(),
    basePrice: price('basePrice'),
    standardFirst: price('standardFirst'),
    standardAdditional: price('standardAdditional'),
    expressFirst: price('expressFirst').nullable().optional(),
    expressAdditional: price('expressAdditional').nullable().optional(),
    overnightFirst: price('overnightFirst').nullable().optional(),
    overnightAdditional: price('overnightAdditional').nullable().optional(),
  })
  .superRefine((v, ctx) => {
    for (const method of ['express', 'overnight'] as const) {
      const first = v[`${method}First`] ?? null;
      const additional = v[`${method}Additional`] ?? null;
      if ((first === null) !== (additional === null)) {
        const label = method === 'express' ? 'Express' : 'Overnight';
        ctx.addIssue({ code: 'custom', path: [first === null ? `${method}First` : `${method}Additional`], message: BASECOST_MSG.methodPair(label) });
      }
    }
  });
export type BasecostVariantInput = z.infer<typeof basecostVariantInput>;

/**
 * PUT a catalog's costs in a base cost: the listed variants are priced, the catalog's other
 * variants leave the base cost (the editor sends its whole table).
 */
export const basecostCatalogCostsBody = z.object({
  variants: z
    .array(basecostVariantInput, { error: BASECOST_MSG.noVariants })
    .min(1, BASECOST_MSG.noVariants)
    .max(BASECOST_LIMITS.variantsPerSave, BASECOST_MSG.tooManyVariants)
    .refine((list) => new Set(list.map((v) => v.catalogVariantId)).size === list.length, BASECOST_MSG.duplicateVariant),
});
export type BasecostCatalogCostsBody = z.infer<typeof basecostCatalogCostsBody>;
export const basecostCatalogCostsAnswer = z.object({
  message: z.string(),
  data: z.object({ pricedCount: z.number().int(), removedCount: z.number().int() }),
});

// One catalog across all the agency's groups (/ag/base-cost/catalogs/:id).
export const groupCatalogCost = z.object({
  basecostId: z.string(),
  ...pricesOut,
  /** basePrice minus the agency's cost (null: not priced, or no agency cost). */
  margin: z.number().nullable(),
  /** The margin as a percentage of basePrice. */
  marginPercent: z.number().nullable(),
});
export type GroupCatalogCost = z.infer<typeof groupCatalogCost>;
export const catalogAcrossGroupsResponse = z.object({
  data: z.object({
    catalog: basecostCatalogHead,
    groups: z.array(basecostOption.extend({ sellerTeamCount: z.number().int() })),
    variants: z.array(z.object({ ...variantHead, agencyCost: z.number().nullable(), costs: z.array(groupCatalogCost) })),
  }),
});
export type CatalogAcrossGroups = z.infer<typeof catalogAcrossGroupsResponse>['data'];
