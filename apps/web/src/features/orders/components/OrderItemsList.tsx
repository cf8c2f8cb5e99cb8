import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tag, type TableColumnsType } from 'antd';
import { ITEM_STATUSES, can, routePath, type ItemStatus, type OrderItemListItem } from '@fbo/shared';
import { displayOrderName } from '@fbo/shared/domain/orders';
import { formatUsd } from '@fbo/shared/domain/money';
import { orderItemListQuery as orderItemListSchema } from '@fbo/shared/schemas/order-items';
import { failureMessage } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { useSession } from '../../../entities/session';
import { orderItemListQuery, orderTeamsQuery, ordersApi } from '../orders.api';
import { orderStatusLabel } from '../../../entities/order';

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
  const teams = useQuery({ ...orderTeamsQuery(), enabled: area === 'ag' });
  const list = useFilterList(orderItemListSchema, [
    searchFilter('item-search', 'SKU or order name'),
    {
      kind: 'select', key: 'status', id: 'item-status', label: 'Status', placeholder: 'All statuses', width: 160,
      options: ITEM_STATUSES.map((s) => ({ value: s, label: orderStatusLabel(s) })),
    },
    { kind: 'dayRange', id: 'item-dates', label: 'Created between', from: 'dateFrom', to: 'dateTo' },
    // Only the agency picks a team; the seller's items are its own team's.
    ...(area === 'ag'
      ? [
          {
            kind: 'select', key: 'sellerTeam', id: 'item-team', label: 'Seller team', placeholder: 'All seller teams', width: 220,
            searchable: true, options: (teams.data ?? []).map((t) => ({ value: t.id, label: t.name })),
          } satisfies FilterDecl,
        ]
      : []),
  ] satisfies FilterDecl[]);
  const f = list.filters;
  const params = {
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    status: ITEM_STATUSES.find((s) => s === f.status),
    dateFrom: f.dateFrom,
    dateTo: f.dateTo,
    sellerTeam: f.sellerTeam,
  };
  const query = useQuery(orderItemListQuery(params));
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

  return (
    <>
      <PageHeader title="Order Items" />
      <FilterBar {...list.bar} />
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
