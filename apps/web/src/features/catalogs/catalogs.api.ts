import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CatalogBody,
  CatalogDetail,
  CatalogUpdateBody,
  catalogAnswer,
  catalogAskPriceAnswer,
  catalogExportAnswer,
  catalogStatusAnswer,
} from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

/** Every catalog query lives under queryKeys.catalogs.all: one invalidation after a change refreshes them all. */
const detailKey = (id: string) => [...queryKeys.catalogs.all, 'detail', id] as const;
const CATEGORY_OPTIONS_KEY = ['categories', 'options'] as const;

export const catalogDetailQuery = (id: string) =>
  queryOptions({
    queryKey: detailKey(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: CatalogDetail }>(`/catalogs/${id}`, { signal })).data,
    retry: false,
  });

/** Category choices (the categories slice serves them); an empty list until it does. */
export const categoryOptionsQuery = () =>
  queryOptions({
    queryKey: CATEGORY_OPTIONS_KEY,
    queryFn: async ({ signal }) => {
      try {
        const result = await http.get<{ data: { id: string; name: string }[] }>('/categories/options', { signal });
        return result.ok ? result.body.data : [];
      } catch {
        return [];
      }
    },
    staleTime: 60_000,
  });

type CatalogAnswer = z.infer<typeof catalogAnswer>;
type Message = { message: string };

export const catalogsApi = {
  create: (body: CatalogBody) => http.post<CatalogAnswer>('/catalogs', body),
  update: (id: string, body: CatalogUpdateBody) => http.patch<CatalogAnswer>(`/catalogs/${id}`, body),
  remove: (id: string) => http.delete<Message>(`/catalogs/${id}`),
  setStatus: (ids: string[], status: number) => http.patch<z.infer<typeof catalogStatusAnswer>>('/catalogs/status', { ids, status }),
  askPrice: (ids: string[]) => http.post<z.infer<typeof catalogAskPriceAnswer>>('/catalogs/ask-price', { ids }),
  exportAgency: (exportType: 'xlsx' | 'csv') =>
    http.get<z.infer<typeof catalogExportAnswer>>('/catalogs/export/agency-catalogs', { query: { exportType } }),
};
