import { Card, Statistic, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { KpiRangeTotals } from '@fbo/shared/schemas/kpis';
import { formatKpi, kpiDelta, type KpiFigure } from '../kpi-format';

interface StatProps {
  figure: KpiFigure;
  totals?: KpiRangeTotals;
  previous?: KpiRangeTotals;
  loading?: boolean;
}

/** One figure of the range, and its change from the previous period: green when good news, red when bad. */
export function KpiStatistic({ figure, totals, previous, loading }: StatProps) {
  const value = totals ? totals[figure.key] : null;
  const delta = totals && previous ? kpiDelta(figure, totals[figure.key], previous[figure.key]) : null;
  const type = delta?.good === true ? 'success' : delta?.good === false ? 'danger' : 'secondary';
  return (
    <>
      <Statistic title={figure.title} value={formatKpi(value, figure.format)} loading={loading} />
      {loading || !totals ? null : (
        <Typography.Text type={type} style={{ fontSize: 12 }} data-testid={`delta-${figure.key}`}>
          {delta ? (
            <>
              <span aria-hidden="true">
                {delta.direction === 'up' ? <ArrowUpOutlined /> : delta.direction === 'down' ? <ArrowDownOutlined /> : null} {delta.text} vs previous period
              </span>
              <span className="visually-hidden">{delta.label}</span>
            </>
          ) : (
            'No previous figure'
          )}
        </Typography.Text>
      )}
    </>
  );
}

export function KpiStatCard(props: StatProps) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <KpiStatistic {...props} />
    </Card>
  );
}

/** The cards in a grid that wraps: five a line on a laptop screen, two on a phone. */
export function KpiStatCards({ figures, totals, previous, loading }: { figures: readonly KpiFigure[]; totals?: KpiRangeTotals; previous?: KpiRangeTotals; loading?: boolean }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(210px, 45%), 1fr))', gap: 12, marginBottom: 16 }}>
      {figures.map((figure) => (
        <KpiStatCard key={figure.key} figure={figure} totals={totals} previous={previous} loading={loading} />
      ))}
    </div>
  );
}
