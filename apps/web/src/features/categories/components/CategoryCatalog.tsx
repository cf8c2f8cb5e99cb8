import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { CategoryItem } from '@fbo/shared';
import { queryKeys } from '../../../api/query-keys';
import { DateTime } from '../../../components/DateTime';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../hooks/useListParams';
import { RowActions } from '../../../components/RowActions';
import { stepBackAfterDelete } from '../../../components/stepBackAfterDelete';
import { categoriesApi, categoryListQuery } from '../categories.api';
import { useConfirmDelete } from '../../../hooks/useWrite';
import { CategoryFormModal } from './CategoryFormModal';

const NO_FILTERS = [] as const;
type Dialog = { kind: 'closed' } | { kind: 'create' } | { kind: 'update'; category: CategoryItem };

/**
 * The category catalog of /a/category-catalog (master categories) and /ag/category-catalog (the
 * agency's own; the master ones are listed read-only, tagged Master). Search 500 ms, 10 a page.
 */
export function CategoryCatalog({ area }: { area: 'a' | 'ag' }) {
  const list = useListParams(NO_FILTERS);
  const query = useQuery(categoryListQuery({ page: list.page, limit: list.limit, search: list.search || undefined }));
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const confirmDelete = useConfirmDelete([queryKeys.categories.all]);
  const readOnly = (row: CategoryItem) => area === 'ag' && row.agencyId === null;

  const columns: TableColumnsType<CategoryItem> = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, row) => (
        <>
          <strong>{name}</strong>
          {readOnly(row) ? <Tag style={{ marginInlineStart: 8 }}>Master</Tag> : null}
        </>
      ),
    },
    {
      title: 'Description',
      dataIndex: 'description',
      render: (value: string) => (value ? <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 360 }}>{value}</Typography.Text> : '—'),
    },
    { title: 'Catalogs count', dataIndex: 'catalogCount', align: 'right', width: 140 },
    { title: 'Created', dataIndex: 'createdAt', width: 190, render: (value: string) => <DateTime value={value} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 120,
      render: (_, row) =>
        readOnly(row) ? (
          <Typography.Text type="secondary">Read only</Typography.Text>
        ) : (
          <RowActions
            name={row.name}
            onEdit={() => setDialog({ kind: 'update', category: row })}
            onDelete={() => confirmDelete(() => categoriesApi.remove(row.id), () => stepBackAfterDelete(list, query.data?.data.length ?? 0))}
          />
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Category Catalog"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
            Create category
          </Button>
        }
      />
      <FilterBar>
        <FilterField id="category-search" label="Search">
          <SearchBox id="category-search" value={list.search} onSearch={(search) => list.update({ search })} placeholder="Category name" />
        </FilterField>
      </FilterBar>
      <ListTable<CategoryItem> label="Categories" columns={columns} {...pagedQueryProps(query, list)} />
      {dialog.kind !== 'closed' ? (
        <CategoryFormModal category={dialog.kind === 'update' ? dialog.category : undefined} onClose={() => setDialog({ kind: 'closed' })} />
      ) : null}
    </>
  );
}
