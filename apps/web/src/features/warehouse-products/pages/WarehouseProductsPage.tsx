import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { can, routePath, warehouseProductListQuery as listSchema, type WarehouseProductItem } from '@fbo/shared';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { useFilterList } from '../../../components/filters/useFilterList';
import { CatalogImage } from '../../../entities/catalog';
import { useSession } from '../../../entities/session';
import { ExportWarehouseProductsButton } from '../components/ExportWarehouseProductsButton';
import { StockTag } from '../components/StockTag';
import { isUnfiltered, warehouseProductFilters, warehouseProductListParams } from '../components/warehouseProductFilters';
import { weightText } from '../components/weight';
import { warehouseOptionsQuery, warehouseProductListQuery } from '../warehouse-products.api';

/**
 * /s/products-warehouse: the warehouse products the user sees (docs/warehouses.md "Warehouse products"): a seller
 * team its own, a warehouse team those stocked or arriving at its warehouses (with their owner). Filters in the
 * address; the owning team's manager and staff create; a row opens the product (read only for a warehouse).
 */
export default function WarehouseProductsPage() {
  const { actor } = useSession();
  const navigate = useNavigate();
  const mayManage = can(actor, 'warehouseProducts.manage');
  const warehouses = useQuery(warehouseOptionsQuery());
  const list = useFilterList(listSchema, warehouseProductFilters(warehouses.data ?? [], warehouses.isLoading));
  const params = warehouseProductListParams(list);
  const query = useQuery(warehouseProductListQuery(params));
  const showOwner = !!query.data?.data.some((p) => p.ownerTeam);
  const shown = (warehouses.data ?? []).filter((w) => !params.warehouse || w.id === params.warehouse);
  const openPath = (id: string) => routePath('s-products-warehouse-update', { id });
  const { page: _page, limit: _limit, ...filters } = params;
  const empty = query.isSuccess && query.data.total === 0 && isUnfiltered(list);

  const columns: TableColumnsType<WarehouseProductItem> = [
    { title: 'Image', key: 'image', width: 72, render: (_: unknown, row) => <CatalogImage src={row.image} name={row.name} /> },
    { title: 'SKU', dataIndex: 'sku', render: (sku: string, row) => <Link to={openPath(row.id)}>{sku}</Link> },
    { title: 'Name', dataIndex: 'name' },
    ...(showOwner ? [{ title: 'Owner team', key: 'owner', render: (_: unknown, row: WarehouseProductItem) => row.ownerTeam?.name ?? '\u2014' }] : []),
    { title: 'Weight', key: 'weight', render: (_: unknown, row) => weightText(row.weight) },
    ...shown.map((w) => ({
      title: <span title={w.name}>{w.code} available</span>,
      key: `w-${w.id}`,
      render: (_: unknown, row: WarehouseProductItem) => {
        const level = row.levels.find((l) => l.warehouseId === w.id);
        return level ? <StockTag level={level} /> : <span aria-label="Not stocked here">{'\u2014'}</span>;
      },
    })),
    { title: 'Total available', key: 'total', align: 'right', render: (_: unknown, row) => row.totals.available.toLocaleString('en-US') },
  ];

  const createButton = mayManage ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(routePath('s-products-warehouse-create'))}>
      Create
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Warehouse Products"
        extra={
          <Space wrap>
            {empty ? null : <ExportWarehouseProductsButton filters={filters} />}
            {createButton}
          </Space>
        }
      />
      {empty ? (
        <Empty description={mayManage ? 'No warehouse products yet: create one, then send stock to a warehouse.' : 'No warehouse products yet.'}>
          {createButton}
        </Empty>
      ) : (
        <>
          <FilterBar {...list.bar} />
          <ListTable<WarehouseProductItem> label="Warehouse products" columns={columns} {...pagedQueryProps(query, list)} />
        </>
      )}
    </>
  );
}
