import { Card, Table, Tag } from 'antd';
import type { OrderDetail } from '@fbo/shared/schemas/order-detail';
import { DateTime } from '../../../components/DateTime';
import { orderStatusLabel } from '../../../entities/order';

type Shipment = OrderDetail['shipments'][number];

/** Tracking: the order's parcels (read-only here; the tracking pages add them). */
export function ShipmentsCard({ order }: { order: OrderDetail }) {
  if (order.shipments.length === 0) {
    return (
      <Card title="Tracking">
        <p>No shipment yet.</p>
      </Card>
    );
  }
  return (
    <Card title="Tracking">
      <Table<Shipment>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={order.shipments}
        columns={[
          {
            title: 'Tracking number',
            key: 'number',
            render: (_, s) => (s.trackingUrl ? <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer">{s.trackingNumber}</a> : s.trackingNumber),
          },
          { title: 'Carrier', dataIndex: 'carrier', key: 'carrier' },
          { title: 'Items', key: 'items', align: 'right', render: (_, s) => s.itemIds.length },
          { title: 'Status', dataIndex: 'status', key: 'status', render: (v: string) => <Tag>{orderStatusLabel(v)}</Tag> },
          { title: 'Store sync', dataIndex: 'syncStatus', key: 'sync' },
          { title: 'Created', dataIndex: 'createdDate', key: 'created', render: (v: string) => <DateTime value={v} /> },
        ]}
      />
    </Card>
  );
}
