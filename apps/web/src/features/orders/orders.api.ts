import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  JobAnswer,
  OrderAction,
  OrderCommandBody,
  OrderCommandResponse,
  OrderCounts,
  OrderExportInput,
  OrderItemListQuery,
  OrderListParams,
  UpdateFulfilledResponse,
  orderItemListResponse,
  orderListResponse,
} from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

export type OrderListAnswer = z.infer<typeof orderListResponse>;
export type OrderItemListAnswer = z.infer<typeof orderItemListResponse>;
export type { OrderListParams };

const root = queryKeys.orders.all;
/** Every orders query lives under queryKeys.orders.all: one invalidation after a bulk action refreshes all. */
export const orderKeys = {
  list: queryKeys.orders.list,
  counts: (params: object) => [...root, 'counts', params] as const,
  teams: [...root, 'seller-teams'] as const,
  items: (params: object) => [...root, 'items', params] as const,
  exports: (params: object) => [...root, 'export-history', params] as const,
};

export const orderListQuery = (params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<OrderListAnswer>('/orders', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/** Tab counts for the same filters without the status. */
export const orderCountsQuery = (params: Omit<OrderListParams, 'page' | 'limit' | 'status'>) =>
  queryOptions({
    queryKey: orderKeys.counts(params),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: OrderCounts }>('/orders/counts', { query: { ...params }, signal })).data,
    placeholderData: keepPreviousData,
  });

export const orderTeamsQuery = () =>
  queryOptions({
    queryKey: orderKeys.teams,
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: { id: string; name: string }[] }>('/orders/seller-teams', { signal })).data,
    staleTime: 60_000,
  });

export const orderItemListQuery = (params: Partial<OrderItemListQuery>) =>
  queryOptions({
    queryKey: orderKeys.items(params),
    queryFn: async ({ signal }) => unwrap(await http.get<OrderItemListAnswer>('/order-items', { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const exportHistoryQuery = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: orderKeys.exports(params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<{ data: JobAnswer[]; total: number; page: number; limit: number }>('/export-history', { query: params, signal })),
  });

export const ordersApi = {
  /** A state-machine command on several orders: answers per order (200 even when some failed). */
  command: async (action: OrderAction, body: OrderCommandBody) =>
    unwrap(await http.post<OrderCommandResponse>(`/orders/${action}`, body)).data,
  exportOrders: async (body: OrderExportInput) =>
    unwrap(await http.post<{ data: { jobId: string; message: string } }>('/orders/export', body)).data,
  updateFulfilled: async (ids: string[]) =>
    unwrap(await http.patch<UpdateFulfilledResponse>('/order-items/update-fulfilled', { ids })).data,
};
