import { CatalogFormPage } from '../components/CatalogFormPage';

/** /ag/catalogs/create-dropship */
export default function AgencyCatalogCreateDropshipPage() {
  return <CatalogFormPage area="ag" mode="create" dropship />;
}
