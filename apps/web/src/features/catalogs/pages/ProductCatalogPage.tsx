import { ManagedCatalogList } from '../components/ManagedCatalogList';

/** /ag/catalogs: the agency's assigned and own catalogs. */
export default function ProductCatalogPage() {
  return <ManagedCatalogList area="ag" title="Product Catalog" />;
}
