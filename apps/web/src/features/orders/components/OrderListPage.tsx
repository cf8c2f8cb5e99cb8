import { useQuery } from '@tanstack/react-query';
import { Tabs, Tag, type TableColumnsType } from 'antd';
import type { OrderListItem, OrderStatus } from '@fbo/shared';
import { DESIGN_STATUS_LABELS, ORDER_STATUSES, displayOrderName } from '@fbo/shared/domain/orders';
import { formatUsd } from '@fbo/shared/domain/money';
import { DateTime } from '../../../components/DateTime';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../hooks/useListParams';
import { orderListQuery, type OrderListParams } from '../orders.api';
import { OrderStatusTag, orderStatusLabel } from './OrderStatusTag';
import './orders.css';

/** agency: /ag/orders; seller: /s/orders (no Seller column); design: /ds/orders (hired designs). */
export type OrderListVariant = 'agency' | 'seller' | 'design';

const FILTERS = ['status'] as const;
const ALL = 'all';
const statusTabs = [ALL, ...ORDER_STATUSES].map((key) => ({ key, label: key === ALL ? 'All' : orderStatusLabel(key) }));

function columnsFor(variant: OrderListVariant): TableColumnsType<OrderListItem> {
  const columns: TableColumnsType<OrderListItem> = [
    { title: 'Order', dataIndex: 'orderName', render: (name: string) => <strong>{displayOrderName(name)}</strong> },
  ];
  if (variant !== 'seller') columns.push({ title: 'Seller', key: 'seller', render: (_, row) => row.sellerTeam.name });
  columns.push(
    {
      title: 'Customer',
      key: 'customer',
      render: (_, row) => (
        <>
          <div>{row.fullName}</div>
          <div className="order-country">{row.country}</div>
        </>
      ),
    },
    { title: 'Items', dataIndex: 'itemCount', align: 'right' },
    { title: 'Total', dataIndex: 'totalPrice', align: 'right', render: (value: number) => formatUsd(value) },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: OrderStatus, row) => (
        <>
          <OrderStatusTag status={status} />
          {/* The agency does not ship there (Settings > Shipping): review before production. */}
          {row.cannotShip ? <Tag color="error">Cannot ship</Tag> : null}
        </>
      ),
    },
  );
  if (variant === 'design') {
    columns.push({
      title: 'Design',
      dataIndex: 'designStatus',
      render: (value: OrderListItem['designStatus']) => (value ? DESIGN_STATUS_LABELS[value] : '—'),
    });
  }
  columns.push({ title: 'Created', dataIndex: 'createdDate', render: (value: string) => <DateTime value={value} /> });
  return columns;
}

export function OrderListPage({ title, variant }: { title: string; variant: OrderListVariant }) {
  const list = useListParams(FILTERS);
  const status = ORDER_STATUSES.find((s) => s === list.filters.status);
  const params: OrderListParams = {
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    status,
    ...(variant === 'design' ? { hireDesign: true } : {}),
  };
  const query = useQuery(orderListQuery(params));

  return (
    <>
      <PageHeader title={title} />
      <Tabs
        className="status-tabs"
        activeKey={status ?? ALL}
        items={statusTabs}
        onChange={(key) => list.update({ status: key === ALL ? undefined : key })}
      />
      <FilterBar>
        <FilterField id="order-search" label="Search">
          <SearchBox id="order-search" value={list.search} onSearch={(search) => list.update({ search })} placeholder="Order or customer" />
        </FilterField>
      </FilterBar>
      <ListTable<OrderListItem>
        label={title}
        columns={columnsFor(variant)}
        {...pagedQueryProps(query, list)}
      />
    </>
  );
}
