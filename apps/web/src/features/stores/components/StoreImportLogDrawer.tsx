import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Select, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ProfileOutlined } from '@ant-design/icons';
import type { StoreImportLogItem, StoreItem } from '@fbo/shared';
import { STORE_LOG_STATUSES } from '@fbo/shared/schemas/stores';
import { DateTime } from '../../../components/DateTime';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { storeImportLogQuery } from '../stores.api';
import { StoreHealthPanel } from './StoreHealthPanel';

type LogStatus = (typeof STORE_LOG_STATUSES)[number];

const STATUS_LABEL: Record<LogStatus, string> = { received: 'Received', processed: 'Processed', ignored: 'Ignored', failed: 'Failed' };
const STATUS_COLOR: Record<LogStatus, string> = { received: 'blue', processed: 'success', ignored: 'default', failed: 'error' };
const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...STORE_LOG_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))];

const COLUMNS: TableColumnsType<StoreImportLogItem> = [
  { title: 'Received', dataIndex: 'receivedAt', width: 170, render: (value: string) => <DateTime value={value} /> },
  { title: 'Topic', dataIndex: 'topic', width: 140 },
  { title: 'Subject', dataIndex: 'subject', width: 150, render: (value: string | null) => value ?? '—' },
  { title: 'Status', dataIndex: 'status', width: 110, render: (value: LogStatus) => <Tag color={STATUS_COLOR[value]}>{STATUS_LABEL[value]}</Tag> },
  { title: 'Note', dataIndex: 'note', render: (value: string | null) => value ?? '—' },
  { title: 'Processed', dataIndex: 'processedAt', width: 170, render: (value: string | null) => <DateTime value={value} /> },
];

/**
 * A store's health (StoreHealthPanel) and what its platform sent (each delivery, and each order a pull brought or
 * left out, newest first) and what became of it: processed, ignored with the reason, failed. The seller's page and
 * the agency's both open it from a store's row; the seller's manager may "Sync now".
 */
export function StoreImportLogDrawer({ store, onClose, canSync = false }: { store: StoreItem; onClose: () => void; canSync?: boolean }) {
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [status, setStatus] = useState<LogStatus | ''>('');
  const query = useQuery(storeImportLogQuery(store.id, { ...paging, status: status || undefined }));
  const nothingYet = query.isSuccess && query.data.total === 0 && !status && paging.page === 1;
  const selectId = `store-log-status-${store.id}`;

  return (
    <Drawer open title={`Import log: ${store.name}`} size={900} onClose={onClose} destroyOnHidden>
      <Typography.Title level={5}>Health</Typography.Title>
      <StoreHealthPanel store={store} canSync={canSync} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Deliveries and pulled orders
      </Typography.Title>
      <div className="store-log-filter">
        <label htmlFor={selectId}>Status</label>
        <Select<LogStatus | ''>
          id={selectId}
          value={status}
          options={STATUS_OPTIONS}
          style={{ width: 160 }}
          onChange={(value) => {
            setStatus(value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </div>
      {nothingYet ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing received from this store yet" />
      ) : (
        <ListTable<StoreImportLogItem>
          label="Import log"
          columns={COLUMNS}
          {...pagedQueryProps(query, { ...paging, update: setPaging })}
        />
      )}
    </Drawer>
  );
}

/** The row's button that opens the drawer (both Stores pages). */
export function ImportLogButton({ store, onOpen }: { store: Pick<StoreItem, 'name'>; onOpen: () => void }) {
  return (
    <Tooltip title="Import log">
      <Button icon={<ProfileOutlined />} aria-label={`Import log of ${store.name}`} onClick={onOpen} />
    </Tooltip>
  );
}
