import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Breadcrumb, Button, Card, Descriptions, Empty, Result, Skeleton, Space, Table, Typography, type TableColumnsType } from 'antd';
import { CloudSyncOutlined, PlusOutlined } from '@ant-design/icons';
import type { TrackingOrderItem, TrackingShipment } from '@fbo/shared';
import { can } from '@fbo/shared/auth/access';
import { routePath } from '@fbo/shared/routes';
import { MSG } from '@fbo/shared/domain/messages';
import { displayOrderName } from '@fbo/shared/domain/orders';
import { TRACKING_MSG } from '@fbo/shared/schemas/tracking';
import { HttpError } from '../../../api/http';
import { DateTime } from '../../../components/DateTime';
import { PageHeader } from '../../../components/PageHeader';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { useWrite } from '../../../hooks/useWrite';
import { useSession } from '../../../entities/session';
import { OrderStatusTag, orderStatusLabel } from '../../../entities/order';
import { AddTrackingDialog } from '../components/AddTrackingDialog';
import { SyncStatusTag } from '../components/SyncStatusTag';
import { useSyncToStore } from '../components/useSyncToStore';
import { trackingApi, trackingDetailQuery, trackingKeys } from '../tracking.api';

/** /ag/tracking/{id}: the order, its items with their shipment, and its shipments. */
export default function TrackingDetailPage() {
  const { id = '' } = useParams();
  const { actor } = useSession();
  const { modal, message } = App.useApp();
  const mayAct = can(actor, 'orders.agency.act');
  const valid = /^[0-9a-f-]{36}$/i.test(id);
  const query = useQuery({ ...trackingDetailQuery(id), enabled: valid });
  const [adding, setAdding] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const { run } = useWrite({ refresh: [trackingKeys.all] });
  const sync = useSyncToStore();

  const crumbs = (
    <Breadcrumb items={[{ title: <Link to={routePath('ag-tracking')}>Tracking</Link> }, { title: query.data ? displayOrderName(query.data.order.orderName) : 'Order' }]} />
  );
  if (!valid || (query.error instanceof HttpError && query.error.status === 404)) {
    return (
      <>
        {crumbs}
        <PageHeader title="Tracking Detail" />
        <Result status="404" title={TRACKING_MSG.orderNotFound} extra={<Link to={routePath('ag-tracking')}>Back to Tracking</Link>} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {crumbs}
        <PageHeader title="Tracking Detail" />
        <Result status="error" title={MSG.serverError} extra={<Button onClick={() => void query.refetch()}>Try again</Button>} />
      </>
    );
  }
  if (!query.data) return <Skeleton active />;

  const { order, items, shipments, canAddTracking } = query.data;
  const numberOf = new Map(shipments.map((s) => [s.id, s.trackingNumber]));

  function confirmDelivered(s: TrackingShipment) {
    modal.confirm({
      title: `Mark shipment ${s.trackingNumber} delivered?`,
      content: 'Its items become Fulfilled.',
      okText: 'Mark delivered',
      cancelText: 'Cancel',
      onOk: async () => {
        await run(() => trackingApi.markDelivered(s.id), (a) => `Delivered: the order is ${orderStatusLabel(a.data.status)}`);
      },
      onCancel: () => void message.info('Cancel action!'),
    });
  }

  async function syncNow() {
    setSyncing(true);
    try {
      await sync([order.id]);
    } finally {
      setSyncing(false);
    }
  }

  const itemColumns: TableColumnsType<TrackingOrderItem> = [
    { title: '#', key: 'position', width: 50, render: (_, i) => i.position + 1 },
    { title: 'SKU', dataIndex: 'sku', key: 'sku', render: (v: string) => v || '—' },
    { title: 'Product', dataIndex: 'title', key: 'title' },
    { title: 'Variant', key: 'variant', render: (_, i) => [i.color, i.size].filter(Boolean).join(' / ') || '—' },
    { title: 'Qty', dataIndex: 'quantity', key: 'quantity', width: 70 },
    { title: 'Status', key: 'status', render: (_, i) => orderStatusLabel(i.status) },
    { title: 'Tracking', key: 'shipment', render: (_, i) => (i.shipmentId ? numberOf.get(i.shipmentId) : <Typography.Text type="secondary">No tracking yet</Typography.Text>) },
  ];
  const shipmentColumns: TableColumnsType<TrackingShipment> = [
    { title: 'Added', dataIndex: 'createdDate', key: 'created', width: 170, render: (v: string) => <DateTime value={v} /> },
    {
      title: 'Tracking number',
      key: 'number',
      render: (_, s) =>
        s.trackingUrl ? (
          <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
            {s.trackingNumber}
          </a>
        ) : (
          s.trackingNumber
        ),
    },
    { title: 'Carrier', dataIndex: 'carrier', key: 'carrier' },
    { title: 'Items', key: 'items', width: 70, render: (_, s) => s.itemIds.length },
    { title: 'Status', key: 'status', render: (_, s) => (s.status === 'Fulfilled' ? 'Delivered' : orderStatusLabel(s.status)) },
    { title: 'Store sync', key: 'sync', render: (_, s) => <SyncStatusTag status={s.syncStatus} error={s.syncError} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 150,
      render: (_, s) =>
        mayAct && s.status === 'InTransit' ? (
          <Button size="small" onClick={() => confirmDelivered(s)} aria-label={`Mark ${s.trackingNumber} delivered`}>
            Mark delivered
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      {crumbs}
      <PageHeader
        title={
          <Space>
            {`Tracking ${displayOrderName(order.orderName)}`}
            <OrderStatusTag status={order.status} />
          </Space>
        }
        extra={
          mayAct ? (
            <Space wrap>
              {order.storePlatform ? (
                <Button icon={<CloudSyncOutlined />} loading={syncing} onClick={() => void syncNow()}>
                  Sync to store
                </Button>
              ) : null}
              {canAddTracking ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                  Add tracking
                </Button>
              ) : null}
            </Space>
          ) : null
        }
      />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card title="Order">
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
            <Descriptions.Item label="Order">{displayOrderName(order.orderName)}</Descriptions.Item>
            <Descriptions.Item label="Seller">{order.sellerTeam.name}</Descriptions.Item>
            <Descriptions.Item label="Created">
              <DateTime value={order.createdDate} />
            </Descriptions.Item>
            <Descriptions.Item label="Customer">{order.fullName || '—'}</Descriptions.Item>
            <Descriptions.Item label="Ship to">
              {[order.address1, order.address2, order.city, order.province, order.zipCode, order.country].filter(Boolean).join(', ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label="Shipping method">{order.shippingMethod}</Descriptions.Item>
            <Descriptions.Item label="Store">{order.storePlatform ?? 'No store connection'}</Descriptions.Item>
            <Descriptions.Item label="Last synced">
              <DateTime value={order.syncAt} />
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title="Items">
          <ScrollRegion label="Items">
            <Table<TrackingOrderItem> rowKey="id" size="small" pagination={false} columns={itemColumns} dataSource={items} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No items" /> }} />
          </ScrollRegion>
        </Card>
        <Card title="Shipments">
          <ScrollRegion label="Shipments">
            <Table<TrackingShipment> rowKey="id" size="small" pagination={false} columns={shipmentColumns} dataSource={shipments} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tracking yet" /> }} />
          </ScrollRegion>
        </Card>
      </Space>
      {adding ? <AddTrackingDialog orderId={order.id} items={items} onClose={() => setAdding(false)} /> : null}
    </>
  );
}
