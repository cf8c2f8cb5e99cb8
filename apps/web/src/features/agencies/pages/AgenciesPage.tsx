import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { routePath, type AgencyItem } from '@fbo/shared';
import { AGENCY_LIMITS } from '@fbo/shared/domain/agencies-admin';
import { listQuery } from '@fbo/shared/schemas/common';
import { queryKeys } from '../../../api/query-keys';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { useConfirmDelete } from '../../../hooks/useWrite';
import { RowActions } from '../../../components/RowActions';
import { stepBackAfterDelete } from '../../../components/stepBackAfterDelete';
import { agenciesApi, agencyListQuery } from '../agencies.api';
import { AgencyFormModal } from '../components/AgencyFormModal';
import { UpdateAgencyModal } from '../components/UpdateAgencyModal';
import { ActiveTag, monthDayYear } from '../components/ActiveTag';

const FILTERS: FilterDecl[] = [searchFilter('agency-search', 'Name, code or manager email')];

type Dialog = { kind: 'closed' } | { kind: 'create' } | { kind: 'update'; id: string };

/**
 * /a/agencies: search, the agencies (20 a page by default), 'Agency Form' to create one, 'Update
 * Agency' and delete per row. 'Base cost' opens the administrator's base costs (no menu entry has it).
 */
export default function AgenciesPage() {
  const list = useFilterList(listQuery, FILTERS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // This list's default page size is 20, not the shared 10: an explicit 10 stays in the address.
  const limit = params.has('limit') ? list.limit : AGENCY_LIMITS.listPageSize;
  const paging = { page: list.page, limit, update: (c: { page: number; limit: number }) => list.update({ page: c.page, limit: String(c.limit) }) };
  const query = useQuery(agencyListQuery({ page: list.page, limit, search: list.search || undefined }));
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const confirmDelete = useConfirmDelete([queryKeys.agencies.all]);

  const columns: TableColumnsType<AgencyItem> = [
    { title: 'Name', dataIndex: 'name', render: (name: string, row) => <Link to={routePath('a-agency-detail', { id: row.id })}>{name}</Link> },
    { title: 'Code', dataIndex: 'code' },
    { title: 'Manager email', dataIndex: 'managerEmail', render: (email: string | null) => email ?? '—' },
    { title: 'Created', dataIndex: 'createdAt', width: 120, render: (value: string) => <time dateTime={value}>{monthDayYear(value)}</time> },
    { title: 'Status', dataIndex: 'active', width: 100, render: (active: boolean) => <ActiveTag active={active} /> },
    { title: 'Primary domain', dataIndex: 'primaryDomain', render: (host: string | null) => host ?? '' },
    {
      title: 'Actions',
      key: 'actions',
      width: 120,
      render: (_, row) => (
        <RowActions
          name={row.name}
          onEdit={() => setDialog({ kind: 'update', id: row.id })}
          onDelete={() => confirmDelete(() => agenciesApi.remove(row.id), () => stepBackAfterDelete(list, query.data?.data.length ?? 0))}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Agencies"
        extra={
          <Space>
            <Button onClick={() => void navigate(routePath('a-base-cost'))}>Base cost</Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
              Create agency
            </Button>
          </Space>
        }
      />
      <FilterBar {...list.bar} />
      <ListTable<AgencyItem> label="Agencies" columns={columns} {...pagedQueryProps(query, paging)} />
      {dialog.kind === 'create' ? <AgencyFormModal onClose={() => setDialog({ kind: 'closed' })} /> : null}
      {dialog.kind === 'update' ? <UpdateAgencyModal agencyId={dialog.id} onClose={() => setDialog({ kind: 'closed' })} /> : null}
    </>
  );
}


