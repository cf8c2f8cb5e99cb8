import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Collapse, Radio, Row, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import type { ProfitDashboardDay } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { formatUsd } from '@fbo/shared/domain/money';
import { useSessionState } from '../../../hooks/useSessionState';
import { profitDashboardQuery } from '../profits.api';

const RANGES = [7, 30, 90] as const;
type Range = (typeof RANGES)[number];
const DAY_MS = 86_400_000;

/** The last `days` UTC days, today included (the server counts days in UTC too). */
function lastDays(days: number) {
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { dateFrom: from, dateTo: today };
}

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
 * The profit dashboard of /s/profit-detail: totals of the last 7, 30 (default) or 90 days and
 * (folded) the days that had any activity, newest first. The range is kept for the tab's life.
 */
export function ProfitDashboard() {
  const [range, setRange] = useSessionState<Range>('profit-dashboard-range', 30);
  const query = useQuery(profitDashboardQuery(lastDays(range)));
  const d = query.data;
  const active = (d?.days ?? []).filter((x) => x.ordersFulfilled || x.sales || x.charged || x.refunded || x.profit).reverse();
  const stat = { precision: 2, prefix: '$', loading: query.isLoading, groupSeparator: ',' } as const;
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>Dashboard</Typography.Title>}
      extra={
        <Radio.Group
          aria-label="Dashboard range"
          optionType="button"
          size="small"
          value={range}
          options={RANGES.map((n) => ({ value: n, label: `Last ${n} days` }))}
          onChange={(e) => setRange(e.target.value as Range)}
        />
      }
    >
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} /> : null}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={8} xl={4}>
          <Statistic title="Orders fulfilled" value={d?.totals.ordersFulfilled ?? 0} loading={query.isLoading} groupSeparator="," />
        </Col>
        <Col xs={12} md={8} xl={5}>
          <Statistic title="Sales" value={d?.totals.sales ?? 0} {...stat} />
        </Col>
        <Col xs={12} md={8} xl={5}>
          <Statistic title="Costs charged" value={d?.totals.charged ?? 0} {...stat} />
        </Col>
        <Col xs={12} md={8} xl={5}>
          <Statistic title="Refunds" value={d?.totals.refunded ?? 0} {...stat} />
        </Col>
        <Col xs={12} md={8} xl={5}>
          <Statistic title="Profit earned" value={d?.totals.profit ?? 0} {...stat} />
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
