import { MAPPING_STATUSES, PRODUCT_TYPES, PRODUCT_TYPE_LABELS, type ProductType } from '@fbo/shared';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import type { ProductListParams, StoreOption } from '../products.api';
import { mappingLabel } from '../../../entities/product';

/** Search, store, type and mapping status, kept in the address; the store options come from the team's stores. */
export function productFilters(stores: readonly StoreOption[], storesLoading: boolean): FilterDecl[] {
  return [
    searchFilter('products-search', 'Title or handle'),
    {
      kind: 'select', key: 'storeId', id: 'products-store', label: 'Store', placeholder: 'All stores', width: 200, searchable: true, loading: storesLoading,
      options: stores.map((s) => ({ value: s.id, label: s.name })),
    },
    {
      kind: 'select', key: 'productType', id: 'products-type', label: 'Type', placeholder: 'All types', width: 130,
      options: PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] })),
    },
    {
      kind: 'select', key: 'mappingStatus', id: 'products-mapping', label: 'Mapping status', placeholder: 'All mapping statuses', width: 210,
      options: MAPPING_STATUSES.map((m) => ({ value: String(m), label: mappingLabel(m) })),
    },
  ];
}

/** The list query from the checked filters (useFilterList already dropped values the server would refuse). */
export function productListParams(list: { page: number; limit: number; search: string; filters: Record<string, string | undefined> }): ProductListParams {
  const mapping = list.filters.mappingStatus;
  return {
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    storeId: list.filters.storeId,
    productType: list.filters.productType as ProductType | undefined,
    mappingStatus: mapping === undefined ? undefined : Number(mapping),
  };
}

/** True when the list shows everything: an empty answer then means the team has no product yet. */
export function isUnfiltered(list: { page: number; search: string; filters: Record<string, string | undefined> }): boolean {
  return list.page === 1 && !list.search && Object.values(list.filters).every((v) => !v);
}
