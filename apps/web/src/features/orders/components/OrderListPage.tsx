import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Space, Tabs, Tag, type TableColumnsType } from 'antd';
import { ORDER_ACTION_ROLES, can, roleOf, routePath, type OrderListItem, type OrderSide, type OrderStatus } from '@fbo/shared';
import { CATALOG_TYPE_LABELS } from '@fbo/shared/domain/catalog';
import { ADDRESS_STATUSES, DESIGN_STATUS_LABELS, ORDER_STATUSES, displayOrderName } from '@fbo/shared/domain/orders';
import { formatUsd } from '@fbo/shared/domain/money';
import { DateTime } from '../../../components/DateTime';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../entities/session';
import { ImportOrdersButton } from '../../order-import';
import { orderCountsQuery, orderListQuery } from '../orders.api';
import { BulkActionBar } from './BulkActionBar';
import { ExportOrdersButton } from './ExportOrdersButton';
import { OrderReportsButton } from '../../order-reports';
import { OrderFiltersBar } from './OrderFiltersBar';
import { OrderAttentionLinks, OrderStatusTag, orderStatusLabel } from '../../../entities/order';
import { useOrderFilters } from './useOrderFilters';
import './orders.css';

/** agency: /ag/orders; seller: /s/orders (no Seller column); design: /ds/orders (hired designs). */
export type OrderListVariant = 'agency' | 'seller' | 'design';

const ALL = 'all';
const DETAIL = { agency: 'ag-order-detail', seller: 's-order-detail', design: 'ds-order-detail' } as const;
/** The lists the order notifications link to (the design queue has none). */
const LIST = { agency: 'ag-orders', seller: 's-orders', design: null } as const;
const addressName = (v: number) => ADDRESS_STATUSES.find((s) => s.value === v)?.name ?? '—';

function columnsFor(variant: OrderListVariant): TableColumnsType<OrderListItem> {
  const columns: TableColumnsType<OrderListItem> = [
    {
      title: 'Order',
      dataIndex: 'orderName',
      render: (name: string, row) => <Link to={routePath(DETAIL[variant], { id: row.id })}>{displayOrderName(name)}</Link>,
    },
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
    { title: 'Type', dataIndex: 'orderType', render: (t: OrderListItem['orderType']) => CATALOG_TYPE_LABELS[t] },
    { title: 'Items', dataIndex: 'itemCount', align: 'right' },
    { title: 'Total', dataIndex: 'totalPrice', align: 'right', render: (value: number) => formatUsd(value) },
    { title: 'Charged', dataIndex: 'charged', align: 'right', render: (value: number) => formatUsd(value) },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: OrderStatus, row) => (
        <>
          <OrderStatusTag status={status} />
          {/* The agency does not ship there (Settings > Shipping): review before production. */}
          {row.cannotShip && !row.ignoreCannotShip ? <Tag color="error">Cannot ship</Tag> : null}
          {/* A store line not mapped to a catalog variant yet: it cannot be submitted until mapped. */}
          {row.needsMapping ? <Tag color="warning">Needs mapping</Tag> : null}
        </>
      ),
    },
    { title: 'Address', dataIndex: 'addressStatus', render: addressName },
    {
      title: 'Design',
      dataIndex: 'designStatus',
      render: (value: OrderListItem['designStatus']) => (value ? DESIGN_STATUS_LABELS[value] : '—'),
    },
    { title: 'Created', dataIndex: 'createdDate', render: (value: string) => <DateTime value={value} /> },
  );
  return columns;
}

/** Which side's bulk actions the signed-in user may take on this list (none on /ds/orders). */
function useActingSide(variant: OrderListVariant): OrderSide | null {
  const { actor } = useSession();
  if (!actor || variant === 'design') return null;
  const role = roleOf(actor);
  const side: OrderSide = variant === 'seller' ? 'seller' : 'agency';
  return ORDER_ACTION_ROLES[side].includes(role) ? side : null;
}

export function OrderListPage({ title, variant }: { title: string; variant: OrderListVariant }) {
  const state = useOrderFilters(variant);
  const { list, filters, status } = state;
  const { actor } = useSession();
  const side = useActingSide(variant);
  const mayExport = actor ? can(actor, 'orders.export') : false;
  const query = useQuery(orderListQuery({ page: list.page, limit: list.limit, status, ...filters }));
  const counts = useQuery(orderCountsQuery(filters));
  const [selected, setSelected] = useState<OrderListItem[]>([]);

  const count = (key: string) => {
    const data = counts.data;
    if (!data) return '';
    const n = key === ALL ? data.all : data.statuses[key as OrderStatus];
    return ` (${data.capped.includes(key) ? `${data.cap.toLocaleString('en-US')}+` : (n ?? 0).toLocaleString('en-US')})`;
  };
  const tabs = [ALL, ...ORDER_STATUSES].map((key) => ({ key, label: `${key === ALL ? 'All' : orderStatusLabel(key)}${count(key)}` }));

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Space wrap>
            {variant === 'seller' ? (
              <>
                <Link to={routePath('s-order-import-histories')}>Import histories</Link>
                <ImportOrdersButton />
              </>
            ) : null}
            {mayExport ? <ExportOrdersButton filters={{ status, ...filters }} /> : null}
            {variant === 'agency' ? <OrderReportsButton /> : null}
          </Space>
        }
      />
      {LIST[variant] ? <OrderAttentionLinks listPath={routePath(LIST[variant])} /> : null}
      <Tabs
        className="status-tabs"
        activeKey={status ?? ALL}
        items={tabs}
        onChange={(key) => {
          setSelected([]);
          list.update({ status: key === ALL ? undefined : key });
        }}
      />
      <OrderFiltersBar variant={variant} state={state} />
      {side && selected.length > 0 ? <BulkActionBar side={side} rows={selected} onDone={() => setSelected([])} /> : null}
      <ListTable<OrderListItem>
        label={title}
        columns={columnsFor(variant)}
        rowSelection={
          side
            ? {
                selectedRowKeys: selected.map((r) => r.id),
                // Rows of other pages stay selected only while their page is in memory: keep the objects.
                onChange: (_keys, rows) => setSelected(rows),
                preserveSelectedRowKeys: false,
                getCheckboxProps: (row) => ({ 'aria-label': `Select order ${displayOrderName(row.orderName)}` }),
              }
            : undefined
        }
        {...pagedQueryProps(query, list)}
      />
    </>
  );
}
