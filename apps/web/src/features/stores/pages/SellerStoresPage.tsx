import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Tooltip, type TableColumnsType } from 'antd';
import { CloudDownloadOutlined, DeleteOutlined, DisconnectOutlined, EditOutlined, PlusOutlined, ShoppingOutlined } from '@ant-design/icons';
import type { StoreItem } from '@fbo/shared';
import { storeListQuery as storeListSchema } from '@fbo/shared/schemas/stores';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { stepBackAfterDelete } from '../../../components/stepBackAfterDelete';
import { useFilterList } from '../../../components/filters/useFilterList';
import { storeListQuery } from '../stores.api';
import { ConnectShopifyDialog } from '../components/ConnectShopifyDialog';
import { ConnectWooCommerceDialog } from '../components/ConnectWooCommerceDialog';
import { ConnectEtsyDialog } from '../components/ConnectEtsyDialog';
import { EditStoreDialog } from '../components/EditStoreDialog';
import { ManualStoreDialog } from '../components/ManualStoreDialog';
import { NoStores } from '../components/NoStores';
import { PullOrdersDialog } from '../components/PullOrdersDialog';
import { ImportLogButton, StoreImportLogDrawer } from '../components/StoreImportLogDrawer';
import { highlightRow, storeColumns } from '../components/storeColumns';
import { isUnfiltered, storeFilters, storeListParams } from '../components/storeFilters';
import { useConnectResult } from '../components/useConnectResult';
import { useStoreActions } from '../components/useStoreActions';
import '../components/stores.css';

type Dialog =
  | { kind: 'closed' }
  | { kind: 'shopify' }
  | { kind: 'woocommerce' }
  | { kind: 'etsy' }
  | { kind: 'manual' }
  | { kind: 'edit'; store: StoreItem }
  | { kind: 'log'; store: StoreItem }
  | { kind: 'pull'; store: StoreItem };

/** A store whose orders can be read again: a connected platform store that is not the demo data's (the server refuses the others). */
const canPull = (store: StoreItem) => store.platform !== 'manual' && store.status === 'connected' && !store.isDemo;

const FILTERS = storeFilters('stores');

/**
 * /s/integrations (menu "Stores"): the seller team's stores. Its manager connects a Shopify, WooCommerce or Etsy shop or
 * adds a manual (CSV-only) store, edits a store's import rules, reads its import log, pulls a shop's
 * recent orders, disconnects it, or deletes one no order came from.
 */
export default function SellerStoresPage() {
  const list = useFilterList(storeListSchema, FILTERS);
  const query = useQuery(storeListQuery(storeListParams(list)));
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const { highlight, failure, clearFailure } = useConnectResult();
  const actions = useStoreActions(() => stepBackAfterDelete(list, query.data?.data.length ?? 0));
  const close = () => setDialog({ kind: 'closed' });

  const columns: TableColumnsType<StoreItem> = [
    ...storeColumns(),
    {
      title: 'Actions',
      key: 'actions',
      width: 240,
      render: (_, row) => (
        <Space size={4}>
          <Tooltip title="Edit">
            <Button icon={<EditOutlined />} aria-label={`Edit ${row.name}`} onClick={() => setDialog({ kind: 'edit', store: row })} />
          </Tooltip>
          <ImportLogButton store={row} onOpen={() => setDialog({ kind: 'log', store: row })} />
          {canPull(row) ? (
            <Tooltip title="Pull orders">
              <Button icon={<CloudDownloadOutlined />} aria-label={`Pull orders of ${row.name}`} onClick={() => setDialog({ kind: 'pull', store: row })} />
            </Tooltip>
          ) : null}
          {row.status !== 'disconnected' ? (
            <Tooltip title="Disconnect">
              <Button icon={<DisconnectOutlined />} aria-label={`Disconnect ${row.name}`} onClick={() => actions.disconnect(row)} />
            </Tooltip>
          ) : null}
          {/* A store that received orders can only be disconnected (the server says so too: 409). */}
          {!row.hasOrders ? (
            <Tooltip title="Delete">
              <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${row.name}`} onClick={() => actions.remove(row)} />
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  const addButtons = (
    <Space wrap>
      <Button type="primary" icon={<ShoppingOutlined aria-hidden />} onClick={() => setDialog({ kind: 'shopify' })}>
        Connect Shopify
      </Button>
      <Button icon={<ShoppingOutlined aria-hidden />} onClick={() => setDialog({ kind: 'woocommerce' })}>
        Connect WooCommerce
      </Button>
      <Button icon={<ShoppingOutlined aria-hidden />} onClick={() => setDialog({ kind: 'etsy' })}>
        Connect Etsy
      </Button>
      <Button icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'manual' })}>
        Add manual store
      </Button>
    </Space>
  );
  const noStores = query.isSuccess && query.data.total === 0 && isUnfiltered(list);

  return (
    <>
      <PageHeader title="Stores" extra={addButtons} />
      {failure ? (
        <Alert type="error" showIcon closable title="The store could not be connected" description={failure} onClose={clearFailure} style={{ marginBottom: 16 }} />
      ) : null}
      {noStores ? (
        <NoStores actions={addButtons} />
      ) : (
        <>
          <FilterBar {...list.bar} />
          <ListTable<StoreItem> label="Stores" columns={highlightRow(columns, highlight)} {...pagedQueryProps(query, list)} />
        </>
      )}
      {dialog.kind === 'shopify' ? <ConnectShopifyDialog onClose={close} /> : null}
      {dialog.kind === 'woocommerce' ? <ConnectWooCommerceDialog onClose={close} /> : null}
      {dialog.kind === 'etsy' ? <ConnectEtsyDialog onClose={close} /> : null}
      {dialog.kind === 'manual' ? <ManualStoreDialog onClose={close} /> : null}
      {dialog.kind === 'edit' ? <EditStoreDialog store={dialog.store} onClose={close} /> : null}
      {dialog.kind === 'log' ? <StoreImportLogDrawer store={dialog.store} onClose={close} canSync /> : null}
      {dialog.kind === 'pull' ? <PullOrdersDialog store={dialog.store} onClose={close} /> : null}
    </>
  );
}
