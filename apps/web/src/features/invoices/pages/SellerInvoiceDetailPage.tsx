import { InvoiceDetailView } from '../components/InvoiceDetailView';

/** /s/invoices/{id}: one invoice of the seller's own team with its lines. */
export default function SellerInvoiceDetailPage() {
  return <InvoiceDetailView area="s" />;
}
