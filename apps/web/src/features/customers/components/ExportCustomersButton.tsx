import { ExportMenuButton } from '../../../components/ExportMenuButton';
import { customersApi, type CustomerFilterParams } from '../customers.api';

/** Export: the list's current filters and order as CSV or Excel (up to 10,000 customers). */
export function ExportCustomersButton({ filters }: { filters: CustomerFilterParams }) {
  return <ExportMenuButton exportFile={(format) => customersApi.exportList({ ...filters, format })} />;
}
