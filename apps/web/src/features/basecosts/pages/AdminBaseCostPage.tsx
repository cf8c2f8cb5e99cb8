import { useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { RowActions } from '../../../components/RowActions';
import { Link, useNavigate } from 'react-router';
import type { BasecostItem } from '@fbo/shared';
import { routePath } from '@fbo/shared/routes';
import { listQuery } from '@fbo/shared/schemas/common';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { basecostListQuery, basecostsApi } from '../basecosts.api';
import { useConfirmDelete } from '../components/useBasecostAction';
import '../components/basecosts.css';

const FILTERS: FilterDecl[] = [searchFilter('basecost-search', 'Name')];

/** /a/base-cost: the administrator's price lists (what agencies pay), with search and paging. */
export default function AdminBaseCostPage() {
  const list = useFilterList(listQuery, FILTERS);
  const query = useQuery(basecostListQuery('master', { page: list.page, limit: list.limit, search: list.search || undefined }));
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const edit = (row: BasecostItem) => routePath('a-base-cost-update', { id: row.id });

  const remove = (row: BasecostItem) =>
    confirmDelete(
      () => basecostsApi.remove('master', row.id),
      () => {
        if ((query.data?.data.length ?? 0) === 1 && list.page > 1) list.update({ page: list.page - 1 });
      },
    );

  const columns: TableColumnsType<BasecostItem> = [
    { title: 'Name', dataIndex: 'name', render: (name: string, row) => <Link to={edit(row)}>{name}</Link> },
    { title: 'Description', dataIndex: 'description', render: (text: string) => text || '—' },
    { title: 'Agencies', dataIndex: 'agencyCount', width: 110, align: 'right' },
    { title: 'Catalogs priced', dataIndex: 'catalogCount', width: 150, align: 'right' },
    { title: 'Created', dataIndex: 'createdAt', width: 190, render: (value: string) => <DateTime value={value} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 120,
      render: (_, row) => <RowActions name={row.name} onEdit={() => void navigate(edit(row))} onDelete={() => remove(row)} />,
    },
  ];

  return (
    <>
      <PageHeader title="Base cost" />
      <div className="basecost-toolbar">
        <FilterBar {...list.bar} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(routePath('a-base-cost-create'))}>
          Create
        </Button>
      </div>
      <ListTable<BasecostItem> label="Base costs" columns={columns} {...pagedQueryProps(query, list)} />
    </>
  );
}
