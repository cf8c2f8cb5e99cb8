import { Card, Table, type TableColumnsType } from 'antd';
import type { RefundOverview, RefundRecord } from '@fbo/shared/schemas/refunds';
import { DateTime } from '../../../components/DateTime';
import { usd } from '../../../entities/order';

/** The refunds made so far, newest first, each with its items (by SKU) and who made it. */
export function RefundHistory({ overview }: { overview: RefundOverview['data'] }) {
  const sku = new Map(overview.items.map((i) => [i.id, i.sku]));
  const columns: TableColumnsType<RefundRecord> = [
    { key: 'date', title: 'Date', render: (_, r) => <DateTime value={r.createdAt} /> },
    { key: 'amount', title: 'Amount', align: 'right', render: (_, r) => usd(r.amount) },
    {
      key: 'items',
      title: 'Items',
      render: (_, r) => (r.items.length === 0 ? 'Whole order' : r.items.map((i) => `${sku.get(i.orderItemId) ?? 'item'} x ${i.quantity}`).join(', ')),
    },
    { key: 'reason', title: 'Reason', dataIndex: 'reason' },
    { key: 'by', title: 'By', dataIndex: 'actorEmail' },
  ];
  return (
    <Card title="Refunds">
      {/* A plain sentence rather than the table's grey placeholder, which fails contrast. */}
      {overview.refunds.length === 0 ? (
        <p>No refund yet.</p>
      ) : (
        <Table rowKey="id" size="small" columns={columns} dataSource={overview.refunds} pagination={false} scroll={{ x: true }} />
      )}
    </Card>
  );
}
