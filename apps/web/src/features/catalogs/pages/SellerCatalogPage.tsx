import { CatalogListPage } from '../components/CatalogListPage';

/** /a/catalogs: the administrators' master catalog. */
export default function SellerCatalogPage() {
  return <CatalogListPage title="Seller Catalog" variant="catalog" />;
}
