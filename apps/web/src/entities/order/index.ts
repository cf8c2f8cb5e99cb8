export { OrderStatusTag, orderStatusLabel } from './OrderStatusTag';
export { usd } from './money';
export { ORDER_DETAIL_WRITE, ORDER_SIDE_WRITE, orderDetailKey, useRefreshOrder } from './order-cache';
export { OrderAttentionBadge, OrderAttentionLinks, orderNotificationsQuery, readsOrderNotifications } from './order-attention';
