import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, ManagedUser, SubAuthority } from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import type { ListAnswer } from '../../components/ListTable';

export interface ProxyOption {
  id: string;
  proxyDomain: string;
  groupId?: string | null;
  groupName?: string | null;
}

export interface UserCreateInput {
  fullName: string;
  email: string;
  authority: SubAuthority;
  proxies?: string[];
  password: string;
  confirmPassword: string;
}

export interface UserUpdateInput {
  fullName: string;
  authority: SubAuthority;
  proxies?: string[];
}

/** Keys of this feature: every list of users (agency or seller: the server knows which). */
export const userKeys = {
  all: ['users'] as const,
  list: (query: object) => ['users', 'list', query] as const,
  proxies: ['proxies', 'options'] as const,
};

export const userListQuery = (params: Partial<ListQuery>) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<ListAnswer<ManagedUser>>('/users', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/**
 * The Proxies multi-select's options. A failed load shows no options rather than an error:
 * the dialog still works without proxies.
 */
export const proxyOptionsQuery = () =>
  queryOptions({
    queryKey: userKeys.proxies,
    queryFn: async ({ signal }): Promise<ProxyOption[]> => {
      try {
        const result = await http.get<{ data?: ProxyOption[] }>('/orders/proxy/list', { signal });
        return result.ok ? (result.body.data ?? []) : [];
      } catch {
        return [];
      }
    },
    staleTime: 60_000,
  });

export const usersApi = {
  create: (input: UserCreateInput) => http.post<{ message: string; data: ManagedUser }>('/users', input),
  update: (id: string, input: UserUpdateInput) => http.patch<{ message: string }>(`/users/${id}`, input),
  remove: (id: string) => http.delete<{ message: string }>(`/users/${id}`),
};
