import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ExportUrlResponse, LedgerEntryItem } from '@fbo/shared';
import type { LedgerType } from '@fbo/shared/domain/money';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import type { ListAnswer } from '../../components/ListTable';
import { dayBounds } from '../invoices';

export interface LedgerFilters {
  account: 'wallet' | 'profit';
  type?: LedgerType;
  /** Days (YYYY-MM-DD), sent as the local day's bounds. */
  from?: string;
  to?: string;
}
export interface LedgerParams extends LedgerFilters {
  page: number;
  limit: number;
}

const ledgerQuery = (f: LedgerFilters) => ({ ...f, ...dayBounds(f.from, f.to) });

export const ledgerKeys = {
  all: queryKeys.ledger.all,
  list: (params: LedgerParams) => [...queryKeys.ledger.all, 'list', params] as const,
};

export const ledgerListQuery = (params: LedgerParams) =>
  queryOptions({
    queryKey: ledgerKeys.list(params),
    queryFn: async ({ signal }) =>
      unwrap(await http.get<ListAnswer<LedgerEntryItem>>('/balances/entries', { query: { ...ledgerQuery(params) }, signal, list: true })),
    placeholderData: keepPreviousData,
  });

export const ledgerApi = {
  export: async (f: LedgerFilters, format: 'csv' | 'xlsx') =>
    unwrap(await http.get<ExportUrlResponse>('/balances/entries/export', { query: { ...ledgerQuery(f), format } })),
};
