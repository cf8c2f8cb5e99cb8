import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { CHANGE_REASON_LABELS, type ChangeStatus } from '@fbo/shared/domain/order-changes';
import type { ChangeRequest } from '@fbo/shared/schemas/order-changes';
import type { OrderDetail } from '@fbo/shared/schemas/order-detail';
import { DateTime } from '../../../components/DateTime';
import { changeRequestsQuery, orderChangesApi } from '../order-changes.api';
import { ChangeSkuDialog } from './ChangeSkuDialog';
import { RequestChangeDialog } from './RequestChangeDialog';
import { useWrite } from '../../../hooks/useWrite';
import { ORDER_SIDE_WRITE } from '../../../entities/order';

const STATUS_COLOR: Record<ChangeStatus, string> = { pending: 'processing', approved: 'success', canceled: 'default' };

/** Where the seller may ask for a change (spec part 2 section 7); the server checks it again. */
function acceptsRequests(order: OrderDetail): boolean {
  if (order.status === 'Approved') return true;
  if (order.status === 'Hold') return order.holdFromStatus === 'Approved';
  return order.status === 'InProduction' && order.shipments.length === 0;
}
const SKU_EDITABLE = ['Unfulfilled', 'InReview', 'Approved', 'Hold', 'Rejected', 'InProduction'];

/**
 * The order's change requests. The seller asks ('Request change') and may cancel its own pending
 * one; the agency approves (the change is applied) or cancels, and may change an item's SKU
 * directly after previewing the price difference.
 */
export function ChangeRequestsCard({ order, area }: { order: OrderDetail; area: 'ag' | 's' | 'ds' }) {
  const { modal, message } = App.useApp();
  const { run: write } = useWrite(ORDER_SIDE_WRITE);
  const [dialog, setDialog] = useState<'request' | 'sku' | null>(null);
  const query = useQuery({ ...changeRequestsQuery(order.id), enabled: area !== 'ds' });
  if (area === 'ds') return null;
  const sellerActs = area === 's' && order.can.addNote;
  const agencyActs = area === 'ag' && order.can.internalNote;

  function resolve(row: ChangeRequest, status: 'approved' | 'canceled') {
    const action = status === 'approved' ? 'approve' : 'cancel';
    modal.confirm({
      title: `Are you sure to ${action} this record?`,
      okText: 'Yes',
      cancelText: 'No',
      onOk: () => write(() => orderChangesApi.resolve({ id: row.id, status })),
      onCancel: () => void message.info('Cancel action!'),
    });
  }

  const extra = (
    <Space>
      {sellerActs && acceptsRequests(order) ? <Button size="small" onClick={() => setDialog('request')}>Request change</Button> : null}
      {agencyActs && SKU_EDITABLE.includes(order.status) && order.shipments.length === 0 ? (
        <Button size="small" onClick={() => setDialog('sku')}>Change SKU</Button>
      ) : null}
    </Space>
  );

  return (
    <Card title="Change requests" extra={extra}>
      <Table<ChangeRequest>
        rowKey="id"
        size="small"
        pagination={false}
        loading={query.isLoading}
        dataSource={query.data ?? []}
        // antd's placeholder grey fails contrast (axe); the text keeps the body colour.
        locale={{ emptyText: <Typography.Text>No change requests</Typography.Text> }}
        columns={[
          { title: 'Created', dataIndex: 'createdDate', key: 'created', render: (v: string) => <DateTime value={v} /> },
          { title: 'Item', dataIndex: 'itemSku', key: 'item', render: (v: string | null) => v ?? '—' },
          { title: 'Reason', dataIndex: 'reason', key: 'reason', render: (v: ChangeRequest['reason']) => CHANGE_REASON_LABELS[v] },
          {
            title: 'Change',
            key: 'change',
            render: (_, row) => (
              <>
                <div>{row.note}</div>
                {row.payload.sku ? <div>New SKU: {row.payload.sku}</div> : null}
                {Object.entries(row.payload.artworks ?? {}).map(([slot, url]) => (
                  <div key={slot}>{slot}: {url}</div>
                ))}
              </>
            ),
          },
          { title: 'Status', dataIndex: 'status', key: 'status', render: (v: ChangeStatus) => <Tag color={STATUS_COLOR[v]}>{v}</Tag> },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, row) => {
              if (row.status !== 'pending') return null;
              if (agencyActs) {
                return (
                  <Space>
                    <Button size="small" type="primary" onClick={() => resolve(row, 'approved')}>Approve</Button>
                    <Button size="small" danger onClick={() => resolve(row, 'canceled')}>Cancel</Button>
                  </Space>
                );
              }
              return sellerActs ? <Button size="small" danger onClick={() => resolve(row, 'canceled')}>Cancel</Button> : null;
            },
          },
        ]}
      />
      {dialog === 'request' ? <RequestChangeDialog order={order} onClose={() => setDialog(null)} /> : null}
      {dialog === 'sku' ? <ChangeSkuDialog order={order} onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}
