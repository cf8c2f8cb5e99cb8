import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import type { AgencyWarehouseListParams } from './agencyWarehouses.api';

/** Search (name or code) and active, kept in the address; `stock` names the warehouse whose stock drawer is open. */
export const WAREHOUSE_FILTERS: FilterDecl[] = [
  searchFilter('agency-warehouses-search', 'Name or code'),
  {
    kind: 'select', key: 'active', id: 'agency-warehouses-active', label: 'Active', placeholder: 'Active or not', width: 160,
    options: [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Inactive' }],
  },
  { kind: 'custom', keys: ['stock'] },
];

/** The list query from the checked filters. */
export function warehouseListParams(list: { page: number; limit: number; search: string; filters: Record<string, string | undefined> }): AgencyWarehouseListParams {
  return {
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    active: list.filters.active === 'true' || list.filters.active === 'false' ? list.filters.active : undefined,
  };
}
