import { CatalogFormPage } from '../components/CatalogFormPage';

/** /a/catalogs/update/:id */
export default function AdminCatalogUpdatePage() {
  return <CatalogFormPage area="a" mode="update" />;
}
