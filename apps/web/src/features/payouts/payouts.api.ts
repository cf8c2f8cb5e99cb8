import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PayoutAnswer, PayoutCreateBody, PayoutStatusBody, PayoutUpdateBody, payoutListResponse, sellerTeamOptionsResponse } from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

export type PayoutListAnswer = z.infer<typeof payoutListResponse>;
export type PayoutTeamOptions = z.infer<typeof sellerTeamOptionsResponse>;

export interface PayoutListParams {
  page: number;
  limit: number;
  status?: number;
  sellerTeamId?: string;
  billName?: string;
}

export const payoutKeys = {
  all: queryKeys.payouts.all,
  list: (params: object) => [...queryKeys.payouts.all, 'list', params] as const,
  own: (teamId: string, params: object) => [...queryKeys.payouts.all, 'own', teamId, params] as const,
  teams: [...queryKeys.payouts.all, 'teams'] as const,
};

/** After a payout change: the lists, the profit pages and the header's Profit figure. */
export const PAYOUT_REFRESH = [queryKeys.payouts.all, queryKeys.profits.all, queryKeys.profit] as const;

/** GET /api/payouts: the agency's payouts (or the seller manager's own). */
export const payoutListQuery = (params: PayoutListParams) =>
  queryOptions({
    queryKey: payoutKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<PayoutListAnswer>('/payouts', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/** GET /api/seller-teams/:id/payout-request/find: the seller's own requests. */
export const ownPayoutsQuery = (teamId: string, params: { page: number; limit: number; status?: number }) =>
  queryOptions({
    queryKey: payoutKeys.own(teamId, params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<PayoutListAnswer>(`/seller-teams/${teamId}/payout-request/find`, { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const payoutTeamsQuery = () =>
  queryOptions({
    queryKey: payoutKeys.teams,
    queryFn: async ({ signal }) => unwrap(await http.get<PayoutTeamOptions>('/payouts/seller-teams', { signal })),
    staleTime: 60_000,
  });

export const payoutsApi = {
  create: (teamId: string, body: PayoutCreateBody, idempotencyKey: string) =>
    http.post<PayoutAnswer>(`/seller-teams/${teamId}/payout-request/create`, body, { idempotencyKey }),
  update: (teamId: string, id: string, body: PayoutUpdateBody, idempotencyKey: string) =>
    http.patch<PayoutAnswer>(`/seller-teams/${teamId}/payout-request/${id}/update`, body, { idempotencyKey }),
  setStatus: (id: string, body: PayoutStatusBody, idempotencyKey: string) =>
    http.patch<PayoutAnswer>(`/payouts/${id}/status`, body, { idempotencyKey }),
};
