import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AgencyCatalogsBody,
  AgencyCreateBody,
  AgencyUpdateBody,
  CatalogCostsBody,
  NotAddedQuery,
  agencyAnswer,
  agencyCatalogsAnswer,
  agencyDetailResponse,
  agencyListResponse,
  agencyMembersResponse,
  catalogCostsAnswer,
  notAddedResponse,
} from '@fbo/shared';
import { AGENCY_LIMITS } from '@fbo/shared/domain/agencies-admin';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

export type AgencyListAnswer = z.infer<typeof agencyListResponse>;
export type AgencyMembersAnswer = z.infer<typeof agencyMembersResponse>;
export type NotAddedAnswer = z.infer<typeof notAddedResponse>;
/** The query as the dialog holds it (booleans as the strings the server parses). */
export type NotAddedParams = Omit<Partial<NotAddedQuery>, 'dropship' | 'isTrademark'> & { dropship?: boolean; isTrademark?: boolean };

export const agencyListQuery = (params: { page: number; limit: number; search?: string }) =>
  queryOptions({
    queryKey: queryKeys.agencies.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<AgencyListAnswer>('/agencies', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/** Read afresh whenever a screen or dialog opens it ('Update Agency' loads the record when opened). */
export const agencyDetailQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.agencies.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.get<z.infer<typeof agencyDetailResponse>>(`/agencies/${id}`, { signal })).data,
    staleTime: 0,
    retry: false,
  });

export const agencyMembersQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.agencies.members(id),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<AgencyMembersAnswer>(`/agencies/${id}/members`, { query: { limit: AGENCY_LIMITS.membersLimit, page: 1 }, signal })),
  });

export const notAddedQuery = (agencyId: string, params: NotAddedParams) =>
  queryOptions({
    queryKey: queryKeys.agencies.notAdded(agencyId, params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<NotAddedAnswer>(`/catalogs/not-added/${agencyId}/agency`, { query: { ...params }, signal })),
    placeholderData: keepPreviousData,
  });

type Answer = z.infer<typeof agencyAnswer>;

export const agenciesApi = {
  create: (body: AgencyCreateBody) => http.post<Answer>('/agencies', body),
  update: (id: string, body: AgencyUpdateBody) => http.patch<Answer>(`/agencies/${id}`, body),
  remove: (id: string) => http.delete<{ message: string }>(`/agencies/${id}`),
  saveCatalogs: (id: string, catalogs: AgencyCatalogsBody['catalogs']) =>
    http.patch<z.infer<typeof agencyCatalogsAnswer>>(`/agencies/${id}/product-catalogs`, { catalogs }),
  updateCosts: (id: string, body: CatalogCostsBody) => http.patch<z.infer<typeof catalogCostsAnswer>>(`/agencies/${id}/catalog-costs`, body),
};
