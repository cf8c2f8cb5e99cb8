import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  SellerCreateInput,
  SellerMember,
  SellerProfitRow,
  SellerTeamRow,
  SellerUpdateInput,
  StaffItem,
} from '@fbo/shared';
import { SELLER_LIMITS } from '@fbo/shared/domain/sellers';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import type { ListAnswer } from '../../components/ListTable';

/** GET seller-teams query (the server's sellerListQuery, as the screen sends it). */
export interface SellerListParams {
  page: number;
  limit: number;
  search?: string;
  supporter?: string;
  basecost?: string;
  sellerType?: 'default' | 'warehouse';
  sellerTeam?: string;
  autoApproveOrder?: 'AUTO' | 'MANUAL';
  active?: boolean;
}

/** Everything of this feature nests under queryKeys.sellers.all: one invalidation refreshes it all. */
export const sellerKeys = {
  all: queryKeys.sellers.all,
  list: (params: object) => [...queryKeys.sellers.all, 'list', params] as const,
  detail: (id: string) => [...queryKeys.sellers.all, 'detail', id] as const,
  members: (id: string) => [...queryKeys.sellers.all, 'members', id] as const,
  picker: [...queryKeys.sellers.all, 'picker'] as const,
  basecosts: [...queryKeys.sellers.all, 'filter', 'basecost'] as const,
  staffs: [...queryKeys.sellers.all, 'staffs'] as const,
  /** Profit figures live under the profits root: money changes elsewhere invalidate them. */
  profits: (ids: readonly string[]) => [...queryKeys.profits.all, 'seller-team', ids] as const,
};

export const sellerListQuery = (params: SellerListParams) =>
  queryOptions({
    queryKey: sellerKeys.list(params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<ListAnswer<SellerTeamRow> & { page: number; limit: number }>('/seller-teams', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const sellerDetailQuery = (id: string) =>
  queryOptions({
    queryKey: sellerKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: SellerTeamRow }>(`/seller-teams/${id}`, { signal })).data,
    retry: false,
  });

export const sellerMembersQuery = (id: string) =>
  queryOptions({
    queryKey: sellerKeys.members(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: SellerMember[] }>(`/seller-teams/${id}/members`, { signal })).data,
  });

/** Every team of the agency, by name: the "seller team" filter's options. */
export const sellerPickerQuery = () =>
  queryOptions({
    queryKey: sellerKeys.picker,
    queryFn: async ({ signal }) =>
      unwrap(await http.get<ListAnswer<SellerTeamRow>>('/seller-teams', { query: { page: 1, limit: SELLER_LIMITS.selectLimit }, signal }))
        .data.map((t) => ({ id: t.id, name: t.name, code: t.code }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    staleTime: 60_000,
  });

/** The agency's base-cost groups (GET seller-teams/filter?type=basecost). */
export const sellerBasecostsQuery = () =>
  queryOptions({
    queryKey: sellerKeys.basecosts,
    queryFn: async ({ signal }) =>
      unwrap(await http.get<{ data: { id: string; name: string }[] }>('/seller-teams/filter', { query: { type: 'basecost' }, signal })).data,
    staleTime: 60_000,
  });

/** The agency's users for the Supporter and Map user selects (GET agencies/staffs, limit 1000). */
export const sellerStaffsQuery = () =>
  queryOptions({
    queryKey: sellerKeys.staffs,
    queryFn: async ({ signal }) =>
      unwrap(await http.get<ListAnswer<StaffItem>>('/agencies/staffs', { query: { page: 1, limit: SELLER_LIMITS.selectLimit }, signal })).data,
    staleTime: 60_000,
  });

export const sellerProfitsQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: sellerKeys.profits(ids),
    queryFn: async ({ signal }) => {
      const body = unwrap(await http.get<{ data: SellerProfitRow[] }>('/profits/seller-team', { query: { sellerTeamIds: ids.join(',') }, signal }));
      return new Map(body.data.map((p) => [p.sellerTeam, p]));
    },
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });

type Answer = { message: string; data: SellerTeamRow };

export const sellersApi = {
  create: (body: SellerCreateInput) => http.post<Answer>('/seller-teams', body),
  update: (id: string, body: SellerUpdateInput) => http.patch<Answer>(`/seller-teams/${id}`, body),
  remove: (id: string) => http.delete<{ message: string }>(`/seller-teams/${id}`),
  mapUser: (teamId: string, mappedUser: string) => http.post<{ message: string }>('/seller-teams/mapped-user', { userId: teamId, mappedUser }),
  resetPassword: (managerId: string | undefined, body: { password: string; confirmPassword: string }) =>
    http.patch<{ message: string }>(`/users/${managerId ?? 'undefined'}/reset-password`, body),
};
