import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CustomerBackfillAnswer, CustomerDetail, CustomerEraseAnswer, CustomerExportQuery, CustomerListAnswer, CustomerListQuery, CustomerOptions,
} from '@fbo/shared';
import type { customerExportAnswer, customerOrdersResponse } from '@fbo/shared/schemas/customers';
import { downloadWithSession } from '../../api/download';
import { http, unwrap } from '../../api/http';

export type CustomerListParams = Partial<CustomerListQuery>;
/** The list's filters and order, without its page: what the export takes. */
export type CustomerFilterParams = Omit<CustomerListParams, 'page' | 'limit'>;
type OrdersAnswer = z.infer<typeof customerOrdersResponse>;
export type CustomerExportAnswer = z.infer<typeof customerExportAnswer>;

const BASE = '/customers';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Every customer query lives under 'customers': one invalidation (the backfill ending) refreshes them all. */
export const customerKeys = {
  all: ['customers'] as const,
  list: (query: object) => ['customers', 'list', query] as const,
  options: ['customers', 'options'] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
  orders: (id: string, page: number, limit: number) => ['customers', 'orders', id, page, limit] as const,
  backfill: ['customers', 'backfill'] as const,
};

/** GET /api/customers: one page of the customers the caller sees, filtered and ordered. */
export const customerListQuery = (params: CustomerListParams) =>
  queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await http.get<CustomerListAnswer>(BASE, { query: { ...params }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

/** GET /api/customers/options: the stores, seller teams and countries the filters offer. */
export const customerOptionsQuery = () =>
  queryOptions({
    queryKey: customerKeys.options,
    queryFn: async ({ signal }) => unwrap(await http.get<CustomerOptions>(`${BASE}/options`, { signal })),
    staleTime: 60_000,
  });

/** GET /api/customers/:id: the customer with every address its orders went to. */
export const customerDetailQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: CustomerDetail }>(one(id), { signal })).data,
  });

/** GET /api/customers/:id/orders: the customer's orders, newest first. */
export const customerOrdersQuery = (id: string, page: number, limit: number) =>
  queryOptions({
    queryKey: customerKeys.orders(id, page, limit),
    queryFn: async ({ signal }) => unwrap(await http.get<OrdersAnswer>(`${one(id)}/orders`, { query: { page, limit }, signal })),
    placeholderData: keepPreviousData,
  });

/** GET /api/customers/backfill: polled every 2 s while the customers of older orders are still being linked. */
export const customerBackfillQuery = () =>
  queryOptions({
    queryKey: customerKeys.backfill,
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: CustomerBackfillAnswer }>(`${BASE}/backfill`, { signal })).data,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 2000 : false),
    retry: false,
  });

export const customersApi = {
  /** The list's filters as a file: its address, or a 400 saying why not (too many rows). */
  exportList: (query: Partial<CustomerExportQuery>) => http.get<CustomerExportAnswer>(`${BASE}/export`, { query: { ...query } }),
  /** The data held about one customer, saved as a JSON file (docs/customers.md "Privacy"). */
  downloadData: (id: string) => downloadWithSession(`${one(id)}/data-export`, 'customer-data.json'),
  /** Erases the customer's personal data: its closed orders now, its open orders once they close. */
  erase: (id: string) => http.post<CustomerEraseAnswer>(`${one(id)}/erase`),
};
