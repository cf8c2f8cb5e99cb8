import { CategoryCatalog } from '../components/CategoryCatalog';

/** /a/category-catalog: the administrator's master categories. */
export default function AdminCategoryCatalogPage() {
  return <CategoryCatalog area="a" />;
}
