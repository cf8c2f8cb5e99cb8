import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tabs, Tag, type TableColumnsType } from 'antd';
import { can, routePath } from '@fbo/shared';
import {
  WAREHOUSE_ORDER_STATUSES, WAREHOUSE_ORDER_STATUS_LABELS, warehouseOrderListQuery as listSchema, type WarehouseOrderItem, type WarehouseOrderStatus,
} from '@fbo/shared/schemas/warehouse-orders';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import type { FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../entities/session';
import { warehouseOptionsQuery } from '../../warehouse-products';
import { PackingSlipButton } from '../components/PackingSlipButton';
import { WarehouseOrderStatusTag } from '../components/WarehouseOrderStatusTag';
import { usePackAction } from '../components/usePackAction';
import { warehouseOrderCountsQuery, warehouseOrderListQuery } from '../warehouse-orders.api';

const METHOD_LABELS: Record<string, string> = { standard: 'Standard', express: 'Express', overnight: 'Overnight' };
const DEFAULT_TAB: WarehouseOrderStatus = 'to_pick';

/**
 * /s/orders-warehouse: the warehouse team's queue. Tabs per status with their counts (To pick first), search and
 * warehouse filters, all kept in the address; per row the packing slip and, to pick, a quick Pack.
 */
export default function WarehouseOrdersPage() {
  const { actor } = useSession();
  const mayOperate = can(actor, 'warehouse.operate');
  const warehouses = useQuery(warehouseOptionsQuery());
  const list = useFilterList(listSchema, [
    { kind: 'search', key: 'search', id: 'warehouse-orders-search', label: 'Search', placeholder: 'Order name or ship-to name' },
    {
      kind: 'select', key: 'warehouse', id: 'warehouse-orders-warehouse', label: 'Warehouse', placeholder: 'All warehouses', width: 200,
      loading: warehouses.isLoading, options: (warehouses.data ?? []).map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` })),
    },
    { kind: 'custom', keys: ['status'] },
  ] satisfies FilterDecl[]);
  const { filters } = list;
  const status = (filters.status as WarehouseOrderStatus | undefined) ?? DEFAULT_TAB;
  const shared = { search: list.search || undefined, warehouse: filters.warehouse || undefined };
  const query = useQuery(warehouseOrderListQuery({ page: list.page, limit: list.limit, status, ...shared }));
  const counts = useQuery(warehouseOrderCountsQuery(shared));
  const { pack, packing } = usePackAction();

  const tabs = WAREHOUSE_ORDER_STATUSES.map((key) => ({
    key,
    label: `${WAREHOUSE_ORDER_STATUS_LABELS[key]}${counts.data ? ` (${counts.data[key].toLocaleString('en-US')})` : ''}`,
  }));

  const columns: TableColumnsType<WarehouseOrderItem> = [
    {
      title: 'Order',
      key: 'order',
      width: 150,
      render: (_, row) => <Link to={routePath('s-order-warehouse-detail', { id: row.id })}>{row.orderName}</Link>,
    },
    { title: 'Warehouse', key: 'warehouse', width: 110, render: (_, row) => <Tag>{row.warehouse.code}</Tag> },
    { title: 'Lines / units', key: 'units', width: 120, render: (_, row) => `${row.lines} / ${row.units}` },
    { title: 'Ship to', key: 'shipTo', render: (_, row) => [row.shipTo.name, row.shipTo.countryCode || row.shipTo.country].filter(Boolean).join(', ') || '—' },
    { title: 'Method', key: 'method', width: 110, render: (_, row) => METHOD_LABELS[row.shippingMethod] ?? row.shippingMethod },
    { title: 'Routed at', key: 'routedAt', width: 170, render: (_, row) => <DateTime value={row.routedAt} /> },
    { title: 'Status', key: 'status', width: 120, render: (_, row) => <WarehouseOrderStatusTag status={row.status} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 220,
      render: (_, row) => (
        <Space wrap>
          <PackingSlipButton id={row.id} orderName={row.orderName} size="small" />
          {mayOperate && row.status === 'to_pick' ? (
            <Button size="small" type="primary" loading={packing === row.id} onClick={() => void pack(row.id)} aria-label={`Pack order ${row.orderName}`}>
              Pack
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Warehouse Orders" />
      <Tabs className="status-tabs" activeKey={status} items={tabs} onChange={(key) => list.update({ status: key === DEFAULT_TAB ? undefined : key })} />
      <FilterBar {...list.bar} />
      <ListTable<WarehouseOrderItem> label="Warehouse orders" columns={columns} {...pagedQueryProps(query, list)} />
    </>
  );
}
