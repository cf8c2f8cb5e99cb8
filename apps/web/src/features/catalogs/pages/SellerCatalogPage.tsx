import { ManagedCatalogList } from '../components/ManagedCatalogList';

/** /a/catalogs: the administrators' catalog ('Seller Catalog'). */
export default function SellerCatalogPage() {
  return <ManagedCatalogList area="a" title="Seller Catalog" />;
}
