import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Space, type TableColumnsType } from 'antd';
import { DownOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { CatalogListItem } from '@fbo/shared';
import { PUBLISH_FILTER_OPTIONS } from '@fbo/shared/domain/catalog';
import { PRICE_STATUS, SUPPLIER_MSG, SUPPLIER_SCOPE } from '@fbo/shared/domain/supplier-prices';
import { catalogListQuery as catalogListSchema } from '@fbo/shared/schemas/catalogs';
import { failureMessage } from '../../../api/http';
import { downloadUrl } from '../../../api/download';
import { queryKeys } from '../../../api/query-keys';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import type { FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { useRequiredSession } from '../../../entities/session';
import { catalogListQuery, type CatalogListParams, CatalogImage, PublishStatusTag } from '../../../entities/catalog';
import { HistoryLogsDialog } from '../components/HistoryLogsDialog';
import { ImportDialog } from '../components/ImportDialog';
import { PriceDialog } from '../components/PriceDialog';
import { supplierPricesApi } from '../supplier-catalog.api';
import '../supplier-catalog.css';

const statusOptions = PUBLISH_FILTER_OPTIONS.map((s) => ({ value: String(s.value), label: s.name }));
const FILTERS: FilterDecl[] = [
  { kind: 'search', key: 'search', id: 'supplier-catalog-search', label: 'Search', placeholder: 'Name or code' },
  { kind: 'select', key: 'publishStatus', id: 'supplier-catalog-status', label: 'Status', placeholder: 'All statuses', width: 170, options: statusOptions },
];

type Dialog =
  | { kind: 'closed' }
  | { kind: 'price'; catalog: CatalogListItem }
  | { kind: 'logs'; catalog: CatalogListItem }
  | { kind: 'import' };

/**
 * /a/supplier-catalog (administrator and supplier): the dropship trademark catalogs whose expected
 * prices suppliers fill in. The fixed scope goes with every list and export call.
 */
export function SupplierCatalogListPage() {
  const { actor } = useRequiredSession();
  const isAdmin = actor.userType === 'administrator';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useFilterList(catalogListSchema, FILTERS);
  const { publishStatus } = list.filters;
  const params: CatalogListParams = {
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    publishStatus: publishStatus === undefined ? undefined : Number(publishStatus),
    ...SUPPLIER_SCOPE,
  };
  const query = useQuery(catalogListQuery(params));
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const [exporting, setExporting] = useState(false);
  const close = () => setDialog({ kind: 'closed' });
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.catalogs.all });

  async function mark(row: CatalogListItem, status: number) {
    try {
      const result = await supplierPricesApi.setStatus([row.id], status);
      if (result.ok) void message.success(SUPPLIER_MSG.updateSuccess);
      else void message.error(result.body.message ?? 'Update failed');
    } catch (error) {
      void message.error(failureMessage(error) ?? 'Update failed');
    } finally {
      reload();
    }
  }

  async function exportPrices() {
    setExporting(true);
    try {
      const { dropship, isTrademark } = SUPPLIER_SCOPE;
      const result = await supplierPricesApi.exportPrices({ dropship, isTrademark, search: params.search, publishStatus: params.publishStatus });
      if (result.ok && result.body.data?.url) {
        downloadUrl(result.body.data.url);
        void message.success(SUPPLIER_MSG.exportSuccess);
      } else {
        void message.error((!result.ok && result.body.message) || SUPPLIER_MSG.exportError);
      }
    } catch (error) {
      void message.error(failureMessage(error) ?? SUPPLIER_MSG.exportError);
    } finally {
      setExporting(false);
    }
  }

  const columns: TableColumnsType<CatalogListItem> = [
    { title: 'Created', dataIndex: 'createdAt', width: 170, render: (value: string) => <DateTime value={value} /> },
    { title: 'Image', dataIndex: 'image', width: 80, render: (_, row) => <CatalogImage src={row.image} name={row.name} /> },
    {
      title: 'Name',
      dataIndex: 'name',
      // The administrator opens the catalog; a supplier may open nothing else, so the name opens its prices.
      render: (name: string, row) =>
        isAdmin ? (
          <Link className="supplier-catalog-name" to={`/a/catalogs/${row.dropship ? 'detail-drop' : 'detail'}/${row.id}`}>
            {name}
          </Link>
        ) : (
          <Button type="link" className="supplier-catalog-name" onClick={() => setDialog({ kind: 'price', catalog: row })}>
            {name}
          </Button>
        ),
    },
    { title: 'Code', dataIndex: 'productCode' },
    { title: 'Status', dataIndex: 'publishStatus', render: (value: number) => <PublishStatusTag value={value} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: isAdmin ? 290 : 190,
      render: (_, row) => (
        <Space size="small" wrap>
          <Button size="small" onClick={() => setDialog({ kind: 'price', catalog: row })} aria-label={`Price ${row.name}`}>
            Price
          </Button>
          <Button size="small" onClick={() => setDialog({ kind: 'logs', catalog: row })} aria-label={`View Logs ${row.name}`}>
            View Logs
          </Button>
          {isAdmin ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'updating', label: 'Mark as Updating' },
                  { key: 'updated', label: 'Mark as Updated' },
                ],
                onClick: ({ key }) => void mark(row, key === 'updating' ? PRICE_STATUS.updating : PRICE_STATUS.updated),
              }}
            >
              <Button size="small" aria-label={`Actions ${row.name}`}>
                Actions <DownOutlined />
              </Button>
            </Dropdown>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Supplier Catalog"
        extra={
          <Space>
            <Button icon={<UploadOutlined />} onClick={() => setDialog({ kind: 'import' })}>
              Import
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportPrices()}>
              Export
            </Button>
          </Space>
        }
      />
      <FilterBar {...list.bar} />
      <ListTable<CatalogListItem> label="Supplier Catalog" columns={columns} {...pagedQueryProps(query, list)} />
      {dialog.kind === 'price' ? <PriceDialog catalogId={dialog.catalog.id} onClose={close} onSaved={reload} /> : null}
      {dialog.kind === 'logs' ? <HistoryLogsDialog initialCatalog={dialog.catalog} onClose={close} /> : null}
      {dialog.kind === 'import' ? <ImportDialog onClose={close} onImported={reload} /> : null}
    </>
  );
}
