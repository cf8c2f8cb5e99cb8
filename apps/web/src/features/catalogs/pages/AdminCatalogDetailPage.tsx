import { AdminCatalogDetail } from '../components/AdminCatalogDetail';

/** /a/catalogs/detail/:id */
export default function AdminCatalogDetailPage() {
  return <AdminCatalogDetail title="Catalog Detail" />;
}
