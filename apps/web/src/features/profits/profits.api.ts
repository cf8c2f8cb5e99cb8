import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EstimatedOrdersAnswer, EstimatedProfit, ProfitSummary, profitListResponse } from '@fbo/shared';
import type { z } from 'zod';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

export type ProfitListAnswer = z.infer<typeof profitListResponse>;

export const profitKeys = {
  all: queryKeys.profits.all,
  summary: [...queryKeys.profits.all, 'summary'] as const,
  list: (params: object) => [...queryKeys.profits.all, 'list', params] as const,
  estimated: [...queryKeys.profits.all, 'estimated'] as const,
  estimatedOrders: (params: object) => [...queryKeys.profits.all, 'estimated-orders', params] as const,
};

export const profitSummaryQuery = () =>
  queryOptions({
    queryKey: profitKeys.summary,
    queryFn: async ({ signal }) => unwrap(await http.get<ProfitSummary>('/profits/summary', { signal })),
  });

export const profitListQuery = (params: { page: number; limit: number; type?: string; from?: string; to?: string }) =>
  queryOptions({
    queryKey: profitKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<ProfitListAnswer>('/profits', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const estimatedProfitQuery = () =>
  queryOptions({
    queryKey: profitKeys.estimated,
    queryFn: async ({ signal }) => unwrap(await http.get<EstimatedProfit>('/profits/estimated', { signal, list: true })),
  });

/** GET /profits/estimated-orders: the team's orders in progress with the margin each should bring. */
export const estimatedOrdersQuery = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: profitKeys.estimatedOrders(params),
    queryFn: async ({ signal }) => unwrap(await http.get<EstimatedOrdersAnswer>('/profits/estimated-orders', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });
