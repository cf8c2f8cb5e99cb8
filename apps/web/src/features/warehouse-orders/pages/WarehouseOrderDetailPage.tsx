import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Card, Descriptions, Empty, Image, Skeleton, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { can, routePath } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import type { WarehouseOrderDetail, WarehouseOrderLine } from '@fbo/shared/schemas/warehouse-orders';
import { HttpError } from '../../../api/http';
import { DateTime } from '../../../components/DateTime';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../entities/session';
import { useWrite } from '../../../hooks/useWrite';
import { CannotShipDialog } from '../components/CannotShipDialog';
import { PackingSlipButton } from '../components/PackingSlipButton';
import { ShipDialog } from '../components/ShipDialog';
import { WarehouseOrderStatusTag } from '../components/WarehouseOrderStatusTag';
import { usePackAction } from '../components/usePackAction';
import { warehouseOrderKeys, warehouseOrderQuery, warehouseOrdersApi } from '../warehouse-orders.api';

const METHOD_LABELS: Record<string, string> = { standard: 'Standard', express: 'Express', overnight: 'Overnight' };

const lineColumns: TableColumnsType<WarehouseOrderLine> = [
  {
    title: 'Image',
    key: 'image',
    width: 72,
    render: (_, l) => (l.image ? <Image src={l.image} alt={l.name} width={48} height={48} style={{ objectFit: 'cover' }} /> : <span aria-label="No image">—</span>),
  },
  { title: 'SKU', dataIndex: 'sku', key: 'sku', width: 180 },
  { title: 'Product', dataIndex: 'name', key: 'name' },
  { title: 'Quantity', dataIndex: 'quantity', key: 'quantity', width: 100, align: 'right' },
  { title: 'Item status', key: 'status', width: 140, render: (_, l) => <Tag color={l.status === 'Cancel' ? 'default' : undefined}>{l.status}</Tag> },
];

function ShipTo({ d }: { d: WarehouseOrderDetail }) {
  const s = d.shipTo;
  const cityLine = [s.city, [s.province, s.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <address style={{ fontStyle: 'normal' }}>
      {[s.name, s.company, s.address1, s.address2, cityLine, [s.country, s.countryCode].filter(Boolean).join(' · '), s.phone ? `Phone: ${s.phone}` : null]
        .filter(Boolean)
        .map((line) => (
          <div key={line}>{line}</div>
        ))}
    </address>
  );
}

/**
 * /s/orders-warehouse/:id: the fulfilment view (ship-to, method, the warehouse lines, their shipments, the problem) and
 * the actions its status allows: Pack, Ship, Cannot ship, Resume, Packing slip. Never a price: the server sends none.
 */
export default function WarehouseOrderDetailPage() {
  const { id = '' } = useParams();
  const { actor } = useSession();
  const mayOperate = can(actor, 'warehouse.operate');
  const query = useQuery(warehouseOrderQuery(id));
  const [dialog, setDialog] = useState<'ship' | 'cannot' | null>(null);
  const { pack, packing } = usePackAction();
  const resume = useWrite({ refresh: [warehouseOrderKeys.all] });
  const crumbs = <Breadcrumb items={[{ title: <Link to={routePath('s-orders-warehouse')}>Warehouse Orders</Link> }, { title: query.data?.orderName ?? 'Order' }]} />;

  if (query.isError && !query.data) {
    const missing = query.error instanceof HttpError && query.error.status === 404;
    return (
      <>
        {crumbs}
        <PageHeader title="Warehouse Order" />
        {missing ? <Empty description="This order is not in your warehouse queue." /> : <Alert type="error" showIcon title={MSG.serverError} />}
      </>
    );
  }
  const d = query.data;
  if (!d) return <Skeleton active />;

  const open = d.status === 'to_pick' || d.status === 'packed';
  const actions = (
    <Space wrap>
      <PackingSlipButton id={d.id} orderName={d.orderName} />
      {mayOperate && d.status === 'to_pick' ? (
        <Button loading={packing === d.id} onClick={() => void pack(d.id)}>
          Pack
        </Button>
      ) : null}
      {mayOperate && open ? (
        <Button type="primary" onClick={() => setDialog('ship')}>
          Ship
        </Button>
      ) : null}
      {mayOperate && open ? (
        <Button danger onClick={() => setDialog('cannot')}>
          Cannot ship
        </Button>
      ) : null}
      {mayOperate && d.status === 'cannot_ship' ? (
        <Button loading={resume.busy} onClick={() => void resume.run(() => warehouseOrdersApi.resume(d.id))}>
          Resume
        </Button>
      ) : null}
    </Space>
  );

  return (
    <>
      {crumbs}
      <PageHeader
        title={
          <Space>
            Order {d.orderName}
            <WarehouseOrderStatusTag status={d.status} />
          </Space>
        }
        extra={actions}
      />
      {d.status === 'cannot_ship' && d.problem ? (
        <Alert type="error" showIcon title="Reported as cannot ship" description={d.problem} style={{ marginBottom: 16 }} />
      ) : null}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card title="Fulfilment">
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label="Warehouse">
              <Tag>{d.warehouse.code}</Tag> {d.warehouse.name}
            </Descriptions.Item>
            <Descriptions.Item label="Shipping method">{METHOD_LABELS[d.shippingMethod] ?? d.shippingMethod}</Descriptions.Item>
            <Descriptions.Item label="Routed at"><DateTime value={d.routedAt} /></Descriptions.Item>
            <Descriptions.Item label="Packed at"><DateTime value={d.packedAt} /></Descriptions.Item>
            <Descriptions.Item label="Shipped at"><DateTime value={d.shippedAt} /></Descriptions.Item>
            <Descriptions.Item label="Ship to"><ShipTo d={d} /></Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={`Items (${d.lines.reduce((n, l) => n + (l.status === 'Cancel' ? 0 : l.quantity), 0)} units)`}>
          <Table<WarehouseOrderLine> rowKey="itemId" columns={lineColumns} dataSource={d.lines} pagination={false} size="small" locale={{ emptyText: 'No warehouse items' }} />
        </Card>
        <Card title="Shipments">
          {d.shipments.length === 0 ? (
            <Typography.Text type="secondary">Not shipped yet</Typography.Text>
          ) : (
            <Space orientation="vertical">
              {d.shipments.map((s) => (
                <span key={s.id}>
                  <strong>{s.trackingNumber}</strong> · {s.carrier}
                  {s.trackingUrl ? (
                    <>
                      {' · '}
                      <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                        Track
                      </a>
                    </>
                  ) : null}{' '}
                  · <DateTime value={s.createdAt} />
                </span>
              ))}
            </Space>
          )}
        </Card>
      </Space>
      {dialog === 'ship' ? <ShipDialog id={d.id} orderName={d.orderName} onClose={() => setDialog(null)} /> : null}
      {dialog === 'cannot' ? <CannotShipDialog id={d.id} orderName={d.orderName} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
