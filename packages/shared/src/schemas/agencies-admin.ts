/**
 * The administrator's agencies (/a/agencies, /a/agencies/:id): list, create ('Agency Form'), update
 * ('Update Agency'), delete, members, the catalogs an agency offers and their costs.
 */
import { z } from 'zod';
import { CATALOG_TYPES } from '../domain/catalog';
import { LIMITS } from '../domain/limits';
import { MSG } from '../domain/messages';
import { AGENCY_LIMITS, AGENCY_MSG, COST_MODES, COST_UNITS } from '../domain/agencies-admin';
import { hasCents, listQuery, listResponse } from './common';

export { AGENCY_LIMITS, AGENCY_MSG, COST_MODES, COST_UNITS, applyCostChange, type CostMode, type CostUnit } from '../domain/agencies-admin';

const M = AGENCY_MSG;
const text = (required: string, length: string, limits: { min: number; max: number }) =>
  z.string({ error: required }).trim().min(1, required).min(limits.min, length).max(limits.max, length);

const managerEmail = z
  .string({ error: MSG.inputEmailAddress })
  .trim()
  .toLowerCase()
  .min(1, MSG.inputEmailAddress)
  .max(LIMITS.email.max, MSG.correctEmailAddress)
  .pipe(z.email({ error: MSG.correctEmailAddress }));

/** An administrator base cost (GET /api/basecosts); null or absent: none, costs start at 0. */
const basecost = z.uuid({ error: M.basecostNotFound }).nullable();

export const agencyListQuery = listQuery.extend({ limit: listQuery.shape.limit.removeDefault().default(AGENCY_LIMITS.listPageSize) });
export type AgencyListQuery = z.infer<typeof agencyListQuery>;

export const agencyItem = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  active: z.boolean(),
  managerId: z.string().nullable(),
  managerEmail: z.string().nullable(),
  managerName: z.string().nullable(),
  basecostId: z.string().nullable(),
  basecostName: z.string().nullable(),
  /** The first connected domain, else the first domain, else null. */
  primaryDomain: z.string().nullable(),
  createdAt: z.string(),
});
export type AgencyItem = z.infer<typeof agencyItem>;
export const agencyListResponse = listResponse(agencyItem);
export const agencyAnswer = z.object({ message: z.string(), data: agencyItem });
export const agencyDetailResponse = z.object({ data: agencyItem });

/** POST /api/agencies ('Agency Form'). */
export const agencyCreateBody = z.object({
  name: text(M.inputName, M.createNameLength, AGENCY_LIMITS.create),
  code: text(M.inputCode, M.createCodeLength, AGENCY_LIMITS.create),
  manager: managerEmail,
  basecost: basecost.optional(),
  active: z.boolean().default(true),
});
export type AgencyCreateBody = z.infer<typeof agencyCreateBody>;

/** PATCH and PUT /api/agencies/:id ('Update Agency'): name and code 3 to 128, both required. */
export const agencyUpdateBody = z.object({
  name: text(M.inputName, M.updateNameLength, AGENCY_LIMITS.update),
  code: text(M.inputCode, M.updateCodeLength, AGENCY_LIMITS.update),
  active: z.boolean().optional(),
  basecost: basecost.optional(),
});
export type AgencyUpdateBody = z.infer<typeof agencyUpdateBody>;

// GET /api/agencies/:id/members (limit 10000, page 1).
export const agencyMembersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(AGENCY_LIMITS.membersLimit).default(AGENCY_LIMITS.membersLimit),
});
export const agencyMember = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  userType: z.string(),
  authority: z.string().nullable(),
});
export type AgencyMember = z.infer<typeof agencyMember>;
export const agencyMembersResponse = listResponse(agencyMember);

// GET /api/catalogs/not-added/:agencyId/agency ('Product Catalog List').
export const notAddedParams = z.object({ agencyId: z.uuid() });
export const notAddedQuery = listQuery.extend({
  type: z.enum(CATALOG_TYPES).optional(),
  publishStatus: z.coerce.number().int().min(0).max(6).optional(),
  dropship: z.stringbool().optional(),
  isTrademark: z.stringbool().optional(),
});
export type NotAddedQuery = z.infer<typeof notAddedQuery>;
export const notAddedItem = z.object({
  id: z.string(),
  name: z.string(),
  productCode: z.string(),
  type: z.enum(CATALOG_TYPES),
  dropship: z.boolean(),
  isTrademark: z.boolean(),
  publishStatus: z.number().int(),
  image: z.string().nullable(),
  sizeCount: z.number().int(),
  colorCount: z.number().int(),
  createdAt: z.string(),
});
export type NotAddedItem = z.infer<typeof notAddedItem>;
export const notAddedResponse = listResponse(notAddedItem);

const ids = z.array(z.uuid()).max(AGENCY_LIMITS.maxIds);

/** PATCH /api/agencies/:id/product-catalogs: the card's staged additions and deletions. */
export const agencyCatalogsBody = z.object({
  catalogs: z.object({ add: ids.default([]), delete: ids.default([]) }),
});
export type AgencyCatalogsBody = z.infer<typeof agencyCatalogsBody>;
export const agencyCatalogsAnswer = z.object({ message: z.string(), added: z.number().int(), deleted: z.number().int() });

/** PATCH /api/agencies/:id/catalog-costs ('Update cost'); no catalogIds: every assigned catalog. */
export const catalogCostsBody = z
  .object({
    catalogIds: ids.optional(),
    mode: z.enum(COST_MODES),
    unit: z.enum(COST_UNITS),
    amount: z
      .number({ error: M.inputAmount })
      .min(-AGENCY_LIMITS.maxAmount, M.amountRange)
      .max(AGENCY_LIMITS.maxAmount, M.amountRange)
      .refine(hasCents, 'amount has at most 2 decimals'),
  })
  .superRefine((b, issue) => {
    if (b.mode === 'set' && b.unit === 'usd' && b.amount < 0) issue.addIssue({ code: 'custom', path: ['amount'], message: M.setNegative });
    if (b.unit === 'percent' && b.amount < AGENCY_LIMITS.minPercent) issue.addIssue({ code: 'custom', path: ['amount'], message: M.percentRange });
  });
export type CatalogCostsBody = z.infer<typeof catalogCostsBody>;
export const catalogCostsAnswer = z.object({ message: z.string(), updated: z.number().int() });
