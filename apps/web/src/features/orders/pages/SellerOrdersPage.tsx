import { OrderListPage } from '../components/OrderListPage';

export default function SellerOrdersPage() {
  return <OrderListPage title="Orders" variant="seller" />;
}
