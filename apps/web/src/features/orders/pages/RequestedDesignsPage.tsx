import { OrderListPage } from '../components/OrderListPage';

/** /ds/orders: orders whose seller hired a design. */
export default function RequestedDesignsPage() {
  return <OrderListPage title="Requested Designs" variant="design" />;
}
