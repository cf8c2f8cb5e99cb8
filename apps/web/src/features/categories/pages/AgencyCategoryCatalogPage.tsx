import { CategoryCatalog } from '../components/CategoryCatalog';

/** /ag/category-catalog: the agency's own categories; the master ones shown read-only. */
export default function AgencyCategoryCatalogPage() {
  return <CategoryCatalog area="ag" />;
}
