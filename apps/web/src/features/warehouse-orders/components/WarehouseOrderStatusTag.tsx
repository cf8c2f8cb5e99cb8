import { Tag } from 'antd';
import { WAREHOUSE_ORDER_STATUS_LABELS, type WarehouseOrderStatus } from '@fbo/shared/schemas/warehouse-orders';

const COLORS: Record<WarehouseOrderStatus, string> = {
  to_pick: 'blue',
  packed: 'gold',
  shipped: 'green',
  cannot_ship: 'red',
  cancelled: 'default',
};

/** A fulfilment's status in the queue. */
export function WarehouseOrderStatusTag({ status }: { status: WarehouseOrderStatus }) {
  return <Tag color={COLORS[status]}>{WAREHOUSE_ORDER_STATUS_LABELS[status]}</Tag>;
}
