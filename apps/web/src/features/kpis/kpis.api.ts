import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CatalogType, ProfitDashboard } from '@fbo/shared';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

/** What GET /dashboards/profits is asked: UTC days, and the agency's filters (a seller's team is forced by the server). */
export interface KpiParams {
  dateFrom: string;
  dateTo: string;
  sellerTeam?: string;
  catalogType?: CatalogType;
  stuckDays?: number;
}

/** Under the profits key: whatever refreshes profit figures (a payout, a deposit) refreshes these too. */
export const kpiKeys = {
  dashboard: (params: KpiParams) => [...queryKeys.profits.all, 'dashboard', params] as const,
};

/** GET /dashboards/profits: the profit dashboard and the KPIs per day, in total, against the previous period. */
export const kpiDashboardQuery = (params: KpiParams) =>
  queryOptions({
    queryKey: kpiKeys.dashboard(params),
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: ProfitDashboard }>('/dashboards/profits', { query: { ...params }, signal })).data,
    placeholderData: keepPreviousData,
  });
