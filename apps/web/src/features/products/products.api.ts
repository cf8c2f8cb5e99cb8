import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductListQuery, StoreItem, UpdateProductBody } from '@fbo/shared';
import type {
  bulkProductsAnswer,
  productAnswer,
  productListResponse,
  productPickerResponse,
  productResponse,
  syncProductsAnswer,
} from '@fbo/shared/schemas/products';
import { http, unwrap } from '../../api/http';

export type ProductListAnswer = z.infer<typeof productListResponse>;
export type ProductListParams = Partial<ProductListQuery>;
type ProductResponse = z.infer<typeof productResponse>;
type ProductAnswer = z.infer<typeof productAnswer>;
type BulkAnswer = z.infer<typeof bulkProductsAnswer>;
type SyncAnswer = z.infer<typeof syncProductsAnswer>;
type PickerAnswer = z.infer<typeof productPickerResponse>;
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

export const productsApi = {
  update: (id: string, body: UpdateProductBody) => http.put<ProductAnswer>(`/products/${id}`, body),
  remove: (id: string) => http.delete<Message>(`/products/${id}`),
  removeMany: (ids: string[]) => http.delete<BulkAnswer>('/products', { body: { ids } }),
  setPersonalized: (ids: string[], personalized: boolean) => http.put<BulkAnswer>('/products/update/personalized', { ids, personalized }),
  syncStore: (storeId: string) => http.post<SyncAnswer>(`/stores/${storeId}/sync-products`),
};
