import { CustomerList } from '../components/CustomerList';

/** /ag/customers: the customers of every seller team of the agency (owner, customer support). */
export default function AgencyCustomersPage() {
  return <CustomerList variant="agency" />;
}
