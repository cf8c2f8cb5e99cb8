import { InvoiceDetailView } from '../components/InvoiceDetailView';

/** /ag/invoices/{id}: one invoice of the agency with its lines. */
export default function AgencyInvoiceDetailPage() {
  return <InvoiceDetailView area="ag" />;
}
