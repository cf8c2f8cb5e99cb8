import { useQuery } from '@tanstack/react-query';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ADDRESS_STATUSES, DESIGN_STATUSES, DESIGN_STATUS_LABELS } from '@fbo/shared/domain/orders';
import { CATALOG_TYPES, CATALOG_TYPE_LABELS } from '@fbo/shared/domain/catalog';
import { can } from '@fbo/shared';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { SearchBox } from '../../../components/SearchBox';
import { useSession } from '../../session/useSession';
import { orderProxiesQuery, orderTeamsQuery } from '../orders.api';
import { DAY, QUICK_RANGES, type useOrderFilters } from './useOrderFilters';

type State = ReturnType<typeof useOrderFilters>;
const WIDE = { width: 220 };

/** Search and filters of the order lists; the seller's list has no team or proxy filters. */
export function OrderFiltersBar({ variant, state }: { variant: 'agency' | 'seller' | 'design'; state: State }) {
  const { list, range } = state;
  const f = list.filters;
  const { actor } = useSession();
  // Designers open /ds/orders without the agency's order list: no team choices for them.
  const agencySide = variant !== 'seller' && !!actor && can(actor, 'orders.agency');
  const teams = useQuery({ ...orderTeamsQuery(), enabled: agencySide });
  const proxies = useQuery({ ...orderProxiesQuery(), enabled: variant === 'agency' });
  const groups = new Map<string, string>();
  for (const p of proxies.data ?? []) if (p.groupId && p.groupName) groups.set(p.groupId, p.groupName);
  const ids = (v?: string) => (v ? v.split(',') : []);
  const custom: [Dayjs | null, Dayjs | null] | null =
    !range && (f.dateFrom || f.dateTo) ? [f.dateFrom ? dayjs(f.dateFrom) : null, f.dateTo ? dayjs(f.dateTo) : null] : null;

  return (
    <FilterBar>
      <FilterField id="order-search" label="Search">
        <SearchBox id="order-search" value={list.search} onSearch={(search) => list.update({ search })} placeholder="Order, customer, e-mail, reference" />
      </FilterField>
      <FilterField id="order-range" label="Created">
        <Select
          id="order-range"
          allowClear
          placeholder="Any time"
          style={{ width: 160 }}
          value={range}
          options={QUICK_RANGES.map((r) => ({ value: r.value, label: r.label }))}
          onChange={(value?: string) => list.update({ range: value, dateFrom: undefined, dateTo: undefined })}
        />
      </FilterField>
      <FilterField id="order-dates" label="Custom range">
        <DatePicker.RangePicker
          id={{ start: 'order-dates', end: 'order-dates-end' }}
          allowEmpty={[true, true]}
          value={custom}
          onChange={(values) => list.update({ range: undefined, dateFrom: values?.[0]?.format(DAY), dateTo: values?.[1]?.format(DAY) })}
        />
      </FilterField>
      {agencySide ? (
        <FilterField id="order-team" label="Seller team">
          <Select
            id="order-team"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="All seller teams"
            style={WIDE}
            loading={teams.isFetching}
            value={f.sellerTeam}
            options={(teams.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            onChange={(value?: string) => list.update({ sellerTeam: value })}
          />
        </FilterField>
      ) : null}
      <FilterField id="order-type" label="Catalog type">
        <Select
          id="order-type"
          allowClear
          placeholder="All types"
          style={{ width: 140 }}
          value={f.catalogType}
          options={CATALOG_TYPES.map((t) => ({ value: t, label: CATALOG_TYPE_LABELS[t] }))}
          onChange={(value?: string) => list.update({ catalogType: value })}
        />
      </FilterField>
      {variant === 'agency' ? (
        <>
          <FilterField id="order-proxy" label="Proxy">
            <Select
              id="order-proxy"
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder="All proxies"
              style={WIDE}
              loading={proxies.isFetching}
              value={ids(f.proxy)}
              options={(proxies.data ?? []).map((p) => ({ value: p.id, label: p.proxyDomain }))}
              onChange={(values: string[]) => list.update({ proxy: values.join(',') || undefined })}
            />
          </FilterField>
          <FilterField id="order-proxy-group" label="Proxy group">
            <Select
              id="order-proxy-group"
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder="All groups"
              style={WIDE}
              value={ids(f.proxyGroup)}
              options={[...groups].map(([value, label]) => ({ value, label }))}
              onChange={(values: string[]) => list.update({ proxyGroup: values.join(',') || undefined })}
            />
          </FilterField>
        </>
      ) : null}
      <FilterField id="order-design" label="Design status">
        <Select
          id="order-design"
          allowClear
          placeholder="Any"
          style={{ width: 140 }}
          value={f.designStatus}
          options={DESIGN_STATUSES.map((s) => ({ value: s, label: DESIGN_STATUS_LABELS[s] }))}
          onChange={(value?: string) => list.update({ designStatus: value })}
        />
      </FilterField>
      <FilterField id="order-address" label="Address status">
        <Select
          id="order-address"
          allowClear
          placeholder="Any"
          style={{ width: 140 }}
          value={f.addressStatus}
          options={ADDRESS_STATUSES.map((s) => ({ value: String(s.value), label: s.name }))}
          onChange={(value?: string) => list.update({ addressStatus: value })}
        />
      </FilterField>
      <FilterField id="order-cannot-ship" label="Cannot ship">
        <Select
          id="order-cannot-ship"
          allowClear
          placeholder="Any"
          style={{ width: 140 }}
          value={f.cannotShip}
          options={[{ value: 'true', label: 'Cannot ship' }, { value: 'false', label: 'Ships' }]}
          onChange={(value?: string) => list.update({ cannotShip: value })}
        />
      </FilterField>
    </FilterBar>
  );
}
