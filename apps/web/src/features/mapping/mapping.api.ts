import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CatalogDetail } from '@fbo/shared';
import type {
  bulkMappingAnswer,
  bulkMappingBody,
  mappingPreviewResponse,
  productMappingAnswer,
  productMappingResponse,
  saveProductMappingBody,
  saveVariantMappingBody,
  variantMappingAnswer,
  variantMappingResponse,
} from '@fbo/shared/schemas/mapping';
import type { productPickerResponse } from '@fbo/shared/schemas/products';
import { http, unwrap } from '../../api/http';

export type ProductMappingData = z.infer<typeof productMappingResponse>['data'];
export type VariantMappingData = z.infer<typeof variantMappingResponse>['data'];
export type MappingPreview = z.infer<typeof mappingPreviewResponse>['data'];
export type ProductMappingAnswer = z.infer<typeof productMappingAnswer>;
export type VariantMappingAnswer = z.infer<typeof variantMappingAnswer>;
export type BulkMappingAnswer = z.infer<typeof bulkMappingAnswer>;
/** The bodies as sent (the server's schemas fill the defaults). */
export type SaveProductMappingInput = z.input<typeof saveProductMappingBody>;
export type SaveVariantMappingInput = z.input<typeof saveVariantMappingBody>;
export type BulkMappingInput = z.input<typeof bulkMappingBody>;
export type PickedProduct = z.infer<typeof productPickerResponse>['data'][number];

/** Every mapping query lives under 'mapping': one invalidation after a save refreshes them all. */
export const mappingKeys = {
  all: ['mapping'] as const,
  product: (id: string, catalogId: string | undefined) => ['mapping', 'product', id, catalogId ?? null] as const,
  variant: (id: string, catalogId: string | undefined) => ['mapping', 'variant', id, catalogId ?? null] as const,
  preview: (catalogId: string, productIds: string[]) => ['mapping', 'preview', catalogId, productIds] as const,
  catalog: (id: string) => ['mapping', 'catalog', id] as const,
  picker: (search: string) => ['mapping', 'picker', search] as const,
};

/** GET /api/mapping/products/:id: the product's variants against a catalog (the one asked for, else the product's). */
export const productMappingQuery = (id: string, catalogId: string | undefined) =>
  queryOptions({
    queryKey: mappingKeys.product(id, catalogId),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<{ data: ProductMappingData }>(`/mapping/products/${id}`, { query: { catalogId }, signal })).data,
    placeholderData: keepPreviousData,
  });

/** GET /api/mapping/variants/:id: one store variant with its product and the catalog shown. */
export const variantMappingQuery = (id: string, catalogId: string | undefined) =>
  queryOptions({
    queryKey: mappingKeys.variant(id, catalogId),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<{ data: VariantMappingData }>(`/mapping/variants/${id}`, { query: { catalogId }, signal })).data,
    placeholderData: keepPreviousData,
  });

/** GET /api/mapping/preview: what mapping these products to the catalog by name would do. */
export const mappingPreviewQuery = (catalogId: string, productIds: string[]) =>
  queryOptions({
    queryKey: mappingKeys.preview(catalogId, productIds),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<{ data: MappingPreview }>('/mapping/preview', { query: { catalogId, productIds: productIds.join(',') }, signal })).data,
    enabled: productIds.length > 0,
    placeholderData: keepPreviousData,
  });

/** GET /api/catalogs/:id: the catalog's name when no product is chosen yet (the preview names it otherwise). */
export const mappingCatalogQuery = (id: string) =>
  queryOptions({
    queryKey: mappingKeys.catalog(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: CatalogDetail }>(`/catalogs/${id}`, { signal })).data,
    staleTime: 60_000,
  });

/** GET /api/products/list: the team's products matching the search (at most 50), for the picker. */
export const productPickerQuery = (search: string) =>
  queryOptions({
    queryKey: mappingKeys.picker(search),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<{ data: PickedProduct[] }>('/products/list', { query: { search: search || undefined }, signal })).data,
    placeholderData: keepPreviousData,
  });

export const mappingApi = {
  saveProduct: (id: string, body: SaveProductMappingInput) => http.put<ProductMappingAnswer>(`/mapping/products/${id}`, body),
  saveVariant: (id: string, body: SaveVariantMappingInput) => http.put<VariantMappingAnswer>(`/mapping/variants/${id}`, body),
  mapMany: (body: BulkMappingInput) => http.post<BulkMappingAnswer>('/mapping/products', body),
};
