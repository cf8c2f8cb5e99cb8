import { OrderDetailView } from '../components/OrderDetailView';

/** /s/orders/:id (docs/orders.md, "Order detail"). */
export default function SellerOrderDetailPage() {
  return <OrderDetailView area="s" />;
}
