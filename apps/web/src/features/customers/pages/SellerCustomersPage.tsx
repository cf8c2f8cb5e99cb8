import { CustomerList } from '../components/CustomerList';

/** /s/customers: the seller team's customers (manager; staff, customer support and accounting sub-users). */
export default function SellerCustomersPage() {
  return <CustomerList variant="seller" />;
}
