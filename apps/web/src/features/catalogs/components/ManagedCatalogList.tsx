import { useState } from 'react';
import { App, Button, Drawer, Dropdown, Select, Space, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { CatalogListItem, CatalogType } from '@fbo/shared';
import { can } from '@fbo/shared/auth/access';
import { CATALOG_TYPES, CATALOG_TYPE_LABELS, PUBLISH_FILTER_OPTIONS, PUBLISH_STATUSES, publishStatusOf } from '@fbo/shared/domain/catalog';
import { routePath } from '@fbo/shared/routes';
import { catalogListQuery as catalogListSchema } from '@fbo/shared/schemas/catalogs';
import { failureMessage } from '../../../api/http';
import { downloadUrl } from '../../../api/download';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { useRequiredSession } from '../../../entities/session';
import { catalogsApi, categoryOptionsQuery } from '../catalogs.api';
import { CatalogDetailView, CategoryTags } from './CatalogDetailView';
import { CatalogForm } from './CatalogForm';
import { catalogListQuery, type CatalogListParams, CatalogImage, PublishStatusTag } from '../../../entities/catalog';
import { CatalogLoader } from './CatalogLoader';
import { useCatalogAction, useConfirmDelete } from './useCatalogAction';
import './catalogs.css';

type Area = 'a' | 'ag';

const typeOptions = CATALOG_TYPES.map((type) => ({ value: type, label: CATALOG_TYPE_LABELS[type] }));
const statusFilterOptions = PUBLISH_FILTER_OPTIONS.map((s) => ({ value: String(s.value), label: s.name }));
const statusOptions = PUBLISH_STATUSES.map((s) => ({ value: s.value, label: s.name }));
const dropshipOptions = [{ value: 'true', label: 'Dropship' }, { value: 'false', label: 'POD' }];
const trademarkOptions = [{ value: 'true', label: 'Trademark' }, { value: 'false', label: 'Not Trademark' }];
const bool = (value?: string) => (value === 'true' ? true : value === 'false' ? false : undefined);

/**
 * The catalog list of the back office. `a` (/a/catalogs, 'Seller Catalog'): every catalog, row
 * selection with bulk status and Ask price, View / Edit / Delete, Create and Create Dropship.
 * `ag` (/ag/catalogs, 'Product Catalog'): the agency's assigned and own catalogs, Export, View in a
 * drawer; owner and staff create, edit and delete the agency's own.
 */
export function ManagedCatalogList({ area, title }: { area: Area; title: string }) {
  const { actor } = useRequiredSession();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const run = useCatalogAction();
  const confirmDelete = useConfirmDelete();
  const categories = useQuery(categoryOptionsQuery());
  const list = useFilterList(catalogListSchema, [
    searchFilter('catalog-search', 'Name or code'),
    { kind: 'select', key: 'type', id: 'catalog-type', label: 'Type', placeholder: 'All types', width: 130, options: typeOptions },
    { kind: 'select', key: 'publishStatus', id: 'catalog-status', label: 'Status', placeholder: 'All statuses', width: 170, options: statusFilterOptions },
    {
      kind: 'select',
      key: 'category',
      id: 'catalog-category',
      label: 'Category',
      placeholder: 'All categories',
      width: 190,
      searchable: true,
      loading: categories.isLoading,
      options: (categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    },
    { kind: 'select', key: 'dropship', id: 'catalog-dropship', label: 'Dropship', placeholder: 'Dropship/POD', width: 140, options: dropshipOptions },
    { kind: 'select', key: 'isTrademark', id: 'catalog-trademark', label: 'Trademark', placeholder: 'Any', width: 150, options: trademarkOptions },
    // The open drawer's catalog, so a reload shows it again.
    { kind: 'custom', keys: ['view', 'edit'] },
  ] satisfies FilterDecl[]);
  const { type, publishStatus, category, dropship, isTrademark, view, edit } = list.filters;
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkStatus, setBulkStatus] = useState<number | undefined>();
  const [exporting, setExporting] = useState(false);

  const isAdmin = area === 'a';
  const canManage = isAdmin || can(actor, 'catalogs.agency.manage');
  const mayChange = (row: { agencyId: string | null }) => (isAdmin ? row.agencyId === null : canManage && row.agencyId === actor.agencyId);

  const params: CatalogListParams = {
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    type: type as CatalogType | undefined,
    publishStatus: publishStatus === undefined ? undefined : Number(publishStatus),
    category,
    dropship: bool(dropship),
    isTrademark: bool(isTrademark),
  };
  const query = useQuery(catalogListQuery(params));

  const openDrawer = (key: 'view' | 'edit', id?: string) => list.update({ view: key === 'view' ? id : undefined, edit: key === 'edit' ? id : undefined, page: list.page });
  const viewPath = (row: CatalogListItem) => routePath(row.dropship ? 'a-catalogs-detail-drop' : 'a-catalogs-detail', { id: row.id });

  function changeStatus() {
    if (bulkStatus === undefined) return;
    const name = publishStatusOf(bulkStatus).name;
    modal.confirm({
      title: `Change the status of ${selected.length} catalog${selected.length === 1 ? '' : 's'} to ${name}?`,
      okText: 'Change status',
      cancelText: 'Cancel',
      onOk: async () => {
        if (await run(() => catalogsApi.setStatus(selected, bulkStatus), (a) => a.message)) setSelected([]);
      },
      onCancel: () => void message.info('Cancel action!'),
    });
  }

  function askPrice() {
    modal.confirm({
      title: `Ask suppliers for a price on ${selected.length} catalog${selected.length === 1 ? '' : 's'}?`,
      content: 'Only dropship trademark catalogs can be asked; every supplier is notified.',
      okText: 'Ask price',
      cancelText: 'Cancel',
      onOk: async () => {
        const answer = await run(() => catalogsApi.askPrice(selected), (a) => a.message);
        if (!answer) return;
        setSelected([]);
        if (answer.data.refused.length) {
          const names = new Map((query.data?.data ?? []).map((c) => [c.id, c.name]));
          modal.info({
            title: `${answer.data.changed} asked, ${answer.data.refused.length} refused`,
            content: (
              <ul className="catalog-plain-list">
                {answer.data.refused.map((r) => (
                  <li key={r.id}>
                    {names.get(r.id) ?? r.id}: {r.message}
                  </li>
                ))}
              </ul>
            ),
          });
        }
      },
      onCancel: () => void message.info('Cancel action!'),
    });
  }

  async function exportFile(exportType: 'xlsx' | 'csv') {
    setExporting(true);
    try {
      const result = await catalogsApi.exportAgency(exportType);
      if (!result.ok) {
        void message.error(result.body.message ?? 'Error when export');
        return;
      }
      downloadUrl(result.body.data.url);
      void message.success('Export success!');
    } catch (error) {
      void message.error(failureMessage(error) ?? 'Error when export');
    } finally {
      setExporting(false);
    }
  }

  const columns: TableColumnsType<CatalogListItem> = [
    { title: 'Created', dataIndex: 'createdAt', render: (value: string) => <DateTime value={value} />, width: 170 },
    { title: 'Image', dataIndex: 'image', render: (_, row) => <CatalogImage src={row.image} name={row.name} />, width: 80 },
    {
      title: 'Name',
      dataIndex: 'name',
      render: (_, row) => (
        <>
          <div className="catalog-name">
            {isAdmin ? <Link to={viewPath(row)}>{row.name}</Link> : row.name}
            {!isAdmin && row.agencyId ? <Tag color="blue" style={{ marginLeft: 8 }}>Own</Tag> : null}
          </div>
          <div className="catalog-counts">
            {row.sizeCount} sizes · {row.colorCount} colors · {row.variantCount} variants
            {row.dropship ? ' · Dropship' : ''}
            {row.isTrademark ? ' · Trademark' : ''}
          </div>
        </>
      ),
    },
    { title: 'Code', dataIndex: 'productCode' },
    { title: 'Type', dataIndex: 'type', render: (value: CatalogType) => CATALOG_TYPE_LABELS[value] ?? value },
    { title: 'Categories', dataIndex: 'categories', render: (_, row) => <CategoryTags categories={row.categories} /> },
    { title: 'Status', dataIndex: 'publishStatus', render: (value: number) => <PublishStatusTag value={value} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => (
        <Space>
          <Button
            icon={<EyeOutlined />}
            aria-label={`View ${row.name}`}
            title="View"
            onClick={() => (isAdmin ? navigate(viewPath(row)) : openDrawer('view', row.id))}
          />
          {mayChange(row) ? (
            <>
              <Button
                icon={<EditOutlined />}
                aria-label={`Edit ${row.name}`}
                title="Edit"
                onClick={() => (isAdmin ? navigate(routePath('a-catalogs-update', { id: row.id })) : openDrawer('edit', row.id))}
              />
              <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${row.name}`} title="Delete" onClick={() => confirmDelete(() => catalogsApi.remove(row.id))} />
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  const headerButtons = (
    <Space wrap>
      {!isAdmin ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'xlsx', label: 'Export xlsx' },
              { key: 'csv', label: 'Export csv' },
            ],
            onClick: ({ key }) => void exportFile(key as 'xlsx' | 'csv'),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={exporting}>
            Export
          </Button>
        </Dropdown>
      ) : null}
      {canManage ? (
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(routePath(isAdmin ? 'a-catalogs-create' : 'ag-catalogs-create'))}>
            Create
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => navigate(routePath(isAdmin ? 'a-catalogs-create-dropship' : 'ag-catalogs-create-dropship'))}>
            Create Dropship
          </Button>
        </>
      ) : null}
    </Space>
  );

  return (
    <>
      <PageHeader title={title} extra={headerButtons} />
      <FilterBar {...list.bar} />
      {isAdmin && selected.length > 0 ? (
        <div className="catalog-bulk-bar" role="region" aria-label="Bulk actions">
          <span>{selected.length} selected</span>
          <label htmlFor="catalog-bulk-status">New status</label>
          <Select id="catalog-bulk-status" placeholder="Choose a status" style={{ width: 180 }} options={statusOptions} value={bulkStatus} onChange={setBulkStatus} />
          <Button type="primary" disabled={bulkStatus === undefined} onClick={changeStatus}>
            Change status
          </Button>
          <Button danger onClick={askPrice}>
            Ask price
          </Button>
          <Button type="link" onClick={() => setSelected([])}>
            Clear selection
          </Button>
        </div>
      ) : null}
      <ListTable<CatalogListItem>
        label={title}
        columns={columns}
        rowSelection={isAdmin ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true } : undefined}
        {...pagedQueryProps(query, list)}
      />
      {!isAdmin ? (
        <Drawer
          open={Boolean(view || edit)}
          onClose={() => openDrawer('view')}
          size="large"
          title={edit ? 'Update Catalog' : 'Catalog Detail'}
          destroyOnHidden
        >
          {view ? <CatalogLoader id={view}>{(catalog) => <CatalogDetailView catalog={catalog} />}</CatalogLoader> : null}
          {edit ? (
            <CatalogLoader id={edit}>
              {(catalog) => (
                <CatalogForm key={catalog.id} catalog={catalog} onSaved={(saved) => openDrawer('view', saved.id)} onCancel={() => openDrawer('view')} />
              )}
            </CatalogLoader>
          ) : null}
        </Drawer>
      ) : null}
    </>
  );
}
