import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { PlusOutlined, SyncOutlined, UploadOutlined } from '@ant-design/icons';
import { can, productListQuery as productListSchema, type ProductItem } from '@fbo/shared';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { stepBackAfterDelete } from '../../../components/stepBackAfterDelete';
import { useFilterList } from '../../../components/filters/useFilterList';
import { useSession } from '../../../entities/session';
import { manualStoresQuery, productListQuery, productStoresQuery, productsApi } from '../products.api';
import { BulkProductActions } from '../components/BulkProductActions';
import { CreateProductDrawer } from '../components/CreateProductDrawer';
import { ExportProductsButton } from '../components/ExportProductsButton';
import { NoProducts } from '../components/NoProducts';
import { SyncProductsDialog } from '../components/SyncProductsDialog';
import { ImportMappingDialog } from '../components/ImportMappingDialog';
import { productColumns } from '../components/productColumns';
import { isUnfiltered, productFilters, productListParams } from '../components/productFilters';
import '../products.css';

const COLUMNS = productColumns();

/**
 * /s/products: the team's store products. Everyone who opens it reads them and exports the current
 * filters; the manager and staff mark them personalized, delete them, and add one by hand when the team
 * has a manual store (products.manage); the manager syncs a connected store (stores.seller).
 */
export default function SellerProductsPage() {
  const { actor } = useSession();
  const mayManage = can(actor, 'products.manage');
  const maySync = can(actor, 'stores.seller');
  const stores = useQuery(productStoresQuery(maySync));
  const list = useFilterList(productListSchema, productFilters(stores.data ?? [], stores.isLoading));
  const params = productListParams(list);
  const query = useQuery(productListQuery(params));
  const manual = useQuery(manualStoresQuery(mayManage));
  const [selected, setSelected] = useState<ProductItem[]>([]);
  const [syncing, setSyncing] = useState(false);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const manualStores = manual.data ?? [];

  const syncButton = maySync ? (
    <Button type="primary" icon={<SyncOutlined />} onClick={() => setSyncing(true)}>
      Sync products
    </Button>
  ) : null;
  const addButton = mayManage && manualStores.length > 0 ? (
    <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      Add product
    </Button>
  ) : null;
  // The export takes what the list shows now: its filters, every page.
  const { page: _page, limit: _limit, ...filters } = params;
  const exportButton = (
    <ExportProductsButton label="Export" title="Export products" start={() => productsApi.exportList(filters)} />
  );
  const importButton = mayManage ? (
    <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
      Import mapping
    </Button>
  ) : null;
  const noProducts = query.isSuccess && query.data.total === 0 && isUnfiltered(list);

  function afterBulk(deleted: number) {
    if (deleted > 0 && deleted >= (query.data?.data.length ?? 0)) stepBackAfterDelete(list, 1);
    setSelected([]);
  }

  return (
    <>
      <PageHeader
        title="Products"
        extra={
          <Space wrap>
            {noProducts ? null : exportButton}
            {noProducts ? null : importButton}
            {addButton}
            {syncButton}
          </Space>
        }
      />
      {noProducts ? (
        <NoProducts
          actions={
            <Space wrap>
              {addButton}
              {syncButton}
            </Space>
          }
        />
      ) : (
        <>
          <FilterBar
            {...list.bar}
            onChange={(change) => {
              setSelected([]);
              list.bar.onChange(change);
            }}
          />
          {mayManage && selected.length > 0 ? <BulkProductActions rows={selected} onDone={afterBulk} /> : null}
          <ListTable<ProductItem>
            label="Products"
            columns={COLUMNS}
            {...pagedQueryProps(query, list)}
            rowSelection={
              mayManage
                ? {
                    selectedRowKeys: selected.map((r) => r.id),
                    onChange: (_keys, rows) => setSelected(rows),
                    getTitleCheckboxProps: () => ({ 'aria-label': 'Select all products on this page' }),
                    getCheckboxProps: (row) => ({ 'aria-label': `Select ${row.title}` }),
                  }
                : undefined
            }
          />
        </>
      )}
      {syncing ? <SyncProductsDialog stores={stores.data ?? []} onClose={() => setSyncing(false)} /> : null}
      {creating ? <CreateProductDrawer stores={manualStores} onClose={() => setCreating(false)} /> : null}
      {importing ? <ImportMappingDialog onClose={() => setImporting(false)} /> : null}
    </>
  );
}
