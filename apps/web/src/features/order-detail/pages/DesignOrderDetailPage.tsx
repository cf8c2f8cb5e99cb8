import { OrderDetailView } from '../components/OrderDetailView';

/** /ds/orders/:id (docs/orders.md, "Order detail"). */
export default function DesignOrderDetailPage() {
  return <OrderDetailView area="ds" />;
}
