import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { TableColumnsType } from 'antd';
import type { ProfitDashboardDay } from '@fbo/shared';
import { formatUsd } from '@fbo/shared/domain/money';
import { ChartFrame } from './ChartFrame';
import { chartStyles, shortDay, useChartTheme } from './chartTheme';

const SERIES = [
  { key: 'revenue', name: 'Revenue' },
  { key: 'cost', name: 'Cost' },
  { key: 'margin', name: 'Margin' },
] as const;

/** "$1.2k", "-$100": axis ticks stay narrow. */
function compactUsd(v: number): string {
  const abs = Math.abs(v);
  const text = abs >= 1000 ? `${(abs / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k` : abs.toLocaleString('en-US', { maximumFractionDigits: 0 });
  return `${v < 0 ? '-' : ''}$${text}`;
}

export function moneySummary(days: readonly ProfitDashboardDay[]): string {
  if (days.length === 0) return 'No figures';
  const sum = (key: 'revenue' | 'cost' | 'margin') => days.reduce((s, d) => s + d[key], 0);
  const best = days.reduce((b, d) => (d.margin > b.margin ? d : b), days[0]!);
  return (
    `Revenue, cost and margin per day, ${days[0]!.date} to ${days[days.length - 1]!.date}: revenue ${formatUsd(sum('revenue'))}, ` +
    `cost ${formatUsd(sum('cost'))}, margin ${formatUsd(sum('margin'))}; best margin ${formatUsd(best.margin)} on ${best.date}.`
  );
}

/** Revenue, cost and margin per day, three lines in the theme's primary, warning and success colours. */
export function MoneyPerDayChart({ days, loading }: { days: readonly ProfitDashboardDay[]; loading?: boolean }) {
  const c = useChartTheme();
  const styles = chartStyles(c);
  const columns: TableColumnsType<ProfitDashboardDay> = [
    { title: 'Date', dataIndex: 'date', fixed: 'left' },
    ...SERIES.map((s) => ({ title: s.name, dataIndex: s.key, align: 'right' as const, render: (v: number) => formatUsd(v) })),
  ];
  return (
    <ChartFrame
      title="Revenue, cost and margin per day"
      summary={moneySummary(days)}
      columns={columns}
      rows={days}
      rowKey="date"
      empty={days.every((d) => d.revenue === 0 && d.cost === 0)}
      emptyText="No charges in this range"
      loading={loading}
    >
      <LineChart responsive accessibilityLayer={false} data={days as ProfitDashboardDay[]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} style={{ width: '100%', height: '100%' }}>
        <CartesianGrid stroke={c.grid} vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDay} tick={styles.tick} stroke={c.grid} minTickGap={16} />
        <YAxis tickFormatter={compactUsd} tick={styles.tick} stroke={c.grid} width={56} />
        <Tooltip {...styles.tooltip} formatter={(v) => formatUsd(Number(v))} />
        <Legend {...styles.legend} />
        {SERIES.map((s) => (
          <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={c[s.key]} strokeWidth={2} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    </ChartFrame>
  );
}
