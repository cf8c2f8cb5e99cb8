import { OrderItemsList } from '../components/OrderItemsList';

export default function SellerOrderItemsPage() {
  return <OrderItemsList area="s" />;
}
