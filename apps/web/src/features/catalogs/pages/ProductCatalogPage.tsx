import { CatalogListPage } from '../components/CatalogListPage';

/** /ag/catalogs: the agency's product catalog. */
export default function ProductCatalogPage() {
  return <CatalogListPage title="Product Catalog" variant="catalog" />;
}
