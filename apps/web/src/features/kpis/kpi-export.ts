import { ORDER_STATUSES, type ProfitDashboard } from '@fbo/shared';
import type { KpiAttentionOrder } from '@fbo/shared/schemas/kpis';
import { csvLines, type CsvCell } from '@fbo/shared/domain/csv';
import { formatDateTime } from '../../components/DateTime';
import { AGENCY_CARDS, kpiDelta } from './kpi-format';

/** What the export names beside the figures: the filters the page had. */
export interface KpiExportContext {
  sellerTeam?: string;
  catalogType?: string;
}

/** The totals the profit dashboard shows beside the cards. */
const MORE_TOTALS = [
  ['ordersFulfilled', 'Orders fulfilled'], ['sales', 'Sales'], ['charged', 'Costs charged'], ['refunded', 'Refunds'], ['profit', 'Profit earned'],
  ['shipped', 'Orders shipped'], ['onTime', 'Orders shipped on time'],
] as const;

const attentionRows = (rows: readonly KpiAttentionOrder[]): CsvCell[][] =>
  rows.map((o) => [o.orderName, o.sellerTeamName, o.status, formatDateTime(o.since), o.dueAt ? formatDateTime(o.dueAt) : '']);

/**
 * Every figure the KPIs page shows, as CSV sections one under the other: the totals against the previous period, the
 * days, the top teams and catalogs, the late and stuck orders. Amounts in dollars, shares as 0..1; every cell
 * formula-safe (a team named "=cmd" stays text).
 */
export function kpiCsv(d: ProfitDashboard, context: KpiExportContext): string {
  const statuses = ORDER_STATUSES.filter((s) => d.days.some((day) => (day.byStatus[s] ?? 0) > 0));
  const rows: CsvCell[][] = [
    ['KPIs', `${d.dateFrom} to ${d.dateTo}`],
    ['Previous period', `${d.previous.dateFrom} to ${d.previous.dateTo}`],
    ['Seller team', context.sellerTeam ?? 'All seller teams'],
    ['Catalog type', context.catalogType ?? 'All types'],
    [],
    ['Figure', 'This period', 'Previous period', 'Change'],
    ...AGENCY_CARDS.map((f) => [f.title, d.totals[f.key], d.previous.totals[f.key], kpiDelta(f, d.totals[f.key], d.previous.totals[f.key])?.label ?? '']),
    ...MORE_TOTALS.map(([key, title]) => [title, d.totals[key], d.previous.totals[key], '']),
    [],
    ['Date', 'Orders', ...statuses, 'Customer sales', 'Revenue', 'Cost', 'Margin', 'Shipped', 'On time', 'Orders fulfilled', 'Sales', 'Charged', 'Refunded', 'Profit'],
    ...d.days.map((day) => [
      day.date, day.orders, ...statuses.map((s) => day.byStatus[s] ?? 0), day.customerSales, day.revenue, day.cost, day.margin,
      day.shipped, day.onTime, day.ordersFulfilled, day.sales, day.charged, day.refunded, day.profit,
    ]),
    [],
    ['Top seller teams', 'Revenue', 'Cost', 'Margin', 'Units', 'Orders'],
    ...d.topTeams.map((t) => [t.name, t.revenue, t.cost, t.margin, t.units, t.orders]),
    [],
    ['Top catalogs', 'Charged', 'Cost', 'Margin', 'Units'],
    ...d.topCatalogs.map((c) => [c.name, c.charged, c.cost, c.margin, c.units]),
    [],
    ['Late orders', 'Seller team', 'Status', 'Approved', 'Due'],
    ...attentionRows(d.attention.late),
    [],
    [`Stuck orders (hold over ${d.attention.stuckDays} days)`, 'Seller team', 'Status', 'On hold since', ''],
    ...attentionRows(d.attention.stuck),
  ];
  return csvLines(rows);
}

/** Saves the CSV (with a BOM, so Excel reads accents) as kpis-<from>-<to>.csv. */
export function downloadKpiCsv(d: ProfitDashboard, context: KpiExportContext): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${kpiCsv(d, context)}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `kpis-${d.dateFrom}-${d.dateTo}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
