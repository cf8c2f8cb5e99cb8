import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, ManagedUser, SubAuthority } from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import type { ListAnswer } from '../../components/ListTable';

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
};

export const userListQuery = (params: Partial<ListQuery>) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<ListAnswer<ManagedUser>>('/users', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const usersApi = {
  create: (input: UserCreateInput) => http.post<{ message: string; data: ManagedUser }>('/users', input),
  update: (id: string, input: UserUpdateInput) => http.patch<{ message: string }>(`/users/${id}`, input),
  remove: (id: string) => http.delete<{ message: string }>(`/users/${id}`),
};
