import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DepositAnswer,
  DepositCreateBody,
  DepositDecideBody,
  DepositListQuery,
  DepositMineQuery,
  DepositPaymentInfo,
  DepositRequestBody,
  DepositTeamListQuery,
  DepositTeamOption,
  depositListResponse,
  depositTeamListResponse,
} from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

export type DepositTeamListAnswer = z.infer<typeof depositTeamListResponse>;
export type DepositListAnswer = z.infer<typeof depositListResponse>;

const root = queryKeys.deposits.all;

/** Every deposits query lives under queryKeys.deposits.all: one invalidation refreshes them all. */
export const depositKeys = {
  team: (teamId: string, params: object) => [...root, 'team', teamId, params] as const,
  list: (params: object) => [...root, 'list', params] as const,
  mine: (params: object) => [...root, 'mine', params] as const,
  teams: [...root, 'teams'] as const,
  paymentInfo: [...root, 'payment-info'] as const,
  /** A team's wallet balance, read by the Topup confirmation. */
  balance: (teamId: string) => [...root, 'balance', teamId] as const,
};

/** The seller detail card: not a page list, so a 403 does not leave the page. */
export const teamDepositsQuery = (teamId: string, params: Partial<DepositTeamListQuery>) =>
  queryOptions({
    queryKey: depositKeys.team(teamId, params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<DepositTeamListAnswer>(`/deposits/seller-teams/${teamId}`, { query: { ...params }, signal })),
    placeholderData: keepPreviousData,
  });

export const agencyDepositsQuery = (params: Partial<DepositListQuery>) =>
  queryOptions({
    queryKey: depositKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<DepositListAnswer>('/deposits', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const myDepositsQuery = (params: Partial<DepositMineQuery>) =>
  queryOptions({
    queryKey: depositKeys.mine(params),
    queryFn: async ({ signal }) => unwrap(await http.get<DepositTeamListAnswer>('/deposits/mine', { query: { ...params }, signal })),
    placeholderData: keepPreviousData,
  });

export const depositTeamsQuery = () =>
  queryOptions({
    queryKey: depositKeys.teams,
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: DepositTeamOption[] }>('/deposits/teams', { signal })),
    staleTime: 60_000,
  });

export const paymentInfoQuery = () =>
  queryOptions({
    queryKey: depositKeys.paymentInfo,
    queryFn: async ({ signal }) => unwrap(await http.get<DepositPaymentInfo>('/deposits/payment-info', { signal })),
  });

export const teamBalanceQuery = (teamId: string) =>
  queryOptions({
    queryKey: depositKeys.balance(teamId),
    queryFn: async ({ signal }) => unwrap(await http.get<{ amount: number }>(`/balances/seller-teams/${teamId}`, { signal })),
    staleTime: 0,
  });

/** Money-moving calls: each sends the dialog's Idempotency-Key (hooks/useIdempotencyKey). */
export const depositsApi = {
  create: (teamId: string, body: DepositCreateBody, idempotencyKey: string) =>
    http.post<DepositAnswer>(`/deposits/seller-teams/${teamId}`, body, { idempotencyKey }),
  decide: (teamId: string, depositId: string, body: DepositDecideBody, idempotencyKey: string) =>
    http.patch<DepositAnswer>(`/deposits/seller-teams/${teamId}/${depositId}`, body, { idempotencyKey }),
  request: (body: DepositRequestBody, idempotencyKey: string) => http.post<DepositAnswer>('/deposits/request', body, { idempotencyKey }),
};

/** What a money change makes stale: deposits, invoices, sellers (balance column), ledger, and the seller header figures. */
export const MONEY_REFRESH = [
  queryKeys.deposits.all,
  queryKeys.invoices.all,
  queryKeys.sellers.all,
  queryKeys.ledger.all,
  queryKeys.balance,
  queryKeys.profit,
  queryKeys.profits.all,
] as const;
