import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MyReferrals, referralListResponse } from '@fbo/shared';
import type { z } from 'zod';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

export type ReferralListAnswer = z.infer<typeof referralListResponse>;

export const referralListQuery = (params: { page: number; limit: number; search?: string }) =>
  queryOptions({
    queryKey: [...queryKeys.referrals.all, 'list', params] as const,
    queryFn: async ({ signal }) => unwrap(await http.get<ReferralListAnswer>('/referrals', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const myReferralsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.referrals.all, 'mine'] as const,
    queryFn: async ({ signal }) => unwrap(await http.get<MyReferrals>('/referrals/mine', { signal, list: true })),
  });
