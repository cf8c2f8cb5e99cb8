import { CUSTOMER_SORTS, type CustomerOptions, type CustomerSort } from '@fbo/shared';
import { searchFilter, type FilterDecl, type FilterOption, type FilterValues } from '../../../components/filters/filter-decl';
import type { CustomerListParams } from '../customers.api';

/** agency: /ag/customers (every seller team of the agency, a Seller team filter and column); seller: /s/customers. */
export type CustomerListVariant = 'agency' | 'seller';

/** The address keys only the page reads: the table's order and the open drawer's customer. */
export const SORT_KEY = 'sort';
export const ORDER_KEY = 'order';
export const CUSTOMER_KEY = 'customer';
const FILTER_KEYS = ['country', 'store', 'sellerTeam', 'lastOrderFrom', 'lastOrderTo'] as const;

/**
 * Search (name, e-mail or phone), country, store, seller team (the agency's), the last order's days; the order and the
 * open customer are kept in the address too, drawn by the page itself.
 */
export function customerFilters(variant: CustomerListVariant, options: CustomerOptions | undefined, loading: boolean, countryLabel: (code: string) => string): FilterDecl[] {
  const teams: FilterOption[] = (options?.sellerTeams ?? []).map((t) => ({ value: t.id, label: t.name }));
  return [
    searchFilter('customer-search', 'Search name, e-mail or phone'),
    {
      kind: 'select', key: 'country', id: 'customer-country', label: 'Country', placeholder: 'All countries', width: 200, searchable: true, loading,
      options: (options?.countries ?? []).map((code) => ({ value: code, label: countryLabel(code) })).sort((a, b) => a.label.localeCompare(b.label)),
    },
    {
      kind: 'select', key: 'store', id: 'customer-store', label: 'Store', placeholder: 'All stores', width: 220, searchable: true, loading,
      options: (options?.stores ?? []).map((s) => ({ value: s.id, label: s.name })),
    },
    ...(variant === 'agency'
      ? [{ kind: 'select', key: 'sellerTeam', id: 'customer-team', label: 'Seller team', placeholder: 'All seller teams', width: 220, searchable: true, loading, options: teams } satisfies FilterDecl]
      : []),
    { kind: 'dayRange', id: 'customer-last-order', label: 'Last order', from: 'lastOrderFrom', to: 'lastOrderTo' },
    { kind: 'custom', keys: [SORT_KEY, ORDER_KEY, CUSTOMER_KEY] },
  ];
}

/** The list query from the checked address values (the server's defaults, last order newest first, when absent). */
export function customerListParams(list: { page: number; limit: number; search: string; filters: FilterValues }): CustomerListParams {
  const f = list.filters;
  return {
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    country: f.country,
    store: f.store,
    sellerTeam: f.sellerTeam,
    lastOrderFrom: f.lastOrderFrom,
    lastOrderTo: f.lastOrderTo,
    sort: CUSTOMER_SORTS.find((s): s is CustomerSort => s === f[SORT_KEY]),
    order: f[ORDER_KEY] === 'asc' || f[ORDER_KEY] === 'desc' ? f[ORDER_KEY] : undefined,
  };
}

/** No search and no filter (the order does not count): an empty answer means the team has no customers yet. */
export function isUnfiltered(list: { search: string; filters: FilterValues }): boolean {
  return !list.search && FILTER_KEYS.every((key) => !list.filters[key]);
}
