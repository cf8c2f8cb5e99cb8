import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ProxyGroupItem } from '@fbo/shared';
import { listQuery } from '@fbo/shared/schemas/common';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { proxiesApi, proxyGroupListQuery } from '../proxies.api';
import { GroupFormModal } from './GroupFormModal';
import { stepBackAfterDelete } from '../../../components/stepBackAfterDelete';
import { RowActions } from '../../../components/RowActions';
import { useConfirmDelete } from './useProxyAction';

const FILTERS: FilterDecl[] = [searchFilter('proxy-group-search', 'Group name'), { kind: 'custom', keys: ['tab'] }];
type Dialog = { kind: 'closed' } | { kind: 'create' } | { kind: 'update'; group: ProxyGroupItem };

/** The groups: name, how many proxies, created; create, rename, delete (its proxies stay, ungrouped). */
export function ProxyGroupsTab({ onShowProxies }: { onShowProxies: (group: ProxyGroupItem) => void }) {
  const list = useFilterList(listQuery, FILTERS);
  const query = useQuery(proxyGroupListQuery({ page: list.page, limit: list.limit, search: list.search || undefined }));
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const confirmDelete = useConfirmDelete();

  const remove = (group: ProxyGroupItem) =>
    confirmDelete(
      () => proxiesApi.deleteGroup(group.id),
      () => stepBackAfterDelete(list, query.data?.data.length ?? 0),
    );

  const columns: TableColumnsType<ProxyGroupItem> = [
    { title: 'Name', dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
    {
      title: 'Proxies count',
      dataIndex: 'proxyCount',
      align: 'right',
      width: 140,
      // Opens the Proxies tab filtered by this group.
      render: (count: number, row) => (
        <Button type="link" size="small" onClick={() => onShowProxies(row)} aria-label={`${count} proxies in ${row.name}`}>
          {count}
        </Button>
      ),
    },
    { title: 'Created', dataIndex: 'createdAt', width: 190, render: (value: string) => <DateTime value={value} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 120,
      render: (_, row) => <RowActions name={row.name} onEdit={() => setDialog({ kind: 'update', group: row })} onDelete={() => remove(row)} />,
    },
  ];

  return (
    <>
      <div className="proxies-toolbar">
        <FilterBar {...list.bar} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
          Create group
        </Button>
      </div>
      <ListTable<ProxyGroupItem>
        label="Proxy groups"
        columns={columns}
        {...pagedQueryProps(query, list)}
      />
      {dialog.kind !== 'closed' ? (
        <GroupFormModal group={dialog.kind === 'update' ? dialog.group : undefined} onClose={() => setDialog({ kind: 'closed' })} />
      ) : null}
    </>
  );
}
