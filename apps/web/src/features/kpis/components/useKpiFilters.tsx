import { CATALOG_TYPES, CATALOG_TYPE_LABELS, type CatalogType } from '@fbo/shared/domain/catalog';
import { KPI_STUCK_HOLD_DAYS } from '@fbo/shared/schemas/kpis';
import { profitDashboardQuery as dashboardSchema } from '@fbo/shared/schemas/order-reports';
import type { FilterDecl, FilterOption, FilterValues } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import type { KpiParams } from '../kpis.api';
import { DEFAULT_PERIOD, isRangeKey, periodDays, type KpiPeriod } from '../kpi-period';
import { KpiPeriodControl } from './KpiPeriodControl';

/** The period as the address keeps it: a quick range by its key (so a link means "the last N days" whenever opened), custom by its days. */
function periodOf(f: FilterValues): KpiPeriod {
  const range = isRangeKey(f.range) ? f.range : DEFAULT_PERIOD.range;
  return range === 'custom' ? { range, dateFrom: f.dateFrom, dateTo: f.dateTo } : { range };
}

function periodChange(period: KpiPeriod): FilterValues {
  return {
    range: period.range === DEFAULT_PERIOD.range ? undefined : period.range,
    dateFrom: period.range === 'custom' ? period.dateFrom : undefined,
    dateTo: period.range === 'custom' ? period.dateTo : undefined,
  };
}

function kpiFilterDecls(teams: readonly FilterOption[], teamsLoading: boolean): FilterDecl[] {
  return [
    { kind: 'custom', keys: ['range', 'dateFrom', 'dateTo'], render: (values, onChange) => <KpiPeriodControl id="kpi-range" value={periodOf(values)} onChange={(p) => onChange(periodChange(p))} /> },
    { kind: 'select', key: 'sellerTeam', id: 'kpi-team', label: 'Seller team', placeholder: 'All seller teams', width: 220, searchable: true, loading: teamsLoading, options: teams },
    { kind: 'select', key: 'catalogType', id: 'kpi-catalog-type', label: 'Catalog type', placeholder: 'All types', width: 140, options: CATALOG_TYPES.map((t) => ({ value: t, label: CATALOG_TYPE_LABELS[t] })) },
    // Drawn beside the stuck orders.
    { kind: 'custom', keys: ['stuckDays'] },
  ];
}

/** The KPIs page's state, all in the address: period, seller team, catalog type, the stuck threshold. */
export function useKpiFilters(teams: readonly FilterOption[], teamsLoading: boolean) {
  const list = useFilterList(dashboardSchema, kpiFilterDecls(teams, teamsLoading));
  const f = list.filters;
  const catalogType = CATALOG_TYPES.find((t): t is CatalogType => t === f.catalogType);
  const stuckDays = f.stuckDays ? Number(f.stuckDays) : KPI_STUCK_HOLD_DAYS;
  const params: KpiParams = { ...periodDays(periodOf(f)), sellerTeam: f.sellerTeam, catalogType, stuckDays };
  return {
    bar: list.bar,
    params,
    setStuckDays: (days: number) => list.update({ stuckDays: days === KPI_STUCK_HOLD_DAYS ? undefined : String(days) }),
  };
}
