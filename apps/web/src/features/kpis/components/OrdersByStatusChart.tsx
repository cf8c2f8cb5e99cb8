import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { TableColumnsType } from 'antd';
import { ORDER_STATUSES, type OrderStatus, type ProfitDashboardDay } from '@fbo/shared';
import { orderStatusLabel } from '../../../entities/order';
import { ChartFrame } from './ChartFrame';
import { chartStyles, shortDay, useChartTheme } from './chartTheme';

type Row = { date: string; orders: number } & Partial<Record<OrderStatus, number>>;
const count = (v: number | undefined) => (v ?? 0).toLocaleString('en-US');

/** The statuses any day of the range has, in the order machine's order. */
function statusesOf(days: readonly ProfitDashboardDay[]): OrderStatus[] {
  return ORDER_STATUSES.filter((s) => days.some((d) => (d.byStatus[s] ?? 0) > 0));
}

export function ordersByStatusSummary(days: readonly ProfitDashboardDay[], statuses: readonly OrderStatus[]): string {
  if (days.length === 0) return 'No orders';
  const total = days.reduce((sum, d) => sum + d.orders, 0);
  const per = statuses.map((s) => `${orderStatusLabel(s)} ${count(days.reduce((sum, d) => sum + (d.byStatus[s] ?? 0), 0))}`);
  const busiest = days.reduce((best, d) => (d.orders > best.orders ? d : best), days[0]!);
  return (
    `Orders per day by status, ${days[0]!.date} to ${days[days.length - 1]!.date}: ${count(total)} orders` +
    (per.length ? `; now ${per.join(', ')}` : '') +
    (busiest.orders > 0 ? `; busiest day ${busiest.date} with ${count(busiest.orders)}.` : '.')
  );
}

/** Orders created per day, stacked by the status they have now (the agency's KPIs and the seller's profit page). */
export function OrdersByStatusChart({ days, loading, headingLevel }: { days: readonly ProfitDashboardDay[]; loading?: boolean; headingLevel?: 2 | 3 }) {
  const c = useChartTheme();
  const styles = chartStyles(c);
  const statuses = statusesOf(days);
  const rows: Row[] = days.map((d) => ({ date: d.date, orders: d.orders, ...d.byStatus }));
  const columns: TableColumnsType<Row> = [
    { title: 'Date', dataIndex: 'date', fixed: 'left' },
    { title: 'Orders', dataIndex: 'orders', align: 'right', render: count },
    ...statuses.map((s) => ({ title: orderStatusLabel(s), dataIndex: s, align: 'right' as const, render: count })),
  ];
  return (
    <ChartFrame
      title="Orders per day by status"
      summary={ordersByStatusSummary(days, statuses)}
      columns={columns}
      rows={rows}
      rowKey="date"
      empty={days.every((d) => d.orders === 0)}
      emptyText="No orders in this range"
      loading={loading}
      headingLevel={headingLevel}
    >
      <BarChart responsive accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} style={{ width: '100%', height: '100%' }}>
        <CartesianGrid stroke={c.grid} vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDay} tick={styles.tick} stroke={c.grid} minTickGap={16} />
        <YAxis allowDecimals={false} tick={styles.tick} stroke={c.grid} width={40} />
        <Tooltip {...styles.tooltip} cursor={{ fill: c.grid }} />
        <Legend {...styles.legend} />
        {statuses.map((s) => (
          <Bar key={s} dataKey={s} name={orderStatusLabel(s)} stackId="status" fill={c.status[s]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}
