/** KPIs (docs/kpis.md): roll-ups written by database triggers, folded by a job, read by GET /api/dashboards/profits. */
export { foldKpiDeltas, rebuildKpis, registerKpiFold, scheduleKpiFold, KPI_FOLD_JOB } from './kpi-fold';
export { kpiDashboard } from './kpi-dashboard';
