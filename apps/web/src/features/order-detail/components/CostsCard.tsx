import { Card, Descriptions } from 'antd';
import type { OrderDetail } from '@fbo/shared/schemas/order-detail';
import { usd } from '../../../entities/order';

/** What the customer paid and what the seller paid for it; the estimated profit (docs/orders.md, "Order detail"). */
export function CostsCard({ order }: { order: OrderDetail }) {
  const c = order.costs;
  return (
    <Card title="Costs">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'sub', label: 'Subtotal', children: usd(order.subTotalPrice) },
          { key: 'ship', label: 'Shipping fee', children: usd(order.shippingFee) },
          { key: 'disc', label: 'Discount', children: usd(order.totalDiscount) },
          { key: 'total', label: 'Total price', children: usd(order.totalPrice) },
          { key: 'base', label: 'Base cost', children: usd(c.baseCost) },
          { key: 'shipcost', label: 'Shipping cost', children: usd(c.shippingCost) },
          { key: 'charged', label: 'Charged', children: usd(c.charged) },
          { key: 'design', label: 'Design cost', children: usd(c.designCost) },
          { key: 'refund', label: 'Refunded', children: usd(c.refunded) },
          { key: 'profit', label: 'Estimated profit', children: <strong>{usd(c.estimatedProfit)}</strong> },
        ]}
      />
    </Card>
  );
}
