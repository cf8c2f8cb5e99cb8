import dayjs from 'dayjs';
import { ADDRESS_STATUSES, DESIGN_STATUSES, DESIGN_STATUS_LABELS, ORDER_STATUSES } from '@fbo/shared/domain/orders';
import { CATALOG_TYPES, CATALOG_TYPE_LABELS } from '@fbo/shared/domain/catalog';
import { ORDER_ATTENTION_KEYS, ORDER_ATTENTION_LABELS } from '@fbo/shared/domain/order-attention';
import type { OrderListParams } from '@fbo/shared';
import { orderListQuery } from '@fbo/shared/schemas/orders';
import { FILTER_DAY, type FilterDecl, type FilterOption, type FilterValues, type SelectFilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';

/** Quick ranges (spec: last week 7 days, last month 30 days, last 3 months 90 days). */
export const QUICK_RANGES = [
  { value: '7', label: 'Last week' },
  { value: '30', label: 'Last month' },
  { value: '90', label: 'Last 3 months' },
] as const;

export const DAY = FILTER_DAY;
const WIDE = 220;
const NARROW = 140;
const oneOf = <T extends string>(list: readonly T[], v?: string) => list.find((x) => x === v);
const idList = (v?: string) => (v && /^[0-9a-f-]{36}(,[0-9a-f-]{36})*$/i.test(v) ? v : undefined);

export type OrderListVariant = 'agency' | 'seller' | 'design';

/** The fetched choices of the bar; none while reading the address. */
export interface OrderFilterChoices {
  /** The agency's own users pick a seller team (designers and sellers do not). */
  agencySide: boolean;
  teams: readonly FilterOption[];
  teamsLoading: boolean;
  proxies: readonly FilterOption[];
  proxiesLoading: boolean;
  groups: readonly FilterOption[];
}

const NO_CHOICES: OrderFilterChoices = { agencySide: false, teams: [], teamsLoading: false, proxies: [], proxiesLoading: false, groups: [] };

/**
 * Every order list filter, in the order the bar shows them. A filter this list does not show is
 * still read from the address (a shared link keeps it), as a custom declaration drawn by nobody.
 */
export function orderFilterDecls(variant: OrderListVariant, choices: OrderFilterChoices = NO_CHOICES): FilterDecl[] {
  const shownIf = (shown: boolean, decl: SelectFilterDecl): FilterDecl => (shown ? decl : { kind: 'custom', keys: [decl.key] });
  return [
    { kind: 'search', key: 'search', id: 'order-search', label: 'Search', placeholder: 'Order, customer, e-mail, reference' },
    // A quick range is kept as its length (range=7), not as dates, so a link opened next week still means "the last 7 days".
    {
      kind: 'select', key: 'range', id: 'order-range', label: 'Created', placeholder: 'Any time', width: 160, options: QUICK_RANGES,
      also: { dateFrom: undefined, dateTo: undefined },
    },
    { kind: 'dayRange', id: 'order-dates', label: 'Custom range', from: 'dateFrom', to: 'dateTo', also: { range: undefined } },
    shownIf(choices.agencySide, {
      kind: 'select', key: 'sellerTeam', id: 'order-team', label: 'Seller team', placeholder: 'All seller teams', width: WIDE,
      searchable: true, loading: choices.teamsLoading, options: choices.teams,
    }),
    {
      kind: 'select', key: 'catalogType', id: 'order-type', label: 'Catalog type', placeholder: 'All types', width: NARROW,
      options: CATALOG_TYPES.map((t) => ({ value: t, label: CATALOG_TYPE_LABELS[t] })),
    },
    shownIf(variant === 'agency', {
      kind: 'multi', key: 'proxy', id: 'order-proxy', label: 'Proxy', placeholder: 'All proxies', width: WIDE,
      loading: choices.proxiesLoading, options: choices.proxies,
    }),
    shownIf(variant === 'agency', {
      kind: 'multi', key: 'proxyGroup', id: 'order-proxy-group', label: 'Proxy group', placeholder: 'All groups', width: WIDE, options: choices.groups,
    }),
    {
      kind: 'select', key: 'designStatus', id: 'order-design', label: 'Design status', placeholder: 'Any', width: NARROW,
      options: DESIGN_STATUSES.map((s) => ({ value: s, label: DESIGN_STATUS_LABELS[s] })),
    },
    {
      kind: 'select', key: 'addressStatus', id: 'order-address', label: 'Address status', placeholder: 'Any', width: NARROW,
      options: ADDRESS_STATUSES.map((s) => ({ value: String(s.value), label: s.name })),
    },
    {
      kind: 'select', key: 'cannotShip', id: 'order-cannot-ship', label: 'Cannot ship', placeholder: 'Any', width: NARROW,
      options: [{ value: 'true', label: 'Cannot ship' }, { value: 'false', label: 'Ships' }],
    },
    // Where the order notifications link (the counts above the list); /ds/orders keeps it from a shared link only.
    shownIf(variant !== 'design', {
      kind: 'select', key: 'attention', id: 'order-attention', label: 'Needs attention', placeholder: 'Any', width: 170,
      options: ORDER_ATTENTION_KEYS.map((k) => ({ value: k, label: ORDER_ATTENTION_LABELS[k] })),
    }),
    // The status tabs above the bar.
    { kind: 'custom', keys: ['status'] },
  ];
}

/**
 * The list's address state (checked against the list's query schema) turned into the API's
 * filters, and the values the bar shows: a quick range hides the custom days it replaced.
 */
export function useOrderFilters(variant: OrderListVariant) {
  const list = useFilterList(orderListQuery, orderFilterDecls(variant));
  const f = list.filters;
  const range = QUICK_RANGES.find((r) => r.value === f.range)?.value;
  const address = ADDRESS_STATUSES.find((s) => String(s.value) === f.addressStatus)?.value;
  const filters: Omit<OrderListParams, 'page' | 'limit' | 'status'> = {
    search: list.search || undefined,
    dateFrom: range ? dayjs().subtract(Number(range), 'day').format(DAY) : f.dateFrom,
    dateTo: range ? undefined : f.dateTo,
    sellerTeam: variant === 'seller' ? undefined : f.sellerTeam,
    catalogType: oneOf(CATALOG_TYPES, f.catalogType),
    proxy: variant === 'agency' ? idList(f.proxy) : undefined,
    proxyGroup: variant === 'agency' ? idList(f.proxyGroup) : undefined,
    designStatus: oneOf(DESIGN_STATUSES, f.designStatus),
    addressStatus: address,
    cannotShip: f.cannotShip === 'true' ? true : f.cannotShip === 'false' ? false : undefined,
    attention: oneOf(ORDER_ATTENTION_KEYS, f.attention),
    ...(variant === 'design' ? { hireDesign: true } : {}),
  };
  const status = oneOf(ORDER_STATUSES, f.status);
  const values: FilterValues = { ...f, range, dateFrom: range ? undefined : f.dateFrom, dateTo: range ? undefined : f.dateTo };
  return { list, filters, status, range, values };
}
