import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Space, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ITEM_STATUSES, can, routePath, type ItemStatus, type OrderItemListItem } from '@fbo/shared';
import { displayOrderName } from '@fbo/shared/domain/orders';
import { formatUsd } from '@fbo/shared/domain/money';
import { failureMessage } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { DateTime } from '../../../components/DateTime';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { SelectFilter } from '../../../components/SelectFilter';
import { useListParams } from '../../../hooks/useListParams';
import { useSession } from '../../../entities/session';
import { orderItemListQuery, orderTeamsQuery, ordersApi } from '../orders.api';
import { orderStatusLabel } from '../../../entities/order';
import { DAY } from './useOrderFilters';

const FILTERS = ['status', 'dateFrom', 'dateTo', 'sellerTeam'] as const;
const ITEM_COLOR: Record<ItemStatus, string> = { Unfulfilled: 'default', InProduction: 'processing', InTransit: 'processing', Fulfilled: 'success', Cancel: 'default' };

/**
 * /ag/order-items and /s/order-items: every order line with its order, filtered by SKU or order
 * name, status, date and (agency) seller team, all in the address. The agency's owner and
 * support mark delivered (InTransit) items fulfilled; the order's status follows its items.
 */
export function OrderItemsList({ area }: { area: 'ag' | 's' }) {
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const { actor } = useSession();
  const list = useListParams(FILTERS);
  const f = list.filters;
  const isDay = (v?: string) => (v && dayjs(v, DAY, true).isValid() ? v : undefined);
  const status = ITEM_STATUSES.find((s) => s === f.status);
  const params = {
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    status,
    dateFrom: isDay(f.dateFrom),
    dateTo: isDay(f.dateTo),
    sellerTeam: area === 'ag' ? f.sellerTeam : undefined,
  };
  const query = useQuery(orderItemListQuery(params));
  const teams = useQuery({ ...orderTeamsQuery(), enabled: area === 'ag' });
  const mayFulfil = area === 'ag' && !!actor && can(actor, 'orders.agency.act');
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const inTransit = (query.data?.data ?? []).filter((i) => selected.includes(i.id) && i.status === 'InTransit');

  function markFulfilled() {
    modal.confirm({
      title: `Mark ${inTransit.length} item${inTransit.length === 1 ? '' : 's'} in transit as fulfilled?`,
      okText: 'Mark fulfilled',
      cancelText: 'Cancel',
      onCancel: () => void message.info('Cancel action!'),
      onOk: async () => {
        setBusy(true);
        try {
          const answer = await ordersApi.updateFulfilled(inTransit.map((i) => i.id));
          const failed = answer.results.filter((r) => !r.ok);
          if (failed.length) void message.warning(`${answer.succeeded} fulfilled, ${answer.failed} failed: ${failed[0]!.message}`);
          else void message.success(`${answer.succeeded} fulfilled`);
          setSelected([]);
        } catch (error) {
          void message.error(failureMessage(error) ?? 'Update failed');
        } finally {
          setBusy(false);
          void client.invalidateQueries({ queryKey: queryKeys.orders.all });
        }
      },
    });
  }

  const columns: TableColumnsType<OrderItemListItem> = [
    {
      title: 'Order',
      key: 'order',
      render: (_, row) => <Link to={routePath(area === 'ag' ? 'ag-order-detail' : 's-order-detail', { id: row.order.id })}>{displayOrderName(row.order.orderName)}</Link>,
    },
    ...(area === 'ag' ? [{ title: 'Seller', key: 'seller', render: (_: unknown, row: OrderItemListItem) => row.sellerTeam.name }] : []),
    { title: 'SKU', dataIndex: 'sku' },
    { title: 'Product', key: 'product', render: (_, row) => [row.title, row.color, row.size].filter(Boolean).join(' · ') || '—' },
    { title: 'Quantity', dataIndex: 'quantity', align: 'right' },
    { title: 'Price', dataIndex: 'price', align: 'right', render: (v: number) => formatUsd(v) },
    { title: 'Status', dataIndex: 'status', render: (s: ItemStatus) => <Tag color={ITEM_COLOR[s]}>{orderStatusLabel(s)}</Tag> },
    { title: 'Created', dataIndex: 'createdDate', render: (v: string) => <DateTime value={v} /> },
  ];
  const range: [Dayjs | null, Dayjs | null] | null =
    params.dateFrom || params.dateTo ? [params.dateFrom ? dayjs(params.dateFrom) : null, params.dateTo ? dayjs(params.dateTo) : null] : null;

  return (
    <>
      <PageHeader title="Order Items" />
      <FilterBar>
        <FilterField id="item-search" label="Search">
          <SearchBox id="item-search" value={list.search} onSearch={(search) => list.update({ search })} placeholder="SKU or order name" />
        </FilterField>
        <SelectFilter
          id="item-status"
          label="Status"
          placeholder="All statuses"
          width={160}
          value={status}
          options={ITEM_STATUSES.map((s) => ({ value: s, label: orderStatusLabel(s) }))}
          onChange={(value) => list.update({ status: value })}
        />
        <FilterField id="item-dates" label="Created between">
          <DatePicker.RangePicker
            id={{ start: 'item-dates', end: 'item-dates-end' }}
            allowEmpty={[true, true]}
            value={range}
            onChange={(values) => list.update({ dateFrom: values?.[0]?.format(DAY), dateTo: values?.[1]?.format(DAY) })}
          />
        </FilterField>
        {area === 'ag' ? (
          <SelectFilter
            id="item-team"
            label="Seller team"
            placeholder="All seller teams"
            width={220}
            searchable
            value={f.sellerTeam}
            options={(teams.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            onChange={(value) => list.update({ sellerTeam: value })}
          />
        ) : null}
      </FilterBar>
      {mayFulfil && selected.length > 0 ? (
        <div className="order-bulk-bar" role="region" aria-label="Bulk actions">
          <Space wrap>
            <span>{selected.length} selected</span>
            <Button type="primary" disabled={inTransit.length === 0} loading={busy} onClick={markFulfilled}>
              Mark fulfilled
            </Button>
            <Button type="link" onClick={() => setSelected([])}>
              Clear selection
            </Button>
          </Space>
        </div>
      ) : null}
      <ListTable<OrderItemListItem>
        label="Order Items"
        columns={columns}
        rowSelection={
          mayFulfil
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (row) => ({ 'aria-label': `Select item ${row.sku || row.id}` }),
              }
            : undefined
        }
        {...pagedQueryProps(query, list)}
      />
    </>
  );
}
