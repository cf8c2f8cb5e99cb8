import { AdminCatalogDetail } from '../components/AdminCatalogDetail';

/** /a/catalogs/detail-drop/:id: a dropship catalog. */
export default function AdminCatalogDetailDropPage() {
  return <AdminCatalogDetail title="Dropship Catalog Detail" />;
}
