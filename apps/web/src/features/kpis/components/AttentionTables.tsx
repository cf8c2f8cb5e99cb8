import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Col, Empty, InputNumber, Row, Table, type TableColumnsType } from 'antd';
import { routePath, type OrderStatus } from '@fbo/shared';
import { KPI_ATTENTION_LIMIT, type KpiAttentionOrder } from '@fbo/shared/schemas/kpis';
import { DateTime } from '../../../components/DateTime';
import { OrderStatusTag } from '../../../entities/order';

const orderColumn = { title: 'Order', dataIndex: 'orderName', render: (name: string, row: KpiAttentionOrder) => <Link to={routePath('ag-order-detail', { id: row.id })}>{name}</Link> };
const common: TableColumnsType<KpiAttentionOrder> = [
  orderColumn,
  { title: 'Seller team', dataIndex: 'sellerTeamName' },
  { title: 'Status', dataIndex: 'status', render: (status: OrderStatus) => <OrderStatusTag status={status} /> },
];
const lateColumns: TableColumnsType<KpiAttentionOrder> = [
  ...common,
  { title: 'Approved', dataIndex: 'since', render: (v: string) => <DateTime value={v} /> },
  { title: 'Due', dataIndex: 'dueAt', render: (v: string | null) => <DateTime value={v} /> },
];
const stuckColumns: TableColumnsType<KpiAttentionOrder> = [...common, { title: 'On hold since', dataIndex: 'since', render: (v: string) => <DateTime value={v} /> }];

function AttentionTable({ title, note, rows, columns, extra, loading }: { title: string; note: string; rows: readonly KpiAttentionOrder[]; columns: TableColumnsType<KpiAttentionOrder>; extra?: ReactNode; loading?: boolean }) {
  const heading = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <Card size="small" role="region" aria-labelledby={heading} title={<h2 id={heading} style={{ fontSize: 16, margin: 0 }}>{title} ({rows.length}{rows.length >= KPI_ATTENTION_LIMIT ? '+' : ''})</h2>} extra={extra} style={{ height: '100%' }}>
      <p style={{ marginTop: 0 }}>{note}</p>
      <Table<KpiAttentionOrder>
        size="small"
        aria-label={title}
        rowKey="id"
        columns={columns}
        dataSource={rows as KpiAttentionOrder[]}
        loading={loading}
        pagination={{ pageSize: 5, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No ${title.toLowerCase()}`} /> }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

/**
 * Orders that need someone now, whatever the period: late ones (approved, past their production time, not shipped)
 * and stuck ones (on hold longer than the threshold the InputNumber sets, 1 to 90 days). Each opens its order page.
 */
export function AttentionTables({ late, stuck, stuckDays, onStuckDays, loading }: { late: readonly KpiAttentionOrder[]; stuck: readonly KpiAttentionOrder[]; stuckDays: number; onStuckDays: (days: number) => void; loading?: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <AttentionTable title="Late orders" note="Approved, not shipped, past their production time." rows={late} columns={lateColumns} loading={loading} />
      </Col>
      <Col span={24}>
        <AttentionTable
          title="Stuck orders"
          note={`On hold for more than ${stuckDays} ${stuckDays === 1 ? 'day' : 'days'}.`}
          rows={stuck}
          columns={stuckColumns}
          loading={loading}
          extra={
            <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <label htmlFor="kpi-stuck-days">Hold older than (days)</label>
              <InputNumber id="kpi-stuck-days" size="small" min={1} max={90} precision={0} value={stuckDays} onChange={(v) => { if (typeof v === 'number' && v >= 1 && v <= 90) onStuckDays(v); }} style={{ width: 72 }} />
            </span>
          }
        />
      </Col>
    </Row>
  );
}
