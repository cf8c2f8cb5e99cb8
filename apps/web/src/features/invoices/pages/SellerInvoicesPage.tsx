import { findRoute } from '@fbo/shared/routes';
import { InvoiceList } from '../components/InvoiceList';

/** /s/invoices: the seller team's own invoices (manager, accounting). */
export default function SellerInvoicesPage() {
  return <InvoiceList area="s" title={findRoute('s-invoices')?.title ?? 'Invoices'} />;
}
