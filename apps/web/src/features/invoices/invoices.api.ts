import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { AdjustAnswer, AdjustBody, ExportUrlResponse, InvoiceDetail, InvoiceItem } from '@fbo/shared';
import type { BillTab } from '@fbo/shared/domain/money';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import type { ListAnswer } from '../../components/ListTable';

export interface InvoiceFilters {
  activeName?: BillTab;
  type?: 'IN' | 'OUT';
  search?: string;
  sellerTeam?: string;
  /** Days (YYYY-MM-DD) as the address keeps them; sent as the local day's bounds. */
  from?: string;
  to?: string;
}
export interface InvoiceListParams extends InvoiceFilters {
  page: number;
  limit: number;
}

/** A local day range as ISO instants: the user's days, whatever the server's time zone. */
export function dayBounds(from?: string, to?: string) {
  return {
    from: from ? dayjs(from).startOf('day').toISOString() : undefined,
    to: to ? dayjs(to).endOf('day').toISOString() : undefined,
  };
}

const invoiceQuery = (f: InvoiceFilters) => ({ ...f, ...dayBounds(f.from, f.to) });

export const invoiceKeys = {
  all: queryKeys.invoices.all,
  list: (params: InvoiceListParams) => [...queryKeys.invoices.all, 'list', params] as const,
  one: (id: string) => [...queryKeys.invoices.all, 'one', id] as const,
  teams: [...queryKeys.invoices.all, 'seller-teams'] as const,
  teamBalance: (id: string) => [...queryKeys.invoices.all, 'team-balance', id] as const,
};

export const invoiceListQuery = (params: InvoiceListParams) =>
  queryOptions({
    queryKey: invoiceKeys.list(params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<ListAnswer<InvoiceItem>>('/invoices', { query: { ...invoiceQuery(params) }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const invoiceDetailQuery = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.one(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: InvoiceDetail }>(`/invoices/${encodeURIComponent(id)}`, { signal })).data,
    retry: false,
  });

export const invoiceTeamsQuery = () =>
  queryOptions({
    queryKey: invoiceKeys.teams,
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: { id: string; name: string; code: string }[] }>('/invoices/seller-teams', { signal })).data,
    staleTime: 60_000,
  });

/** A team's wallet balance for the adjustment's confirmation (the deposits module answers it). */
export const teamBalanceQuery = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.teamBalance(id),
    queryFn: async ({ signal }) => unwrap(await http.get<{ amount: number }>(`/balances/seller-teams/${encodeURIComponent(id)}`, { signal })).amount,
    retry: false,
  });

export const invoicesApi = {
  exportList: async (f: InvoiceFilters, format: 'csv' | 'xlsx' = 'csv') =>
    unwrap(await http.get<ExportUrlResponse>('/invoices/export', { query: { ...invoiceQuery(f), format } })),
  exportOne: async (id: string) => unwrap(await http.get<ExportUrlResponse>(`/invoices/${encodeURIComponent(id)}/export`)),
  adjust: (teamId: string, body: AdjustBody, idempotencyKey: string) =>
    http.post<AdjustAnswer>(`/balances/seller-teams/${encodeURIComponent(teamId)}/adjust`, body, { idempotencyKey }),
};
