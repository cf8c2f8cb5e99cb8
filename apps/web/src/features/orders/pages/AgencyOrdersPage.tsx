import { OrderListPage } from '../components/OrderListPage';

export default function AgencyOrdersPage() {
  return <OrderListPage title="Orders" variant="agency" />;
}
