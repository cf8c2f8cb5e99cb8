import { SupplierCatalogListPage } from './SupplierCatalogListPage';

/** /a/supplier-catalog (administrator and supplier): expected prices, logs, import and export. */
export default function SupplierCatalogPage() {
  return <SupplierCatalogListPage />;
}
