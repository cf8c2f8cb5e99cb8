import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, InputNumber, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { can, isWarehouseOperator, type InboundDetail, type InboundLine } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { DateTime } from '../../../components/DateTime';
import { useSession } from '../../../entities/session';
import { useIdempotencyKey } from '../../../hooks/useIdempotencyKey';
import { useWrite } from '../../../hooks/useWrite';
import { sellerWarehouseKeys } from '../seller/sellerWarehouses.api';
import { inboundApi, inboundDetailQuery, inboundKeys, type InboundWriteAnswer } from './inbound.api';
import { InboundStatusTag } from './InboundStatusTag';

const n = (v: number) => v.toLocaleString('en-US');
const remainingOf = (l: InboundLine) => Math.max(l.declared - l.received, 0);

function Discrepancy({ value }: { value: number }) {
  if (value === 0) return <span>0</span>;
  return <span className="inbound-discrepancy">{value > 0 ? `+${n(value)}` : n(value)}</span>;
}

function lineColumns(counting: boolean, counts: Record<string, number | null>, setCount: (id: string, v: number | null) => void): TableColumnsType<InboundLine> {
  return [
    { title: 'SKU', dataIndex: 'sku' },
    { title: 'Product', dataIndex: 'name' },
    { title: 'Declared', dataIndex: 'declared', align: 'right', render: n },
    { title: 'Received', dataIndex: 'received', align: 'right', render: n },
    { title: 'Discrepancy', dataIndex: 'discrepancy', align: 'right', render: (v: number) => <Discrepancy value={v} /> },
    ...(counting
      ? [{
          title: 'Arrived now',
          key: 'count',
          render: (_: unknown, l: InboundLine) => (
            <InputNumber aria-label={`Units of ${l.sku} arrived now`} min={0} max={100_000} precision={0} value={counts[l.id] ?? null} onChange={(v) => setCount(l.id, v)} style={{ width: 120 }} />
          ),
        }]
      : []),
  ];
}

/**
 * One inbound shipment: its lines with declared, received and the discrepancy (red when they differ), and what the
 * viewer may do: the owning team marks it in transit or cancels it; the warehouse counts what arrived and closes it.
 */
