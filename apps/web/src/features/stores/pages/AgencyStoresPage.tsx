import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tooltip, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { StoreItem } from '@fbo/shared';
import { canOpenRoute } from '@fbo/shared/auth/access';
import { findRoute, routePath } from '@fbo/shared/routes';
import { storeListQuery as storeListSchema } from '@fbo/shared/schemas/stores';
import { FilterBar, sellerTeamFilter } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { useFilterList } from '../../../components/filters/useFilterList';
import { useSession } from '../../../entities/session';
import { storeListQuery, storeTeamsQuery } from '../stores.api';
import { ExportProductsButton, ImportMappingDialog, productsApi } from '../../products';
import { NoStores } from '../components/NoStores';
import { ImportLogButton, StoreImportLogDrawer } from '../components/StoreImportLogDrawer';
import { storeColumns } from '../components/storeColumns';
import { isUnfiltered, storeFilters, storeListParams } from '../components/storeFilters';
import '../components/stores.css';

/**
 * /ag/stores: every store of the agency's sellers (the owner and customer support). A store is run by its seller;
 * the agency maps a store's products on its seller's behalf in bulk (export, edit, import mapping). The seller team
 * links to its page for those who may open it, and each store's import log (what its platform sent and what became
 * of it) opens from its row.
 */
export default function AgencyStoresPage() {
  const { actor } = useSession();
  const teams = useQuery(storeTeamsQuery());
  const list = useFilterList(storeListSchema, [
    ...storeFilters('ag-stores'),
    { ...sellerTeamFilter('ag-stores-team', teams.data, teams.isLoading), key: 'sellerTeamId' },
  ]);
  const query = useQuery(storeListQuery(storeListParams(list)));
  const sellerRoute = findRoute('ag-seller-detail');
  const canOpenSeller = Boolean(actor && sellerRoute && canOpenRoute(actor, sellerRoute));
  const [logStore, setLogStore] = useState<StoreItem | null>(null);
  const [mappingStore, setMappingStore] = useState<StoreItem | null>(null);

  const columns: TableColumnsType<StoreItem> = [
    {
      title: 'Seller team',
      key: 'sellerTeam',
      render: (_, row) => {
        const text = `${row.sellerTeam.name} (${row.sellerTeam.code})`;
        return canOpenSeller ? <Link to={routePath('ag-seller-detail', { id: row.sellerTeam.id })}>{text}</Link> : text;
      },
    },
    ...storeColumns(),
    {
      title: 'Actions',
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <Space size={4}>
          <ImportLogButton store={row} onOpen={() => setLogStore(row)} />
          {/* Bulk mapping on the seller's behalf: the store's products as the template, then the edited file. */}
          <ExportProductsButton iconOnly label={`Export products of ${row.name}`} title={`Export products: ${row.name}`} start={() => productsApi.exportStore(row.id)} />
          <Tooltip title="Import mapping">
            <Button icon={<UploadOutlined />} aria-label={`Import mapping of ${row.name}`} onClick={() => setMappingStore(row)} />
          </Tooltip>
        </Space>
      ),
    },
  ];
  const noStores = query.isSuccess && query.data.total === 0 && isUnfiltered(list);

  return (
    <>
      <PageHeader title="Stores" />
      {noStores ? (
        <NoStores text="Your sellers' stores show here once they connect them from their Stores page." />
      ) : (
        <>
          <FilterBar {...list.bar} />
          <ListTable<StoreItem> label="Stores" columns={columns} {...pagedQueryProps(query, list)} />
        </>
      )}
      {logStore ? <StoreImportLogDrawer store={logStore} onClose={() => setLogStore(null)} /> : null}
      {mappingStore ? <ImportMappingDialog store={mappingStore} onClose={() => setMappingStore(null)} /> : null}
    </>
  );
}
