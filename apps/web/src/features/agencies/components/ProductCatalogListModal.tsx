import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Modal, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import type { NotAddedItem } from '@fbo/shared';
import { CATALOG_TYPE_LABELS, CATALOG_TYPES, PUBLISH_FILTER_OPTIONS, type CatalogType } from '@fbo/shared/domain/catalog';

import { MSG } from '@fbo/shared/domain/messages';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { SearchBox } from '../../../components/SearchBox';
import { catalogSummaryColumns } from './catalogColumns';
import { PublishStatusTag } from '../../catalogs/components/PublishStatusTag';
import { notAddedQuery, type NotAddedParams } from '../agencies.api';

const PAGE_SIZE = 10;
type YesNo = 'true' | 'false';
const bool = (v?: YesNo) => (v === undefined ? undefined : v === 'true');

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
  const [search, setSearch] = useState('');
  const [dropship, setDropship] = useState<YesNo>();
  const [trademark, setTrademark] = useState<YesNo>();
  const [type, setType] = useState<CatalogType>();
  const [status, setStatus] = useState<number>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<NotAddedItem[]>([]);
  const params: NotAddedParams = {
    page,
    limit: PAGE_SIZE,
    search: search || undefined,
    dropship: bool(dropship),
    isTrademark: bool(trademark),
    type,
    publishStatus: status,
  };
  const query = useQuery(notAddedQuery(agencyId, params));
  const filter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
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
      <FilterBar>
        <FilterField id="not-added-search" label="Search">
          <SearchBox id="not-added-search" value={search} onSearch={filter(setSearch)} placeholder="Name or product code" />
        </FilterField>
        <FilterField id="not-added-dropship" label="Dropship/POD">
          <Select<YesNo>
            id="not-added-dropship"
            allowClear
            placeholder="All"
            value={dropship}
            onChange={filter(setDropship)}
            style={{ width: 140 }}
            options={[
              { value: 'true', label: 'Dropship' },
              { value: 'false', label: 'POD' },
            ]}
          />
        </FilterField>
        <FilterField id="not-added-trademark" label="Trademark">
          <Select<YesNo>
            id="not-added-trademark"
            allowClear
            placeholder="All"
            value={trademark}
            onChange={filter(setTrademark)}
            style={{ width: 160 }}
            options={[
              { value: 'true', label: 'Trademark' },
              { value: 'false', label: 'Not Trademark' },
            ]}
          />
        </FilterField>
        <FilterField id="not-added-type" label="Type">
          <Select<CatalogType>
            id="not-added-type"
            allowClear
            placeholder="All"
            value={type}
            onChange={filter(setType)}
            style={{ width: 120 }}
            options={CATALOG_TYPES.map((t) => ({ value: t, label: CATALOG_TYPE_LABELS[t] }))}
          />
        </FilterField>
        <FilterField id="not-added-status" label="Status">
          <Select<number>
            id="not-added-status"
            allowClear
            placeholder="All"
            value={status}
            onChange={filter(setStatus)}
            style={{ width: 160 }}
            options={PUBLISH_FILTER_OPTIONS.map((s) => ({ value: s.value, label: s.name }))}
          />
        </FilterField>
      </FilterBar>
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
