import { OrderDetailView } from '../components/OrderDetailView';

/** /ag/orders/:id (docs/orders.md, "Order detail"). */
export default function AgencyOrderDetailPage() {
  return <OrderDetailView area="ag" />;
}
