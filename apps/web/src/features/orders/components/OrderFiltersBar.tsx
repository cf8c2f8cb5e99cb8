import { useQuery } from '@tanstack/react-query';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ADDRESS_STATUSES, DESIGN_STATUSES, DESIGN_STATUS_LABELS } from '@fbo/shared/domain/orders';
import { CATALOG_TYPES, CATALOG_TYPE_LABELS } from '@fbo/shared/domain/catalog';
import { can } from '@fbo/shared';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { SearchBox } from '../../../components/SearchBox';
import { SelectFilter, type SelectFilterProps } from '../../../components/SelectFilter';
import { useSession } from '../../../entities/session';
import { proxyOptionsQuery } from '../../proxies';
import { orderTeamsQuery } from '../orders.api';
import { DAY, QUICK_RANGES, type OrderFilterKey, type useOrderFilters } from './useOrderFilters';

type State = ReturnType<typeof useOrderFilters>;
const WIDE = 220;
const NARROW = 140;

/** One select filter of the bar: which address filter it sets, and whether this list shows it. */
type SelectFilterRow = Omit<SelectFilterProps, 'value' | 'onChange'> & { filter: OrderFilterKey; shown: boolean };

/** Search and filters of the order lists; the seller's list has no team or proxy filters. */
export function OrderFiltersBar({ variant, state }: { variant: 'agency' | 'seller' | 'design'; state: State }) {
  const { list, range } = state;
  const f = list.filters;
  const { actor } = useSession();
  // Designers open /ds/orders without the agency's order list: no team choices for them.
  const agencySide = variant !== 'seller' && !!actor && can(actor, 'orders.agency');
  const teams = useQuery({ ...orderTeamsQuery(), enabled: agencySide });
  const proxies = useQuery({ ...proxyOptionsQuery(), enabled: variant === 'agency' });
  const groups = new Map<string, string>();
  for (const p of proxies.data ?? []) if (p.groupId && p.groupName) groups.set(p.groupId, p.groupName);
  const custom: [Dayjs | null, Dayjs | null] | null =
    !range && (f.dateFrom || f.dateTo) ? [f.dateFrom ? dayjs(f.dateFrom) : null, f.dateTo ? dayjs(f.dateTo) : null] : null;

  // In the order the bar shows them, after search and the dates.
  const selects: SelectFilterRow[] = [
    {
      filter: 'sellerTeam', shown: agencySide, id: 'order-team', label: 'Seller team', placeholder: 'All seller teams', width: WIDE,
      searchable: true, loading: teams.isFetching, options: (teams.data ?? []).map((t) => ({ value: t.id, label: t.name })),
    },
    {
      filter: 'catalogType', shown: true, id: 'order-type', label: 'Catalog type', placeholder: 'All types', width: NARROW,
      options: CATALOG_TYPES.map((t) => ({ value: t, label: CATALOG_TYPE_LABELS[t] })),
    },
    {
      filter: 'proxy', shown: variant === 'agency', id: 'order-proxy', label: 'Proxy', placeholder: 'All proxies', width: WIDE,
      multiple: true, loading: proxies.isFetching, options: (proxies.data ?? []).map((p) => ({ value: p.id, label: p.proxyDomain })),
    },
    {
      filter: 'proxyGroup', shown: variant === 'agency', id: 'order-proxy-group', label: 'Proxy group', placeholder: 'All groups', width: WIDE,
      multiple: true, options: [...groups].map(([value, label]) => ({ value, label })),
    },
    {
      filter: 'designStatus', shown: true, id: 'order-design', label: 'Design status', placeholder: 'Any', width: NARROW,
      options: DESIGN_STATUSES.map((s) => ({ value: s, label: DESIGN_STATUS_LABELS[s] })),
    },
    {
      filter: 'addressStatus', shown: true, id: 'order-address', label: 'Address status', placeholder: 'Any', width: NARROW,
      options: ADDRESS_STATUSES.map((s) => ({ value: String(s.value), label: s.name })),
    },
    {
      filter: 'cannotShip', shown: true, id: 'order-cannot-ship', label: 'Cannot ship', placeholder: 'Any', width: NARROW,
      options: [{ value: 'true', label: 'Cannot ship' }, { value: 'false', label: 'Ships' }],
    },
  ];

  return (
    <FilterBar>
      <FilterField id="order-search" label="Search">
        <SearchBox id="order-search" value={list.search} onSearch={(search) => list.update({ search })} placeholder="Order, customer, e-mail, reference" />
      </FilterField>
      <SelectFilter
        id="order-range"
        label="Created"
        placeholder="Any time"
        width={160}
        value={range}
        options={QUICK_RANGES}
        onChange={(value) => list.update({ range: value, dateFrom: undefined, dateTo: undefined })}
      />
      <FilterField id="order-dates" label="Custom range">
        <DatePicker.RangePicker
          id={{ start: 'order-dates', end: 'order-dates-end' }}
          allowEmpty={[true, true]}
          value={custom}
          onChange={(values) => list.update({ range: undefined, dateFrom: values?.[0]?.format(DAY), dateTo: values?.[1]?.format(DAY) })}
        />
      </FilterField>
      {selects.map(({ filter, shown, ...row }) =>
        shown ? <SelectFilter key={filter} {...row} value={f[filter]} onChange={(value) => list.update({ [filter]: value })} /> : null,
      )}
    </FilterBar>
  );
}
