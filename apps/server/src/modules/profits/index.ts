/** Seller profit: accrued when an order is delivered (orders, tracking). */
export { accrueOrderProfit } from './order-profit';
