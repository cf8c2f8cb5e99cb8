import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
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
import { NoStores } from '../components/NoStores';
import { ImportLogButton, StoreImportLogDrawer } from '../components/StoreImportLogDrawer';
import { storeColumns } from '../components/storeColumns';
import { isUnfiltered, storeFilters, storeListParams } from '../components/storeFilters';
import '../components/stores.css';

/**
 * /ag/stores: every store of the agency's sellers, read-only (the owner and customer support). A
 * store is run by its seller; the seller team links to its page for those who may open it, and each
 * store's import log (what its platform sent and what became of it) opens from its row.
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
    { title: 'Actions', key: 'actions', width: 90, render: (_, row) => <ImportLogButton store={row} onOpen={() => setLogStore(row)} /> },
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
    </>
  );
}
