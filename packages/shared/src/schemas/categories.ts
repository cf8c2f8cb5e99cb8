/**
 * Catalog categories (/a/category-catalog: the administrator's master categories; /ag/category-catalog:
 * an agency's own, with the master ones read-only). Field rules carry the spec's generic messages.
 */
import { z } from 'zod';
import { CATEGORY_LIMITS, CATEGORY_MSG } from '../domain/categories';
import { listQuery, listResponse } from './common';

export { CATEGORY_LIMITS, CATEGORY_MSG } from '../domain/categories';

const name = z
  .string({ error: CATEGORY_MSG.inputName })
  .trim()
  .min(1, CATEGORY_MSG.inputName)
  .min(CATEGORY_LIMITS.name.min, CATEGORY_MSG.nameLength)
  .max(CATEGORY_LIMITS.name.max, CATEGORY_MSG.nameLength);
const description = z.string().trim().max(CATEGORY_LIMITS.description.max, CATEGORY_MSG.descriptionLength);

export const categoryListQuery = listQuery;
export type CategoryListQuery = z.infer<typeof categoryListQuery>;

export const categoryItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** null: a master (administrator) category. */
  agencyId: z.string().nullable(),
  /** Catalogs (not deleted, visible to the caller) filed under it. */
  catalogCount: z.number().int(),
  createdAt: z.string(),
});
export type CategoryItem = z.infer<typeof categoryItem>;
export const categoryListResponse = listResponse(categoryItem);

export const categoryCreateBody = z.object({ name, description: description.default('') });
export type CategoryCreateBody = z.infer<typeof categoryCreateBody>;
export const categoryUpdateBody = z.object({ name, description: description.optional() });
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>;
export const categoryAnswer = z.object({ message: z.string(), data: categoryItem });

/** GET /api/categories/options: every category the caller may file a catalog under, by name. */
export const categoryOption = z.object({ id: z.string(), name: z.string(), agencyId: z.string().nullable() });
export type CategoryOption = z.infer<typeof categoryOption>;
export const categoryOptionsResponse = z.object({ data: z.array(categoryOption) });
