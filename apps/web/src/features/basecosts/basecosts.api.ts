import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BasecostCatalogCosts,
  BasecostCatalogCostsBody,
  BasecostCreateBody,
  BasecostDetail,
  BasecostListQuery,
  BasecostUpdateBody,
  CatalogAcrossGroups,
  basecostAnswer,
  basecostCatalogCostsAnswer,
  basecostCatalogOptionsResponse,
  basecostListResponse,
  basecostOptionsResponse,
} from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

/**
 * 'master': the administrator's price lists (/api/basecosts/master); 'agency': the agency's seller
 * groups (/api/basecosts/groups). Both answer the same shapes, so every screen and the one variant
 * cost editor take a scope.
 */
export type BasecostScope = 'master' | 'agency';
const base = (scope: BasecostScope) => (scope === 'master' ? '/basecosts/master' : '/basecosts/groups');

export type BasecostListAnswer = z.infer<typeof basecostListResponse>;
export type BasecostOptionsAnswer = z.infer<typeof basecostOptionsResponse>;
export type BasecostCatalogOptionsAnswer = z.infer<typeof basecostCatalogOptionsResponse>;
type Answer = z.infer<typeof basecostAnswer>;
type CostsAnswer = z.infer<typeof basecostCatalogCostsAnswer>;
type Message = { message: string };

const keys = queryKeys.basecosts;

export const basecostListQuery = (scope: BasecostScope, params: Partial<BasecostListQuery>) =>
  queryOptions({
    queryKey: keys.list(scope, params),
    queryFn: async ({ signal }) => unwrap(await http.get<BasecostListAnswer>(base(scope), { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const basecostDetailQuery = (scope: BasecostScope, id: string) =>
  queryOptions({
    queryKey: keys.detail(scope, id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: BasecostDetail }>(`${base(scope)}/${id}`, { signal })).data,
  });

export const basecostCatalogOptionsQuery = (scope: BasecostScope, id: string, search: string) =>
  queryOptions({
    queryKey: keys.catalogOptions(scope, id, search),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<BasecostCatalogOptionsAnswer>(`${base(scope)}/${id}/catalog-options`, { query: { search }, signal })).data,
    placeholderData: keepPreviousData,
  });

export const basecostCatalogCostsQuery = (scope: BasecostScope, id: string, catalogId: string) =>
  queryOptions({
    queryKey: keys.catalogCosts(scope, id, catalogId),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<{ data: BasecostCatalogCosts }>(`${base(scope)}/${id}/catalogs/${catalogId}`, { signal })).data,
  });

/** One catalog across the agency's groups, with the agency's own cost and margin. */
export const catalogAcrossGroupsQuery = (catalogId: string) =>
  queryOptions({
    queryKey: keys.acrossGroups(catalogId),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: CatalogAcrossGroups }>(`/basecosts/catalogs/${catalogId}`, { signal })).data,
  });

/** The select source (agency form, seller screens): the administrator's price lists or the agency's groups. */
export const basecostOptionsQuery = () =>
  queryOptions({
    queryKey: keys.options,
    queryFn: async ({ signal }) => unwrap(await http.get<BasecostOptionsAnswer>('/basecosts', { signal })).data,
  });

export const basecostsApi = {
  create: (scope: BasecostScope, body: BasecostCreateBody) => http.post<Answer>(base(scope), body),
  update: (scope: BasecostScope, id: string, body: BasecostUpdateBody) => http.patch<Answer>(`${base(scope)}/${id}`, body),
  remove: (scope: BasecostScope, id: string) => http.delete<Message>(`${base(scope)}/${id}`),
  saveCatalog: (scope: BasecostScope, id: string, catalogId: string, body: BasecostCatalogCostsBody) =>
    http.put<CostsAnswer>(`${base(scope)}/${id}/catalogs/${catalogId}`, body),
  removeCatalog: (scope: BasecostScope, id: string, catalogId: string) => http.delete<Message>(`${base(scope)}/${id}/catalogs/${catalogId}`),
};
