import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, type TableColumnsType } from 'antd';
import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { RowActions } from '../../../components/RowActions';
import { Link, useNavigate } from 'react-router';
import type { BasecostItem } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { routePath } from '@fbo/shared/routes';
import { listQuery } from '@fbo/shared/schemas/common';
import { failureMessage } from '../../../api/http';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { basecostDetailQuery, basecostListQuery, basecostsApi } from '../basecosts.api';
import { GroupFormModal } from '../components/GroupFormModal';
import { PricedCatalogsTable } from '../components/PricedCatalogsTable';
import { useConfirmDelete } from '../components/useBasecostAction';
import '../components/basecosts.css';

const FILTERS: FilterDecl[] = [searchFilter('basecost-group-search', 'Group name'), { kind: 'custom', keys: ['group'] }];
type Dialog = { kind: 'closed' } | { kind: 'create' } | { kind: 'update'; group: BasecostItem };

/**
 * /ag/base-cost: the agency's base-cost groups (what its seller teams pay) with their seller counts;
 * create, rename, delete; the chosen group's priced catalogs below (?group=, the first one otherwise).
 */
export default function AgencyBaseCostPage() {
  const list = useFilterList(listQuery, FILTERS);
  const query = useQuery(basecostListQuery('agency', { page: list.page, limit: list.limit, search: list.search || undefined }));
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const confirmDelete = useConfirmDelete();
  const groups = query.data?.data ?? [];
  const groupId = list.filters.group ?? groups[0]?.id;
  const open = (id: string) => list.update({ group: id, page: list.page });

  const remove = (group: BasecostItem) =>
    confirmDelete(
      () => basecostsApi.remove('agency', group.id),
      () => list.update({ group: undefined, page: groups.length === 1 && list.page > 1 ? list.page - 1 : list.page }),
    );

  const columns: TableColumnsType<BasecostItem> = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, row) => (
        <Button type="link" size="small" aria-pressed={row.id === groupId} onClick={() => open(row.id)}>
          <strong>{name}</strong>
        </Button>
      ),
    },
    { title: 'Description', dataIndex: 'description', render: (text: string) => text || '—' },
    { title: 'Sellers', dataIndex: 'sellerTeamCount', width: 100, align: 'right' },
    { title: 'Catalogs', dataIndex: 'catalogCount', width: 100, align: 'right' },
    { title: 'Created', dataIndex: 'createdAt', width: 190, render: (value: string) => <DateTime value={value} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 120,
      render: (_, row) => (
        <RowActions name={row.name} editLabel="Rename" onEdit={() => setDialog({ kind: 'update', group: row })} onDelete={() => remove(row)} />
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Base cost" />
      <div className="basecost-toolbar">
        <FilterBar {...list.bar} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
          Create group
        </Button>
      </div>
      <ListTable<BasecostItem> label="Base-cost groups" columns={columns} {...pagedQueryProps(query, list)} />
      {groupId ? <GroupCatalogs groupId={groupId} /> : null}
      {dialog.kind !== 'closed' ? (
        <GroupFormModal
          group={dialog.kind === 'update' ? dialog.group : undefined}
          onClose={() => setDialog({ kind: 'closed' })}
          onCreated={(id) => open(id)}
        />
      ) : null}
    </>
  );
}

/** One group's priced catalogs: Add catalog, view, edit, remove; a catalog's name opens its costs across groups. */
function GroupCatalogs({ groupId }: { groupId: string }) {
  const query = useQuery(basecostDetailQuery('agency', groupId));
  const navigate = useNavigate();
  const group = query.data;
  return (
    <Card
      className="basecost-card"
      style={{ marginTop: 16 }}
      title={group ? `${group.name}: catalogs` : 'Catalogs'}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(routePath('ag-base-cost-group-create', { groupId }))}>
          Add catalog
        </Button>
      }
    >
      {query.isError ? <Alert type="error" showIcon title={failureMessage(query.error) ?? MSG.serverError} /> : null}
      <PricedCatalogsTable
        scope="agency"
        basecostId={groupId}
        catalogs={group?.catalogs}
        loading={query.isFetching}
        renderName={(c) => <Link to={routePath('ag-base-cost-catalogs', { id: c.id })}>{c.name}</Link>}
        extraActions={(c) => (
          <Button
            icon={<EyeOutlined />}
            aria-label={`View ${c.name}`}
            title="View"
            onClick={() => void navigate(routePath('ag-base-cost-catalog-cost', { id: c.id, basecostId: groupId }))}
          />
        )}
        onEdit={(c) => void navigate(routePath('ag-base-cost-group-update', { groupId, id: c.id }))}
      />
    </Card>
  );
}
