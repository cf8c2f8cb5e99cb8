import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Modal, Table, Tag } from 'antd';
import type { JobAnswer } from '@fbo/shared';
import { DateTime } from '../../../components/DateTime';
import { exportHistoryQuery } from '../orders.api';

const STATUS_COLOR: Record<JobAnswer['status'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/** GET /api/export-history: my order exports, newest first, each with its (freshly signed) download link. */
export function ExportHistoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...exportHistoryQuery({ page, limit: 10 }), enabled: open });
  return (
    <Modal title="Export history" open={open} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Table<JobAnswer>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.data ?? []}
        pagination={{ current: page, pageSize: 10, total: query.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: 'Created', dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} /> },
          { title: 'Format', key: 'format', render: (_, job) => String(job.result?.format ?? '').toUpperCase() || '—' },
          { title: 'Orders', key: 'orders', align: 'right', render: (_, job) => (typeof job.result?.orders === 'number' ? job.result.orders : '—') },
          { title: 'Status', dataIndex: 'status', render: (s: JobAnswer['status']) => <Tag color={STATUS_COLOR[s]}>{s}</Tag> },
          {
            title: 'File',
            key: 'file',
            render: (_, job) =>
              job.fileUrl ? (
                <a href={job.fileUrl} download>
                  Download
                </a>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Modal>
  );
}
