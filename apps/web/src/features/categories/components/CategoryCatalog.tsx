import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { CategoryItem } from '@fbo/shared';
import { listQuery } from '@fbo/shared/schemas/common';
import { queryKeys } from '../../../api/query-keys';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { RowActions } from '../../../components/RowActions';
import { stepBackAfterDelete } from '../../../components/stepBackAfterDelete';
import { categoriesApi, categoryListQuery } from '../categories.api';
import { useConfirmDelete } from '../../../hooks/useWrite';
import { CategoryFormModal } from './CategoryFormModal';

const FILTERS: FilterDecl[] = [searchFilter('category-search', 'Category name')];
type Dialog = { kind: 'closed' } | { kind: 'create' } | { kind: 'update'; category: CategoryItem };

/**
 * The category catalog of /a/category-catalog (master categories) and /ag/category-catalog (the
 * agency's own; the master ones are listed read-only, tagged Master). Search 500 ms, 10 a page.
 */
export function CategoryCatalog({ area }: { area: 'a' | 'ag' }) {
  const list = useFilterList(listQuery, FILTERS);
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
      <FilterBar {...list.bar} />
      <ListTable<CategoryItem> label="Categories" columns={columns} {...pagedQueryProps(query, list)} />
      {dialog.kind !== 'closed' ? (
        <CategoryFormModal category={dialog.kind === 'update' ? dialog.category : undefined} onClose={() => setDialog({ kind: 'closed' })} />
      ) : null}
    </>
  );
}
