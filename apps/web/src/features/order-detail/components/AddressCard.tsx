import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Tag } from 'antd';
import type { OrderDetail } from '@fbo/shared/schemas/order-detail';
import { orderDetailApi } from '../order-detail.api';
import { AddressDialog } from './AddressDialog';
import { AddressStatusTag } from './AddressStatusTag';
import { useWrite } from '../../../hooks/useWrite';
import { ORDER_DETAIL_WRITE } from '../../../entities/order';

/** Shipping address with its check status and problems; Edit, Confirm (Verified) and Check. */
export function AddressCard({ order }: { order: OrderDetail }) {
  const { run: write } = useWrite(ORDER_DETAIL_WRITE);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<'confirm' | 'check' | null>(null);
  const run = async (kind: 'confirm' | 'check') => {
    setBusy(kind);
    await write(() => (kind === 'confirm' ? orderDetailApi.confirmAddress(order.id) : orderDetailApi.checkAddress(order.id)));
    setBusy(null);
  };

  return (
    <Card
      title={<Space>Shipping address <AddressStatusTag status={order.addressStatus} />{order.cannotShip ? <Tag color="error">Cannot ship</Tag> : null}</Space>}
      // The buttons sit in the card's footer: in the narrow column they would cover the title's tags.
      actions={
        order.can.editAddress
          ? [
              <Button key="edit" type="link" onClick={() => setEditing(true)}>Edit</Button>,
              ...(order.can.confirmAddress ? [<Button key="confirm" type="link" loading={busy === 'confirm'} onClick={() => void run('confirm')}>Confirm</Button>] : []),
              <Button key="check" type="link" loading={busy === 'check'} onClick={() => void run('check')}>Check</Button>,
            ]
          : undefined
      }
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: 'Full name', children: order.fullName || '—' },
          { key: 'a1', label: 'Address 1', children: order.address1 || '—' },
          { key: 'a2', label: 'Address 2', children: order.address2 || '—' },
          { key: 'city', label: 'City', children: order.city || '—' },
          { key: 'prov', label: 'State / Province', children: order.province || '—' },
          { key: 'zip', label: 'Zip code', children: order.zipCode || '—' },
          { key: 'country', label: 'Country', children: [order.country, order.countryCode].filter(Boolean).join(' / ') || '—' },
          { key: 'phone', label: 'Phone', children: order.phone || '—' },
        ]}
      />
      {order.addressProblems.length ? (
        <Alert
          style={{ marginTop: 12 }}
          type={order.addressStatus === 2 ? 'info' : 'warning'}
          title={order.addressStatus === 2 ? 'Confirmed by a person despite:' : 'Address problems'}
          description={<ul style={{ margin: 0, paddingInlineStart: 18 }}>{order.addressProblems.map((p) => <li key={p}>{p}</li>)}</ul>}
        />
      ) : null}
      {editing ? <AddressDialog order={order} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}
