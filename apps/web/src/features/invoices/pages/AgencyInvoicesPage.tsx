import { findRoute } from '@fbo/shared/routes';
import { InvoiceList } from '../components/InvoiceList';

/** /ag/invoices: the agency's invoices (owner, accounting). */
export default function AgencyInvoicesPage() {
  return <InvoiceList area="ag" title={findRoute('ag-invoices')?.title ?? 'Invoices'} />;
}
