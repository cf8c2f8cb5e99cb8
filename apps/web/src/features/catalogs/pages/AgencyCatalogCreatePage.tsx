import { CatalogFormPage } from '../components/CatalogFormPage';

/** /ag/catalogs/create: a catalog of the agency's own, offered to its sellers at once. */
export default function AgencyCatalogCreatePage() {
  return <CatalogFormPage area="ag" mode="create" />;
}
