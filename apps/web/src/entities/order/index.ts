export { OrderStatusTag, orderStatusLabel } from './OrderStatusTag';
export { usd } from './money';
export { orderDetailKey, useRefreshOrder } from './order-cache';
