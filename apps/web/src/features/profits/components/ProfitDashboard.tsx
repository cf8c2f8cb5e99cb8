import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Collapse, Row, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import type { ProfitDashboardDay } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { formatUsd } from '@fbo/shared/domain/money';
import { useSessionState } from '../../../hooks/useSessionState';
import { DEFAULT_PERIOD, KPI_FIGURES, KpiPeriodControl, KpiStatistic, OrdersByStatusChart, TopCatalogsChart, kpiDashboardQuery, periodDays, type KpiPeriod } from '../../kpis';

const money = (v: number) => formatUsd(v);
const columns: TableColumnsType<ProfitDashboardDay> = [
  { title: 'Date', dataIndex: 'date' },
  { title: 'Orders fulfilled', dataIndex: 'ordersFulfilled', align: 'right' },
  { title: 'Sales', dataIndex: 'sales', align: 'right', render: money },
  { title: 'Costs charged', dataIndex: 'charged', align: 'right', render: money },
  { title: 'Refunds', dataIndex: 'refunded', align: 'right', render: money },
  { title: 'Profit earned', dataIndex: 'profit', align: 'right', render: money },
];

/**
 * The profit dashboard of /s/profit-detail: totals of the last week, month (default), 3 months or custom days, the
 * share shipped on time against the period before, the team's orders per day by status and top products (the KPIs'
 * roll-ups, features/kpis), and (folded) the days that had any activity, newest first. The period is kept for the tab's life.
 */
export function ProfitDashboard() {
  const [period, setPeriod] = useSessionState<KpiPeriod>('profit-dashboard-period', DEFAULT_PERIOD);
  const query = useQuery(kpiDashboardQuery(periodDays(period)));
  const d = query.data;
  const active = (d?.days ?? []).filter((x) => x.ordersFulfilled || x.sales || x.charged || x.refunded || x.profit).reverse();
  const stat = { precision: 2, prefix: '$', loading: query.isLoading, groupSeparator: ',' } as const;
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>Dashboard</Typography.Title>}
    >
      <div className="filter-bar">
        <KpiPeriodControl id="profit-dashboard-range" value={period} onChange={setPeriod} />
      </div>
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} /> : null}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={8} xl={4}>
          <Statistic title="Orders fulfilled" value={d?.totals.ordersFulfilled ?? 0} loading={query.isLoading} groupSeparator="," />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Statistic title="Sales" value={d?.totals.sales ?? 0} {...stat} />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Statistic title="Costs charged" value={d?.totals.charged ?? 0} {...stat} />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Statistic title="Refunds" value={d?.totals.refunded ?? 0} {...stat} />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Statistic title="Profit earned" value={d?.totals.profit ?? 0} {...stat} />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <KpiStatistic figure={KPI_FIGURES.onTimeShare} totals={d?.totals} previous={d?.previous.totals} loading={query.isLoading} />
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} xl={14}>
          <OrdersByStatusChart days={d?.days ?? []} loading={query.isLoading} headingLevel={3} />
        </Col>
        <Col xs={24} xl={10}>
          <TopCatalogsChart title="Top products" catalogs={d?.topCatalogs ?? []} initialMetric="units" loading={query.isLoading} headingLevel={3} />
        </Col>
      </Row>
      {/* Folded by default: the page's main table stays the entries; the days render when opened. */}
      <Collapse
        size="small"
        items={[{
          key: 'days',
          label: 'Per day',
          children: (
            <Table<ProfitDashboardDay>
              size="small"
              rowKey="date"
              aria-label="Profit per day"
              columns={columns}
              dataSource={active}
              loading={query.isFetching}
              pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
              locale={{ emptyText: 'No activity in this period' }}
            />
          ),
        }]}
      />
    </Card>
  );
}
