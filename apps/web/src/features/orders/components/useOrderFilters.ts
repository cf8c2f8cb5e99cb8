import dayjs from 'dayjs';
import { ADDRESS_STATUSES, DESIGN_STATUSES, ORDER_STATUSES } from '@fbo/shared/domain/orders';
import { CATALOG_TYPES } from '@fbo/shared/domain/catalog';
import type { OrderListParams } from '@fbo/shared';
import { useListParams } from '../../../hooks/useListParams';

/** Every order list filter kept in the address (a reload or a shared link shows the same rows). */
export const ORDER_FILTER_KEYS = [
  'status', 'range', 'dateFrom', 'dateTo', 'sellerTeam', 'catalogType', 'proxy', 'proxyGroup', 'designStatus', 'addressStatus', 'cannotShip',
] as const;
export type OrderFilterKey = (typeof ORDER_FILTER_KEYS)[number];

/** Quick ranges (spec: last week 7 days, last month 30 days, last 3 months 90 days). */
export const QUICK_RANGES = [
  { value: '7', label: 'Last week' },
  { value: '30', label: 'Last month' },
  { value: '90', label: 'Last 3 months' },
] as const;

export const DAY = 'YYYY-MM-DD';
const isDay = (v?: string) => (v && dayjs(v, DAY, true).isValid() ? v : undefined);
const oneOf = <T extends string>(list: readonly T[], v?: string) => list.find((x) => x === v);
const idList = (v?: string) => (v && /^[0-9a-f-]{36}(,[0-9a-f-]{36})*$/i.test(v) ? v : undefined);

/**
 * The list's address state turned into the API's filters. A quick range is kept as its length
 * (range=7), not as dates, so a link opened next week still means "the last 7 days".
 */
export function useOrderFilters(variant: 'agency' | 'seller' | 'design') {
  const list = useListParams(ORDER_FILTER_KEYS);
  const f = list.filters;
  const range = QUICK_RANGES.find((r) => r.value === f.range)?.value;
  const address = ADDRESS_STATUSES.find((s) => String(s.value) === f.addressStatus)?.value;
  const filters: Omit<OrderListParams, 'page' | 'limit' | 'status'> = {
    search: list.search || undefined,
    dateFrom: range ? dayjs().subtract(Number(range), 'day').format(DAY) : isDay(f.dateFrom),
    dateTo: range ? undefined : isDay(f.dateTo),
    sellerTeam: variant === 'seller' ? undefined : f.sellerTeam,
    catalogType: oneOf(CATALOG_TYPES, f.catalogType),
    proxy: variant === 'agency' ? idList(f.proxy) : undefined,
    proxyGroup: variant === 'agency' ? idList(f.proxyGroup) : undefined,
    designStatus: oneOf(DESIGN_STATUSES, f.designStatus),
    addressStatus: address,
    cannotShip: f.cannotShip === 'true' ? true : f.cannotShip === 'false' ? false : undefined,
    ...(variant === 'design' ? { hireDesign: true } : {}),
  };
  const status = oneOf(ORDER_STATUSES, f.status);
  return { list, filters, status, range };
}
