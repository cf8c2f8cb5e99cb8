import { Tag } from 'antd';
import type { OrderStatus } from '@fbo/shared';

const COLOR: Record<OrderStatus, string> = {
  Unfulfilled: 'default',
  InReview: 'processing',
  Approved: 'success',
  Hold: 'warning',
  Rejected: 'error',
  Cancel: 'default',
  InProduction: 'processing',
  InTransit: 'processing',
  Fulfilled: 'success',
  PartiallyFulfilled: 'warning',
  CancelShipment: 'error',
};

/** "PartiallyFulfilled" -> "Partially Fulfilled": the stored values are camel-cased. */
export function orderStatusLabel(status: string): string {
  return status.replace(/([a-z])([A-Z])/g, '$1 $2');
}

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag color={COLOR[status]}>{orderStatusLabel(status)}</Tag>;
}
