import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import type { CatalogListItem, NotAddedItem } from '@fbo/shared';
import { CATALOG_TYPE_LABELS, CATALOG_TYPES, type CatalogType } from '@fbo/shared/domain/catalog';
import { catalogListQuery as catalogListSchema } from '@fbo/shared/schemas/catalogs';
import { queryKeys } from '../../../api/query-keys';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { catalogListQuery } from '../../../entities/catalog';
import { catalogSummaryColumns } from './catalogColumns';
import { useWrite } from '../../../hooks/useWrite';
import { agenciesApi } from '../agencies.api';
import { ProductCatalogListModal } from './ProductCatalogListModal';
import { UpdateCostModal } from './UpdateCostModal';

const FILTERS: FilterDecl[] = [
  searchFilter('agency-catalog-search', 'Name or product code'),
  {
    kind: 'select',
    key: 'type',
    id: 'agency-catalog-type',
    label: 'Type',
    placeholder: 'All',
    width: 120,
    options: CATALOG_TYPES.map((t) => ({ value: t, label: CATALOG_TYPE_LABELS[t] })),
  },
];

/**
 * Agency detail, Catalog card: the catalogs the agency offers (search, POD/FK/DROP, 10 a page).
 * Deletions ('Are you sure to delete this?') and additions ('+ Add', 'Product Catalog List') are
 * staged here and committed by Save. 'Update cost' changes the costs of the selected catalogs (or all).
 */
export function CatalogCard({ agencyId }: { agencyId: string }) {
  const list = useFilterList(catalogListSchema, FILTERS);
  const type = list.filters.type as CatalogType | undefined;
  const query = useQuery(catalogListQuery({ agency: agencyId, page: list.page, limit: list.limit, search: list.search || undefined, type }));
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { run } = useWrite({ refresh: [queryKeys.catalogs.all, queryKeys.agencies.all] });
  const [toAdd, setToAdd] = useState<NotAddedItem[]>([]);
  const [toDelete, setToDelete] = useState<CatalogListItem[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'closed' | 'add' | 'cost'>('closed');
  const [saving, setSaving] = useState(false);
  const deleting = new Set(toDelete.map((c) => c.id));
  const staged = new Set(toAdd.map((c) => c.id));

  const stageDelete = (row: CatalogListItem) =>
    modal.confirm({
      title: 'Are you sure to delete this?',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => {
        setToDelete((rows) => [...rows, row]);
        setSelected((ids) => ids.filter((id) => id !== row.id));
      },
      onCancel: () => void message.info('Cancel action!'),
    });

  async function save() {
    setSaving(true);
    const done = await run(
      () => agenciesApi.saveCatalogs(agencyId, { add: toAdd.map((c) => c.id), delete: toDelete.map((c) => c.id) }),
      (answer) => answer.message,
    );
    setSaving(false);
    if (done) {
      setToAdd([]);
      setToDelete([]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.agencies.all });
    }
  }

  const summary = catalogSummaryColumns<CatalogListItem>((row) => deleting.has(row.id));
  const columns: TableColumnsType<CatalogListItem> = [
    summary.image,
    summary.name,
    summary.code,
    summary.type,
    { title: 'Created', dataIndex: 'createdAt', width: 190, render: (value: string) => <DateTime value={value} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 90,
      render: (_, row) =>
        deleting.has(row.id) ? (
          <Button icon={<UndoOutlined />} aria-label={`Keep ${row.name}`} title="Keep" onClick={() => setToDelete((rows) => rows.filter((c) => c.id !== row.id))} />
        ) : (
          <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${row.name}`} title="Delete" onClick={() => stageDelete(row)} />
        ),
    },
  ];

  const pending = toAdd.length + toDelete.length;
  return (
    <Card
      title="Catalogs"
      extra={
        <Space wrap>
          <Button onClick={() => setDialog('cost')}>Update cost</Button>
          <Button icon={<PlusOutlined />} onClick={() => setDialog('add')}>
            Add
          </Button>
          <Button type="primary" loading={saving} disabled={pending === 0} onClick={() => void save()}>
            Save
          </Button>
        </Space>
      }
    >
      <FilterBar {...list.bar} />
      {pending > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Not saved yet: ${toAdd.length} to add, ${toDelete.length} to delete. Press Save to apply.`}
          description={
            toAdd.length ? (
              <Space wrap size={[4, 4]} aria-label="Catalogs to add">
                {toAdd.map((c) => (
                  <Tag key={c.id} color="processing" closable closeIcon={<span aria-label={`Do not add ${c.name}`}>×</span>} onClose={() => setToAdd((rows) => rows.filter((x) => x.id !== c.id))}>
                    {c.name}
                  </Tag>
                ))}
              </Space>
            ) : null
          }
        />
      ) : null}
      {selected.length > 0 ? (
        <Typography.Paragraph>
          {selected.length} selected for Update cost.{' '}
          <Button type="link" size="small" onClick={() => setSelected([])}>
            Clear selection
          </Button>
        </Typography.Paragraph>
      ) : null}
      <ListTable<CatalogListItem>
        label="Agency catalogs"
        columns={columns}
        {...pagedQueryProps(query, list)}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          getCheckboxProps: (row) => ({ disabled: deleting.has(row.id), 'aria-label': `Select ${row.name}` }),
          onChange: (keys) => setSelected(keys.map(String)),
        }}
      />
      {dialog === 'add' ? (
        <ProductCatalogListModal
          agencyId={agencyId}
          staged={staged}
          onAdd={(items) => setToAdd((rows) => [...rows, ...items.filter((c) => !rows.some((r) => r.id === c.id))])}
          onClose={() => setDialog('closed')}
        />
      ) : null}
      {dialog === 'cost' ? (
        <UpdateCostModal
          agencyId={agencyId}
          catalogIds={selected}
          onClose={(saved) => {
            setDialog('closed');
            if (saved) setSelected([]);
          }}
        />
      ) : null}
    </Card>
  );
}

