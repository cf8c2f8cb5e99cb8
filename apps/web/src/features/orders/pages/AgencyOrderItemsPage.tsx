import { OrderItemsList } from '../components/OrderItemsList';

export default function AgencyOrderItemsPage() {
  return <OrderItemsList area="ag" />;
}
