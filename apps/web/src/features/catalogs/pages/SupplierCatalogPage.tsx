import { CatalogListPage } from '../components/CatalogListPage';

/** /a/supplier-catalog: dropship trademark catalogs whose prices suppliers fill in. */
export default function SupplierCatalogPage() {
  return <CatalogListPage title="Supplier Catalog" variant="supplier" />;
}
