import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ProxyCreateBody,
  ProxyGroupListQuery,
  ProxyListQuery,
  ProxyOption,
  ProxyUpdateBody,
  proxyAnswer,
  proxyGroupAnswer,
  proxyGroupListResponse,
  proxyListResponse,
  proxyOptionsResponse,
} from '@fbo/shared';
import { http, unwrap } from '../../api/http';

export type ProxyGroupListAnswer = z.infer<typeof proxyGroupListResponse>;
export type ProxyListAnswer = z.infer<typeof proxyListResponse>;
type ProxyOptionsAnswer = z.infer<typeof proxyOptionsResponse>;
export type ProxyGroupListParams = Partial<ProxyGroupListQuery>;
export type ProxyListParams = Partial<ProxyListQuery>;

/** Every proxy query lives under 'proxies': one invalidation after a change refreshes them all. */
export const proxyKeys = {
  all: ['proxies'] as const,
  groups: (query: object) => ['proxies', 'groups', query] as const,
  list: (query: object) => ['proxies', 'list', query] as const,
  options: ['proxies', 'options'] as const,
};

export const proxyGroupListQuery = (params: ProxyGroupListParams) =>
  queryOptions({
    queryKey: proxyKeys.groups(params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<ProxyGroupListAnswer>('/proxy-groups', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const proxyListQuery = (params: ProxyListParams) =>
  queryOptions({
    queryKey: proxyKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<ProxyListAnswer>('/proxies', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/**
 * Every proxy of the agency with its group: the one source of proxy selects (user dialogs, order
 * filters). A failed load gives no options rather than an error: the dialog still works without proxies.
 */
export const proxyOptionsQuery = () =>
  queryOptions({
    queryKey: proxyKeys.options,
    queryFn: async ({ signal }): Promise<ProxyOption[]> => {
      try {
        const result = await http.get<ProxyOptionsAnswer>('/orders/proxy/list', { signal });
        return result.ok ? result.body.data : [];
      } catch {
        return [];
      }
    },
    staleTime: 60_000,
  });

type GroupAnswer = z.infer<typeof proxyGroupAnswer>;
type ProxyAnswer = z.infer<typeof proxyAnswer>;
type Message = { message: string };

export const proxiesApi = {
  createGroup: (name: string) => http.post<GroupAnswer>('/proxy-groups', { name }),
  updateGroup: (id: string, name: string) => http.patch<GroupAnswer>(`/proxy-groups/${id}`, { name }),
  deleteGroup: (id: string) => http.delete<Message>(`/proxy-groups/${id}`),
  createProxy: (body: ProxyCreateBody) => http.post<ProxyAnswer>('/proxies', body),
  updateProxy: (id: string, body: ProxyUpdateBody) => http.patch<ProxyAnswer>(`/proxies/${id}`, body),
  deleteProxy: (id: string) => http.delete<Message>(`/proxies/${id}`),
};
