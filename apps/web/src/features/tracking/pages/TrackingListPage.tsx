import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Typography, type TableColumnsType } from 'antd';
import { CloudSyncOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { TrackingListItem } from '@fbo/shared';
import { can } from '@fbo/shared/auth/access';
import { routePath } from '@fbo/shared/routes';
import { displayOrderName } from '@fbo/shared/domain/orders';
import { TRACKING_ORDER_STATUSES, trackingListQuery as trackingListSchema, type SyncStatus } from '@fbo/shared/schemas/tracking';
import { DateTime } from '../../../components/DateTime';
import { FilterBar, sellerTeamFilter } from '../../../components/FilterBar';
import type { FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../entities/session';
import { OrderStatusTag, orderStatusLabel } from '../../../entities/order';
import { ImportTrackingDialog } from '../components/ImportTrackingDialog';
import { SYNC_STATUS_OPTIONS, SyncStatusTag } from '../components/SyncStatusTag';
import { useSyncToStore } from '../components/useSyncToStore';
import { trackingKeys, trackingListQuery, trackingTeamsQuery } from '../tracking.api';

type TrackingStatus = (typeof TRACKING_ORDER_STATUSES)[number];
const STATUS_OPTIONS = TRACKING_ORDER_STATUSES.map((value) => ({ value, label: orderStatusLabel(value) }));

/** /ag/tracking: orders from production on with their shipments; filters in the address. */
export default function TrackingListPage() {
  const { actor } = useSession();
  const mayAct = can(actor, 'orders.agency.act');
  const teams = useQuery(trackingTeamsQuery());
  const list = useFilterList(trackingListSchema, [
    { kind: 'search', key: 'search', id: 'tracking-search', label: 'Search', placeholder: 'Order name or tracking number' },
    { kind: 'select', key: 'status', id: 'tracking-status', label: 'Status', placeholder: 'All', width: 180, options: STATUS_OPTIONS },
    { kind: 'search', key: 'carrier', id: 'tracking-carrier', label: 'Carrier', placeholder: 'USPS, UPS…' },
    { kind: 'select', key: 'syncStatus', id: 'tracking-sync', label: 'Store sync', placeholder: 'All', width: 150, options: SYNC_STATUS_OPTIONS },
    sellerTeamFilter('tracking-team', teams.data, teams.isLoading),
    { kind: 'dateRange', idPrefix: 'tracking', from: 'from', to: 'to' },
  ] satisfies FilterDecl[]);
  const { filters } = list;
  const { from, to } = filters;
  const query = useQuery(
    trackingListQuery({
      page: list.page,
      limit: list.limit,
      search: list.search || undefined,
      status: filters.status as TrackingStatus | undefined,
      syncStatus: filters.syncStatus as SyncStatus | undefined,
      carrier: filters.carrier || undefined,
      sellerTeam: filters.sellerTeam,
      from: from ? dayjs(from).startOf('day').toISOString() : undefined,
      to: to ? dayjs(to).endOf('day').toISOString() : undefined,
    }),
  );
  const [selected, setSelected] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const sync = useSyncToStore();
  const queryClient = useQueryClient();

  const columns: TableColumnsType<TrackingListItem> = [
    { title: 'Created', dataIndex: 'createdDate', key: 'created', width: 170, render: (v: string) => <DateTime value={v} /> },
    {
      title: 'Order',
      key: 'order',
      width: 160,
      render: (_, row) => <Link to={routePath('ag-tracking-detail', { id: row.id })}>{displayOrderName(row.orderName)}</Link>,
    },
    { title: 'Seller', key: 'seller', width: 160, render: (_, row) => row.sellerTeam.name },
    { title: 'Customer', key: 'customer', width: 180, render: (_, row) => [row.fullName, row.country].filter(Boolean).join(', ') || '—' },
    { title: 'Status', key: 'status', width: 150, render: (_, row) => <OrderStatusTag status={row.status} /> },
    {
      title: 'Tracking',
      key: 'tracking',
      render: (_, row) =>
        row.shipments.length === 0 ? (
          <Typography.Text type="secondary">No tracking yet</Typography.Text>
        ) : (
          <Space orientation="vertical" size={4}>
            {row.shipments.map((s) => (
              <span key={s.id}>
                <strong>{s.trackingNumber}</strong> · {s.carrier} · {s.itemIds.length} item{s.itemIds.length === 1 ? '' : 's'}{' '}
                <SyncStatusTag status={s.syncStatus} error={s.syncError} />
              </span>
            ))}
          </Space>
        ),
    },
    { title: 'Synced', dataIndex: 'syncAt', key: 'syncAt', width: 170, render: (v: string | null) => <DateTime value={v} /> },
  ];

  async function syncSelected() {
    setSyncing(true);
    try {
      if (await sync(selected)) setSelected([]);
    } finally {
      setSyncing(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Tracking"
        extra={
          mayAct ? (
            <Space wrap>
              <Button icon={<CloudSyncOutlined />} disabled={selected.length === 0} loading={syncing} onClick={() => void syncSelected()}>
                Sync to store{selected.length ? ` (${selected.length})` : ''}
              </Button>
              <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                Import tracking
              </Button>
            </Space>
          ) : null
        }
      />
      <FilterBar {...list.bar} />
      <ListTable<TrackingListItem>
        label="Tracking"
        columns={columns}
        {...pagedQueryProps(query, list)}
        rowSelection={
          mayAct
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                preserveSelectedRowKeys: true,
                getCheckboxProps: (row) => ({ 'aria-label': `Select order ${displayOrderName(row.orderName)} of ${row.sellerTeam.name}` }),
              }
            : undefined
        }
      />
      {importing ? (
        <ImportTrackingDialog onClose={() => setImporting(false)} onImported={() => void queryClient.invalidateQueries({ queryKey: trackingKeys.all })} />
      ) : null}
    </>
  );
}
