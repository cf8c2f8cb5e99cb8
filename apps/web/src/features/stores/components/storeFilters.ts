import { STORE_PLATFORMS, STORE_PLATFORM_LABELS, STORE_STATUSES, STORE_STATUS_LABELS } from '@fbo/shared/domain/stores';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';

/** Search (name or shop domain), platform and status: both Stores pages declare these, kept in the address. */
export function storeFilters(idPrefix: string): FilterDecl[] {
  return [
    searchFilter(`${idPrefix}-search`, 'Name or shop domain'),
    {
      kind: 'select', key: 'platform', id: `${idPrefix}-platform`, label: 'Platform', placeholder: 'All platforms', width: 160,
      options: STORE_PLATFORMS.map((p) => ({ value: p, label: STORE_PLATFORM_LABELS[p] })),
    },
    {
      kind: 'select', key: 'status', id: `${idPrefix}-status`, label: 'Status', placeholder: 'All statuses', width: 170,
      options: STORE_STATUSES.map((s) => ({ value: s, label: STORE_STATUS_LABELS[s] })),
    },
  ];
}

/** The list query from the checked filters (useFilterList already dropped values the server would refuse). */
export function storeListParams(list: { page: number; limit: number; search: string; filters: Record<string, string | undefined> }) {
  return {
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    platform: list.filters.platform as (typeof STORE_PLATFORMS)[number] | undefined,
    status: list.filters.status as (typeof STORE_STATUSES)[number] | undefined,
    sellerTeamId: list.filters.sellerTeamId,
  };
}

/** True when the list shows everything: an empty answer then means the team has no store yet. */
export function isUnfiltered(list: { page: number; search: string; filters: Record<string, string | undefined> }): boolean {
  return list.page === 1 && !list.search && Object.values(list.filters).every((v) => !v);
}
