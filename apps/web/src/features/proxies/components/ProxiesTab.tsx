import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ProxyItem } from '@fbo/shared';
import { NO_GROUP } from '@fbo/shared/domain/proxies';
import { proxyListQuery as proxyListSchema } from '@fbo/shared/schemas/proxies';
import { DateTime } from '../../../components/DateTime';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { proxiesApi, proxyListQuery } from '../proxies.api';
import { GroupSelect } from './GroupSelect';
import { stepBackAfterDelete } from '../../../components/stepBackAfterDelete';
import { ProxyFormModal } from './ProxyFormModal';
import { RowActions } from '../../../components/RowActions';
import { useConfirmDelete } from './useProxyAction';

type Dialog = { kind: 'closed' } | { kind: 'create' } | { kind: 'update'; proxy: ProxyItem };

/** The proxies: search and group filter in the address; create, edit, delete (refused while orders use it). */
export function ProxiesTab() {
  const list = useFilterList(proxyListSchema, [
    searchFilter('proxy-search', 'Domain'),
    {
      // A fetched, paged group picker with a 'No group' choice.
      kind: 'custom',
      keys: ['groupId'],
      render: (values, change) => (
        <FilterField id="proxy-group" label="Group">
          <GroupSelect id="proxy-group" withNone known={knownGroup} placeholder="All groups" value={values.groupId} onChange={(value) => change({ groupId: value })} />
        </FilterField>
      ),
    },
    // The page's tab.
    { kind: 'custom', keys: ['tab'] },
  ] satisfies FilterDecl[]);
  const { groupId } = list.filters;
  const query = useQuery(proxyListQuery({ page: list.page, limit: list.limit, search: list.search || undefined, groupId }));
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const confirmDelete = useConfirmDelete();
  // The filtered group's name, from its rows, in case the select's first page does not hold it
  // (read when the bar is drawn, after the list's query).
  const knownGroup = query.data?.data.find((p) => p.group?.id === groupId)?.group ?? null;

  const remove = (proxy: ProxyItem) =>
    confirmDelete(
      () => proxiesApi.deleteProxy(proxy.id),
      () => stepBackAfterDelete(list, query.data?.data.length ?? 0),
    );

  const columns: TableColumnsType<ProxyItem> = [
    { title: 'Domain', dataIndex: 'proxyDomain', render: (domain: string) => <strong>{domain}</strong> },
    { title: 'Group', key: 'group', render: (_, row) => row.group?.name ?? '—' },
    { title: 'Users', dataIndex: 'userCount', align: 'right', width: 90 },
    { title: 'Orders', dataIndex: 'orderCount', align: 'right', width: 90 },
    { title: 'Created', dataIndex: 'createdAt', width: 190, render: (value: string) => <DateTime value={value} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 120,
      render: (_, row) => (
        <RowActions name={row.proxyDomain} onEdit={() => setDialog({ kind: 'update', proxy: row })} onDelete={() => remove(row)} />
      ),
    },
  ];

  return (
    <>
      <div className="proxies-toolbar">
        <FilterBar {...list.bar} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
          Create proxy
        </Button>
      </div>
      <ListTable<ProxyItem>
        label="Proxies"
        columns={columns}
        {...pagedQueryProps(query, list)}
      />
      {dialog.kind !== 'closed' ? (
        <ProxyFormModal
          proxy={dialog.kind === 'update' ? dialog.proxy : undefined}
          defaultGroupId={groupId === NO_GROUP ? undefined : groupId}
          onClose={() => setDialog({ kind: 'closed' })}
        />
      ) : null}
    </>
  );
}
