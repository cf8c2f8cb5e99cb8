import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import type { NotAddedItem } from '@fbo/shared';
import { CATALOG_TYPE_LABELS, CATALOG_TYPES, PUBLISH_FILTER_OPTIONS } from '@fbo/shared/domain/catalog';
import { MSG } from '@fbo/shared/domain/messages';
import { FilterBar } from '../../../components/FilterBar';
import { searchFilter, type FilterDecl, type FilterValues } from '../../../components/filters/filter-decl';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { catalogSummaryColumns } from './catalogColumns';
import { PublishStatusTag } from '../../../entities/catalog';
import { notAddedQuery, type NotAddedParams } from '../agencies.api';

const PAGE_SIZE = 10;
const bool = (v?: string) => (v === undefined ? undefined : v === 'true');

/** The search box, then the select filters; every select starts at 'All'. Kept in the modal's state, not the address. */
const FILTERS: FilterDecl[] = [
  searchFilter('not-added-search', 'Name or product code'),
  {
    kind: 'select', key: 'dropship', id: 'not-added-dropship', label: 'Dropship/POD', placeholder: 'All', width: 140,
    options: [{ value: 'true', label: 'Dropship' }, { value: 'false', label: 'POD' }],
  },
  {
    kind: 'select', key: 'trademark', id: 'not-added-trademark', label: 'Trademark', placeholder: 'All', width: 160,
    options: [{ value: 'true', label: 'Trademark' }, { value: 'false', label: 'Not Trademark' }],
  },
  {
    kind: 'select', key: 'type', id: 'not-added-type', label: 'Type', placeholder: 'All', width: 120,
    options: CATALOG_TYPES.map((t) => ({ value: t, label: CATALOG_TYPE_LABELS[t] })),
  },
  {
    kind: 'select', key: 'status', id: 'not-added-status', label: 'Status', placeholder: 'All', width: 160,
    options: PUBLISH_FILTER_OPTIONS.map((s) => ({ value: String(s.value), label: s.name })),
  },
];

/**
 * 'Product Catalog List': master catalogs the agency does not offer yet. Filters search,
 * Dropship/POD, Trademark/Not Trademark, POD/FK/DROP and status; 10 a page. 'Add' stages one catalog,
 * 'Add Selecteds' the ticked ones; the card's Save commits them.
 */
export function ProductCatalogListModal({
  agencyId,
  staged,
  onAdd,
  onClose,
}: {
  agencyId: string;
  staged: ReadonlySet<string>;
  onAdd: (items: NotAddedItem[]) => void;
  onClose: () => void;
}) {
  const [filters, setFilters] = useState<FilterValues>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<NotAddedItem[]>([]);
  const params: NotAddedParams = {
    page,
    limit: PAGE_SIZE,
    search: filters.search || undefined,
    dropship: bool(filters.dropship),
    isTrademark: bool(filters.trademark),
    type: CATALOG_TYPES.find((t) => t === filters.type),
    publishStatus: filters.status === undefined ? undefined : Number(filters.status),
  };
  const query = useQuery(notAddedQuery(agencyId, params));
  // A new filter shows its first page.
  const change = (next: FilterValues) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };

  const summary = catalogSummaryColumns<NotAddedItem>();
  const columns: TableColumnsType<NotAddedItem> = [
    summary.image,
    summary.name,
    summary.code,
    summary.type,
    { title: 'Status', dataIndex: 'publishStatus', width: 140, render: (v: number) => <PublishStatusTag value={v} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 100,
      render: (_, row) =>
        staged.has(row.id) ? (
          <Tag color="success">Added</Tag>
        ) : (
          <Button size="small" aria-label={`Add ${row.name}`} onClick={() => onAdd([row])}>
            Add
          </Button>
        ),
    },
  ];

  const addable = selected.filter((c) => !staged.has(c.id));
  return (
    <Modal
      open
      width={1000}
      title="Product Catalog List"
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>Close</Button>
          <Button
            type="primary"
            disabled={addable.length === 0}
            onClick={() => {
              onAdd(addable);
              setSelected([]);
            }}
          >
            Add Selecteds
          </Button>
        </Space>
      }
    >
      <FilterBar filters={FILTERS} values={filters} onChange={change} />
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} style={{ marginBottom: 16 }} /> : null}
      <ScrollRegion label="Catalogs to add">
        <Table<NotAddedItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={query.data?.data ?? []}
          loading={query.isFetching}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data" /> }}
          rowSelection={{
            selectedRowKeys: selected.map((c) => c.id),
            preserveSelectedRowKeys: true,
            getCheckboxProps: (row) => ({ disabled: staged.has(row.id), 'aria-label': `Select ${row.name}` }),
            onChange: (_, rows) => setSelected(rows.filter(Boolean)),
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: query.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `Total ${total.toLocaleString('en-US')}`,
            onChange: setPage,
          }}
        />
      </ScrollRegion>
    </Modal>
  );
}