export function InboundDetailDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { actor } = useSession();
  const { modal, message } = App.useApp();
  const query = useQuery(inboundDetailQuery(id));
  const { run, busy } = useWrite<InboundWriteAnswer>({ refresh: [inboundKeys.all, sellerWarehouseKeys.all] });
  const countKey = useIdempotencyKey();
  const [counts, setCounts] = useState<Record<string, number | null> | null>(null);
  const s = query.data;
  const owner = can(actor, 'warehouseProducts.manage') && !(actor && isWarehouseOperator(actor));
  const operator = can(actor, 'warehouse.operate');
  const cancelled = () => void message.info('Cancel action!');

  const confirm = (title: string, content: string, okText: string, call: () => Promise<unknown>, danger = false) =>
    modal.confirm({ title, content, okText, okButtonProps: { danger }, cancelText: 'Back', onOk: call, onCancel: cancelled });

  function startCounting(shipment: InboundDetail) {
    setCounts(Object.fromEntries(shipment.lines.map((l) => [l.id, remainingOf(l)])));
  }

  async function sendCounts(shipment: InboundDetail, chosen: { lineId: string; quantity: number }[]) {
    const answer = await run(() => inboundApi.receive(shipment.id, { countId: countKey.key, counts: chosen }));
    if (answer) {
      countKey.renew();
      setCounts(null);
    }
  }

  function submitCounts(shipment: InboundDetail) {
    const chosen = Object.entries(counts ?? {})
      .filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] >= 1)
      .map(([lineId, quantity]) => ({ lineId, quantity }));
    if (chosen.length === 0) {
      void message.warning('Enter how many units of at least one line arrived');
      return;
    }
    const over = chosen
      .map((c) => ({ c, line: shipment.lines.find((l) => l.id === c.lineId)! }))
      .filter(({ c, line }) => c.quantity > remainingOf(line));
    if (over.length === 0) return void sendCounts(shipment, chosen);
    confirm(
      'More than expected?',
      `${over.map(({ c, line }) => `${line.sku}: ${n(c.quantity)} counted, ${n(remainingOf(line))} still expected`).join('; ')}. The extra units are received and stay a discrepancy.`,
      'Receive',
      () => sendCounts(shipment, chosen),
    );
  }

  const actions = (shipment: InboundDetail) => {
    if (shipment.status === 'closed') return null;
    const buttons = [];
    if (owner && shipment.status === 'declared') {
      buttons.push(
        <Button key="transit" disabled={busy} onClick={() => confirm(`Mark ${shipment.reference} in transit?`, 'The warehouse sees it is on its way.', 'In transit', () => run(() => inboundApi.inTransit(shipment.id)))}>
          In transit
        </Button>,
      );
    }
    if (owner && (shipment.status === 'declared' || shipment.status === 'in_transit') && shipment.receivedUnits === 0) {
      buttons.push(
        <Button key="cancel" danger disabled={busy} onClick={() => confirm(`Cancel ${shipment.reference}?`, 'The shipment is closed as cancelled; the warehouse expects nothing.', 'Cancel shipment', () => run(() => inboundApi.cancel(shipment.id)), true)}>
          Cancel shipment
        </Button>,
      );
    }
    if (operator && counts === null) {
      buttons.push(
        <Button key="receive" type="primary" disabled={busy} onClick={() => startCounting(shipment)}>
          Receive
        </Button>,
        <Button key="close" danger disabled={busy} onClick={() => confirm(`Close ${shipment.reference}?`, 'Nothing more is counted; what did not arrive stays a discrepancy.', 'Close', () => run(() => inboundApi.close(shipment.id)), true)}>
          Close
        </Button>,
      );
    }
    if (operator && counts !== null) {
      buttons.push(
        <Button key="back" onClick={() => setCounts(null)}>
          Back
        </Button>,
        <Button key="save" type="primary" loading={busy} onClick={() => submitCounts(shipment)}>
          Save count
        </Button>,
      );
    }
    return buttons.length ? <Space wrap>{buttons}</Space> : null;
  };

  return (
    <Drawer open size="large" title={s ? `Inbound shipment ${s.reference}` : 'Inbound shipment'} onClose={onClose} destroyOnHidden extra={s ? actions(s) : null}>
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} /> : null}
      {query.isLoading ? <Skeleton active /> : null}
      {s ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label="Status"><InboundStatusTag status={s.status} cancelled={s.cancelled} /></Descriptions.Item>
            <Descriptions.Item label="Warehouse">{s.warehouse.name} ({s.warehouse.code})</Descriptions.Item>
            <Descriptions.Item label="Owner team">{s.ownerTeam.name}</Descriptions.Item>
            <Descriptions.Item label="Carrier">{s.carrier || '—'}</Descriptions.Item>
            <Descriptions.Item label="Tracking number">{s.trackingNumber || '—'}</Descriptions.Item>
            <Descriptions.Item label="Units">{n(s.receivedUnits)} received of {n(s.declaredUnits)} declared</Descriptions.Item>
            <Descriptions.Item label="Created"><DateTime value={s.createdAt} /></Descriptions.Item>
            <Descriptions.Item label="First received"><DateTime value={s.receivedAt} /></Descriptions.Item>
            <Descriptions.Item label="Closed"><DateTime value={s.closedAt} /></Descriptions.Item>
            <Descriptions.Item label="Note" span="filled">{s.note ? <span style={{ whiteSpace: 'pre-wrap' }}>{s.note}</span> : '—'}</Descriptions.Item>
          </Descriptions>
          {counts !== null ? <Alert type="info" showIcon title="Enter the units that arrived now (each line defaults to what is still expected), then Save count." /> : null}
          <Table<InboundLine>
            rowKey="id"
            size="small"
            columns={lineColumns(counts !== null, counts ?? {}, (lineId, v) => setCounts((c) => ({ ...(c ?? {}), [lineId]: v })))}
            dataSource={s.lines}
            pagination={false}
            locale={{ emptyText: 'No lines' }}
          />
        </Space>
      ) : null}
    </Drawer>
  );
}
