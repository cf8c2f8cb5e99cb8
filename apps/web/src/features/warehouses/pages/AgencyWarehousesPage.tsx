import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Tag, type TableColumnsType } from 'antd';
import { EditOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { can, warehouseListQuery as listSchema, type WarehouseRow } from '@fbo/shared';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { useFilterList } from '../../../components/filters/useFilterList';
import { usd } from '../../../entities/order';
import { useSession } from '../../../entities/session';
import { agencyWarehouseListQuery, agencyWarehouseQuery } from '../agency/agencyWarehouses.api';
import { StockDrawer } from '../agency/StockDrawer';
import { WarehouseFormDrawer } from '../agency/WarehouseFormDrawer';
import { WarehouseSettingsCard } from '../agency/WarehouseSettingsCard';
import { WAREHOUSE_FILTERS, warehouseListParams } from '../agency/warehouseFilters';
import '../agency/agency-warehouses.css';

const n = (v: number) => v.toLocaleString('en-US');

/**
 * /ag/warehouses (docs/warehouses.md "Warehouses"): the agency's warehouses with their figures. The owner creates and
 * edits them (fees, shipping bands) and sets what a shortage does and what the packing slip shows; the owner and staff
 * correct stock with a reason; customer support reads. Search, active and the open stock drawer live in the address.
 */
export default function AgencyWarehousesPage() {
  const { actor } = useSession();
  const mayManage = can(actor, 'warehouses.manage');
  const mayAdjust = can(actor, 'warehouses.adjust');
  const maySettings = can(actor, 'agency.settings');
  const list = useFilterList(listSchema, WAREHOUSE_FILTERS);
  const query = useQuery(agencyWarehouseListQuery(warehouseListParams(list)));
  // null: closed; 'new': create; a row: edit.
  const [editing, setEditing] = useState<WarehouseRow | 'new' | null>(null);
  const stockId = list.filters.stock;
  const onPage = query.data?.data.find((w) => w.id === stockId);
  const stockDetail = useQuery(agencyWarehouseQuery(stockId ?? '', !!stockId && query.isSuccess && !onPage));
  const stockOf = onPage ?? (stockId && stockDetail.data?.id === stockId ? stockDetail.data : null);
  const openStock = (id: string | undefined) => list.update({ stock: id, page: list.page });
  const empty = query.isSuccess && query.data.total === 0 && list.page === 1 && !list.search && !list.filters.active;

  const columns: TableColumnsType<WarehouseRow> = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, w) => (
        <Button type="link" style={{ padding: 0, height: 'auto', textAlign: 'start', whiteSpace: 'normal' }} onClick={() => openStock(w.id)} aria-label={`Stock in ${name}`}>
          {name}
        </Button>
      ),
    },
    { title: 'Code', dataIndex: 'code', render: (code: string) => <Tag>{code}</Tag> },
    { title: 'Warehouse team', key: 'team', render: (_, w) => `${w.team.name} (${w.team.code})` },
    { title: 'City / country', key: 'place', render: (_, w) => [w.address.city, w.address.country].filter(Boolean).join(', ') || '\u2014' },
    { title: 'Active', dataIndex: 'active', render: (active: boolean) => (active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>) },
    { title: 'Priority', dataIndex: 'priority', align: 'right' },
    { title: 'Units', dataIndex: 'units', align: 'right', render: n },
    { title: 'Stock value', dataIndex: 'stockValue', align: 'right', render: (v: number) => usd(v) },
    { title: 'Open orders', dataIndex: 'openOrders', align: 'right', render: n },
    { title: 'Open inbound', dataIndex: 'openInbound', align: 'right', render: n },
    {
      title: 'Low stock',
      dataIndex: 'lowStock',
      align: 'right',
      render: (v: number) => (v > 0 ? <span className="agency-warehouse-low" title="Products at or under their low-stock threshold, or out">{n(v)}</span> : n(v)),
    },
    {
      title: <span className="visually-hidden">Actions</span>,
      key: 'actions',
      render: (_, w) => (
        <Space>
          <Button size="small" icon={<InboxOutlined />} aria-label={`Stock in ${w.name}`} onClick={() => openStock(w.id)}>
            Stock
          </Button>
          {mayManage ? <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${w.name}`} title="Edit" onClick={() => setEditing(w)} /> : null}
        </Space>
      ),
    },
  ];

  const createButton = mayManage ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
      Create
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title="Warehouses" extra={createButton} />
      {maySettings ? <WarehouseSettingsCard /> : null}
      {empty ? (
        <Empty description={mayManage ? 'No warehouses yet: create one and choose the warehouse team that runs it.' : 'No warehouses yet.'}>{createButton}</Empty>
      ) : (
        <>
          <FilterBar {...list.bar} />
          <ListTable<WarehouseRow> label="Warehouses" columns={columns} {...pagedQueryProps(query, list)} />
        </>
      )}
      {editing ? <WarehouseFormDrawer warehouse={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {stockOf ? <StockDrawer warehouse={stockOf} mayAdjust={mayAdjust} onClose={() => openStock(undefined)} /> : null}
    </>
  );
}
