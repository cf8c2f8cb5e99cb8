import { z } from 'zod';
import { CATALOG_TYPES } from '../domain/catalog';
import { listQuery, listResponse } from './common';

export const catalogListQuery = listQuery.extend({
  type: z.enum(CATALOG_TYPES).optional(),
  publishStatus: z.coerce.number().int().min(0).max(6).optional(),
  dropship: z.stringbool().optional(),
  isTrademark: z.stringbool().optional(),
  active: z.stringbool().optional(),
});
export type CatalogListQuery = z.infer<typeof catalogListQuery>;

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
});
export type CatalogListItem = z.infer<typeof catalogListItem>;
export const catalogListResponse = listResponse(catalogListItem);
