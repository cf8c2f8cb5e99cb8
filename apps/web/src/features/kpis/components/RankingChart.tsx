import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { Radio, type TableColumnsType } from 'antd';
import { formatUsd } from '@fbo/shared/domain/money';
import { CHART_HEIGHT, ChartFrame } from './ChartFrame';
import { chartStyles, useChartTheme } from './chartTheme';

export type RankingMetric = 'margin' | 'units';
export interface RankedItem {
  key: string;
  name: string;
  margin: number;
  units: number;
}

const METRICS: { value: RankingMetric; label: string }[] = [
  { value: 'margin', label: 'By margin' },
  { value: 'units', label: 'By units' },
];
const formatMetric = (metric: RankingMetric, v: number) => (metric === 'margin' ? formatUsd(v) : `${v.toLocaleString('en-US')} units`);
/** Long names are cut on the axis, on one line; the tooltip, the table and the summary keep them whole. */
const NAME_CHARS = 20;
const shortName = (name: string) => (name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}\u2026` : name);

function NameTick({ x, y, payload, fill, fontSize }: { x?: number | string; y?: number | string; payload?: { value: string }; fill: string; fontSize: number }) {
  return (
    <text x={Number(x)} y={Number(y)} dy={4} textAnchor="end" fill={fill} fontSize={fontSize}>
      {shortName(payload?.value ?? '')}
    </text>
  );
}

export function rankingSummary(title: string, items: readonly RankedItem[], metric: RankingMetric): string {
  if (items.length === 0) return `${title}: none`;
  return `${title} ${metric === 'margin' ? 'by margin' : 'by units'}: ${items.map((i) => `${i.name} ${formatMetric(metric, i[metric])}`).join(', ')}.`;
}

/**
 * A top-N bar chart (seller teams, catalogs) with its By margin / By units switch: horizontal bars, names on the axis,
 * sorted by the metric shown.
 */
export function RankingChart<T extends RankedItem>({
  title,
  items,
  columns,
  initialMetric = 'margin',
  emptyText,
  loading,
  headingLevel,
}: {
  title: string;
  items: readonly T[];
  columns: TableColumnsType<T>;
  initialMetric?: RankingMetric;
  emptyText: string;
  loading?: boolean;
  headingLevel?: 2 | 3;
}) {
  const [metric, setMetric] = useState<RankingMetric>(initialMetric);
  const c = useChartTheme();
  const styles = chartStyles(c);
  const sorted = [...items].sort((a, b) => b[metric] - a[metric]);
  const height = Math.min(CHART_HEIGHT, Math.max(120, sorted.length * 24 + 40));
  return (
    <ChartFrame
      title={title}
      summary={rankingSummary(title, sorted, metric)}
      columns={columns}
      rows={sorted}
      rowKey="key"
      empty={items.length === 0}
      emptyText={emptyText}
      loading={loading}
      height={height}
      headingLevel={headingLevel}
      extra={
        <Radio.Group
          size="small"
          optionType="button"
          aria-label={`${title}: order by`}
          value={metric}
          options={METRICS}
          onChange={(e) => setMetric(e.target.value as RankingMetric)}
        />
      }
    >
      <BarChart
        responsive
        accessibilityLayer={false}
        layout="vertical"
        data={sorted}
        margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
        style={{ width: '100%', height: '100%' }}
      >
        <CartesianGrid stroke={c.grid} horizontal={false} />
        <XAxis type="number" tick={styles.tick} stroke={c.grid} allowDecimals={metric === 'margin'} tickFormatter={(v: number) => (metric === 'margin' ? `$${v.toLocaleString('en-US')}` : v.toLocaleString('en-US'))} />
        <YAxis type="category" dataKey="name" tick={(props: object) => <NameTick {...props} fill={c.axis} fontSize={c.fontSize} />} stroke={c.grid} width={150} interval={0} />
        <Tooltip {...styles.tooltip} cursor={{ fill: c.grid }} formatter={(v) => formatMetric(metric, Number(v))} />
        <Bar dataKey={metric} name={metric === 'margin' ? 'Margin' : 'Units'} fill={c.bar} isAnimationActive={false} barSize={16} />
      </BarChart>
    </ChartFrame>
  );
}
