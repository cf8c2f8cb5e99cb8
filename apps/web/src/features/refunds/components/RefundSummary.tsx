import { Card, Descriptions } from 'antd';
import type { RefundOverview } from '@fbo/shared/schemas/refunds';
import { usd, OrderStatusTag } from '../../../entities/order';

/** The order as a refund needs it: who, where it is, and its money so far. */
export function RefundSummary({ overview }: { overview: RefundOverview['data'] }) {
  const { order } = overview;
  return (
    <Card title="Order">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'name', label: 'Order', children: order.orderName },
          { key: 'team', label: 'Seller team', children: order.sellerTeam.name },
          { key: 'status', label: 'Status', children: <OrderStatusTag status={order.status} /> },
          { key: 'charged', label: 'Charged', children: usd(order.charged) },
          ...(order.designCost > 0 ? [{ key: 'design', label: 'Design cost', children: usd(order.designCost) }] : []),
          { key: 'refunded', label: 'Refunded', children: usd(order.refunded) },
          { key: 'refundable', label: 'Refundable', children: <span data-testid="refundable">{usd(order.refundable)}</span> },
        ]}
      />
    </Card>
  );
}
