import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateProductInput, LibraryResponse, ProductExportQuery, ProductListQuery, StoreItem, UpdateProductBody } from '@fbo/shared';
import type {
  bulkProductsAnswer,
  manualStoresResponse,
  productExportAnswer,
  productAnswer,
  productListResponse,
  productPickerResponse,
  productResponse,
  syncProductsAnswer,
  syncToItemAnswer,
} from '@fbo/shared/schemas/products';
import { http, postFile, unwrap } from '../../api/http';

export type ProductListAnswer = z.infer<typeof productListResponse>;
export type ProductListParams = Partial<ProductListQuery>;
type ProductResponse = z.infer<typeof productResponse>;
type ProductAnswer = z.infer<typeof productAnswer>;
type BulkAnswer = z.infer<typeof bulkProductsAnswer>;
type SyncAnswer = z.infer<typeof syncProductsAnswer>;
type SyncToItemAnswer = z.infer<typeof syncToItemAnswer>;
type PickerAnswer = z.infer<typeof productPickerResponse>;
type ExportAnswer = z.infer<typeof productExportAnswer>;
type ManualStoresAnswer = z.infer<typeof manualStoresResponse>;
type Message = { message: string };

/** A store as the filter and the sync dialog name it. */
export interface StoreOption {
  id: string;
  name: string;
  platform: StoreItem['platform'];
  status?: StoreItem['status'];
  isDemo?: boolean;
}

/** Every product query lives under 'products': one invalidation after a change refreshes them all. */
export const productKeys = {
  all: ['products'] as const,
  list: (query: object) => ['products', 'list', query] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  stores: (source: 'stores' | 'picker') => ['products', 'stores', source] as const,
  manualStores: ['products', 'manual-stores'] as const,
  library: (search: string) => ['products', 'library', search] as const,
};

/** GET /api/products: the team's store products, one page. */
export const productListQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<ProductListAnswer>('/products', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/** GET /api/products/:id: the product with its variants (description is the server's sanitised HTML). */
export const productDetailQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.get<ProductResponse>(`/products/${id}`, { signal })).data,
  });

/**
 * The team's stores for the store filter and the sync dialog. Only the manager reads GET /api/stores
 * (stores.seller); staff and accounting get the stores their products name, from the picker.
 */
export const productStoresQuery = (mayReadStores: boolean) =>
  queryOptions({
    queryKey: productKeys.stores(mayReadStores ? 'stores' : 'picker'),
    queryFn: async ({ signal }): Promise<StoreOption[]> => {
      if (mayReadStores) {
        const answer = unwrap(await http.get<{ data: StoreItem[] }>('/stores', { query: { page: 1, limit: 200 }, signal }));
        return answer.data.map((s) => ({ id: s.id, name: s.name, platform: s.platform, status: s.status, isDemo: s.isDemo }));
      }
      const answer = unwrap(await http.get<PickerAnswer>('/products/list', { signal }));
      const byId = new Map<string, StoreOption>();
      for (const p of answer.data) if (p.store) byId.set(p.store.id, p.store);
      return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
  });

/** GET /api/products/manual-stores: where the manager and staff may make a product by hand. */
export const manualStoresQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: productKeys.manualStores,
    queryFn: async ({ signal }) => unwrap(await http.get<ManualStoresAnswer>('/products/manual-stores', { signal })).data,
    enabled,
    staleTime: 60_000,
  });

/** The team's image library (GET /api/images), for a product's mockup: the newest 50 matching the search. */
export const libraryImagesQuery = (search: string) =>
  queryOptions({
    queryKey: productKeys.library(search),
    queryFn: async ({ signal }) => unwrap(await http.get<LibraryResponse>('/images', { query: { page: 1, limit: 50, search: search || undefined }, signal })).data,
    placeholderData: keepPreviousData,
  });

export const productsApi = {
  update: (id: string, body: UpdateProductBody) => http.put<ProductAnswer>(`/products/${id}`, body),
  remove: (id: string) => http.delete<Message>(`/products/${id}`),
  removeMany: (ids: string[]) => http.delete<BulkAnswer>('/products', { body: { ids } }),
  setPersonalized: (ids: string[], personalized: boolean) => http.put<BulkAnswer>('/products/update/personalized', { ids, personalized }),
  syncStore: (storeId: string) => http.post<SyncAnswer>(`/stores/${storeId}/sync-products`),
  /** The product's current mapping applied to the team's open orders waiting for it (the answer says how many). */
  syncToItem: (id: string) => http.put<SyncToItemAnswer>(`/products/${id}/sync-to-item`),
  create: (body: CreateProductInput) => http.post<ProductResponse>('/products', body),
  /** The list's filters as a CSV job: answers the job to follow. */
  exportList: async (filters: ProductExportQuery) => unwrap(await http.get<ExportAnswer>('/products/list/export', { query: { ...filters } })).data,
  exportVariants: async (id: string) => unwrap(await http.get<ExportAnswer>(`/products/${id}/variants/export`)).data,
  /** Bulk mapping: an edited product export, mapped by a job (its progress and failed-rows report at GET /jobs/{id}). */
  importMapping: (file: File, storeId?: string) => {
    const form = new FormData();
    form.append('file', file);
    // The agency maps one of its sellers' stores; a seller its team's products.
    return postFile<{ data: { jobId: string; message: string } }>(storeId ? `/stores/${storeId}/mapping/import` : '/mapping/import', form);
  },
  /** The agency's bulk-mapping template of one of its sellers' stores (the list export of that store's products). */
  exportStore: async (storeId: string) => unwrap(await http.get<ExportAnswer>(`/stores/${storeId}/products/export`)).data,
};
