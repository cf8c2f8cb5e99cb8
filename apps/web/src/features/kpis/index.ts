/**
 * The KPIs feature's face (docs/kpis.md): the dashboard query and the pieces /s/profit-detail shows from the same answer.
 * Its charts bring recharts: import them only from lazily loaded pages.
 */
export { kpiDashboardQuery, type KpiParams } from './kpis.api';
export { DEFAULT_PERIOD, periodDays, type KpiPeriod } from './kpi-period';
export { KPI_FIGURES } from './kpi-format';
export { KpiPeriodControl } from './components/KpiPeriodControl';
export { KpiStatCards, KpiStatistic } from './components/KpiStatCard';
export { OrdersByStatusChart } from './components/OrdersByStatusChart';
export { TopCatalogsChart } from './components/TopCharts';
