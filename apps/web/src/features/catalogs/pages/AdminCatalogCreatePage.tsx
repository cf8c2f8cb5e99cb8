import { CatalogFormPage } from '../components/CatalogFormPage';

/** /a/catalogs/create: a master catalog. */
export default function AdminCatalogCreatePage() {
  return <CatalogFormPage area="a" mode="create" />;
}
