import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Card, Col, Descriptions, Result, Row, Skeleton, Space, Tag } from 'antd';
import { routePath, type RouteName } from '@fbo/shared/routes';
import { MSG } from '@fbo/shared/domain/messages';
import { DESIGN_STATUS_LABELS } from '@fbo/shared/domain/orders';
import type { OrderDetail } from '@fbo/shared/schemas/order-detail';
import { HttpError } from '../../../api/http';
import { DateTime } from '../../../components/DateTime';
import { PageHeader } from '../../../components/PageHeader';
import { OrderStatusTag, orderStatusLabel } from '../../../entities/order';
import { orderDetailQuery } from '../order-detail.api';
import { DesignCard } from '../../design-service';
import { AddressCard } from './AddressCard';
import { CostsCard } from './CostsCard';
import { CustomerCard } from './CustomerCard';
import { ItemsCard } from './ItemsCard';
import { NotesCard } from './NotesCard';
import { OrderActions } from './OrderActions';
import { ShipmentsCard } from './ShipmentsCard';
import { TimelineCard } from './TimelineCard';
import { RefundButton } from '../../refunds';
import { ChangeRequestsCard } from '../../order-changes';

export type OrderArea = 'ag' | 's' | 'ds';

const LIST: Record<OrderArea, { route: RouteName; label: string; title: string }> = {
  ag: { route: 'ag-orders', label: 'Orders', title: 'Order Detail' },
  s: { route: 's-orders', label: 'Orders', title: 'Order Detail' },
  ds: { route: 'ds-orders', label: 'Requested Designs', title: 'Requested Design' },
};

/** One order as /ag, /s and /ds show it: what each user may do comes from the server's answer. */
export function OrderDetailView({ area }: { area: OrderArea }) {
  const { id = '' } = useParams();
  const valid = /^[0-9a-f-]{36}$/i.test(id);
  const query = useQuery({ ...orderDetailQuery(id), enabled: valid });
  const list = LIST[area];
  const order = query.data;
  const crumbs = <Breadcrumb items={[{ title: <Link to={routePath(list.route)}>{list.label}</Link> }, { title: order ? order.orderNameDisplay : list.title }]} />;

  if (!valid || (query.error instanceof HttpError && query.error.status === 404)) {
    return (
      <>
        {crumbs}
        <PageHeader title={list.title} />
        <Result status="404" title="Order not found" extra={<Link to={routePath(list.route)}>Back to {list.label}</Link>} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {crumbs}
        <PageHeader title={list.title} />
        <Result status="error" title={MSG.serverError} />
      </>
    );
  }
  if (!order) return <Skeleton active />;

  return (
    <>
      {crumbs}
      <PageHeader
        title={
          <Space wrap>
            <span>Order {order.orderNameDisplay}</span>
            <OrderStatusTag status={order.status} />
            {order.cannotShip ? <Tag color="error">Cannot ship</Tag> : null}
          </Space>
        }
        extra={<Space wrap><OrderActions order={order} /><RefundButton order={order} area={area} /></Space>}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <ItemsCard order={order} />
            <ChangeRequestsCard order={order} area={area} />
            <CostsCard order={order} />
            <ShipmentsCard order={order} />
            <TimelineCard order={order} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <OrderInfoCard order={order} />
            <DesignCard orderId={order.id} design={order.design} canRequest={order.can.requestDesign} items={order.items} />
            <AddressCard order={order} />
            <CustomerCard order={order} />
            <NotesCard order={order} />
          </Space>
        </Col>
      </Row>
    </>
  );
}

function OrderInfoCard({ order }: { order: OrderDetail }) {
  return (
    <Card title="Order">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'status', label: 'Status', children: orderStatusLabel(order.status) },
          ...(order.statusReason && (order.status === 'Hold' || order.status === 'Rejected' || order.status === 'CancelShipment')
            ? [{ key: 'reason', label: 'Reason', children: order.statusReason }]
            : []),
          { key: 'team', label: 'Seller team', children: `${order.sellerTeam.name} (${order.sellerTeam.code})` },
          { key: 'type', label: 'Order type', children: order.orderType.toUpperCase() },
          { key: 'method', label: 'Shipping method', children: order.shippingMethod },
          { key: 'ref1', label: 'Reference 1', children: order.referenceId1 || '—' },
          { key: 'ref2', label: 'Reference 2', children: order.referenceId2 || '—' },
          ...(order.proxy ? [{ key: 'proxy', label: 'Store', children: order.proxy.proxyDomain }] : []),
          ...(order.metadata.hire_design_status ? [{ key: 'design', label: 'Design status', children: DESIGN_STATUS_LABELS[order.metadata.hire_design_status] }] : []),
          { key: 'created', label: 'Created', children: <DateTime value={order.createdDate} /> },
          { key: 'updated', label: 'Updated', children: <DateTime value={order.updatedDate} /> },
          { key: 'approved', label: 'Approved', children: <DateTime value={order.approvedAt} /> },
          { key: 'sync', label: 'Synced to store', children: <DateTime value={order.syncAt} /> },
        ]}
      />
    </Card>
  );
}
