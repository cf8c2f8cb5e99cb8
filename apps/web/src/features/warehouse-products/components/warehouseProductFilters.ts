import { WAREHOUSE_PRODUCT_STOCK, WAREHOUSE_PRODUCT_STOCK_LABELS, type WarehouseProductStock } from '@fbo/shared';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import type { WarehouseOption, WarehouseProductListParams } from '../warehouse-products.api';

/** Search (SKU or name), warehouse and stock state, kept in the address. */
export function warehouseProductFilters(warehouses: readonly WarehouseOption[], loading: boolean): FilterDecl[] {
  return [
    searchFilter('warehouse-products-search', 'SKU or name'),
    {
      kind: 'select', key: 'warehouse', id: 'warehouse-products-warehouse', label: 'Warehouse', placeholder: 'All warehouses', width: 220, loading,
      options: warehouses.map((w) => ({ value: w.id, label: `${w.code} \u00b7 ${w.name}` })),
    },
    {
      kind: 'select', key: 'stock', id: 'warehouse-products-stock', label: 'Stock', placeholder: 'Any stock', width: 160,
      options: WAREHOUSE_PRODUCT_STOCK.map((s) => ({ value: s, label: WAREHOUSE_PRODUCT_STOCK_LABELS[s] })),
    },
  ];
}

/** The list query from the checked filters. */
export function warehouseProductListParams(list: { page: number; limit: number; search: string; filters: Record<string, string | undefined> }): WarehouseProductListParams {
  return {
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    warehouse: list.filters.warehouse,
    stock: list.filters.stock as WarehouseProductStock | undefined,
  };
}

export function isUnfiltered(list: { page: number; search: string; filters: Record<string, string | undefined> }): boolean {
  return list.page === 1 && !list.search && Object.values(list.filters).every((v) => !v);
}
