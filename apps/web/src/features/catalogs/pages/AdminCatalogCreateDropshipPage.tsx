import { CatalogFormPage } from '../components/CatalogFormPage';

/** /a/catalogs/create-dropship: a master dropship catalog (type drop, dropship on). */
export default function AdminCatalogCreateDropshipPage() {
  return <CatalogFormPage area="a" mode="create" dropship />;
}
