import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { OrderExportFormat, OrderExportInput, OrderListParams } from '@fbo/shared';
import { DownloadJobModal, useDownloadJob } from '../../../components/DownloadJobModal';
import { ordersApi } from '../orders.api';
import { ExportHistoryDialog } from './ExportHistoryDialog';

/**
 * 'Export' (xlsx or csv) of the list's current filter and tab: the server writes the file in a
 * job; the dialog shows its progress and downloads the file when it is ready.
 */
export function ExportOrdersButton({ filters }: { filters: Omit<OrderListParams, 'page' | 'limit'> }) {
  const job = useDownloadJob();
  const [history, setHistory] = useState(false);

  // The list's filters are the export's (the server validates them again).
  const start = (format: OrderExportFormat) => job.start(undefined, () => ordersApi.exportOrders({ ...filters, format } as OrderExportInput));

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'xlsx', label: 'Export .xlsx' },
            { key: 'csv', label: 'Export .csv' },
            { type: 'divider' },
            { key: 'history', label: 'Export history' },
          ],
          onClick: ({ key }) => (key === 'history' ? setHistory(true) : void start(key as OrderExportFormat)),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={job.starting}>
          Export
        </Button>
      </Dropdown>
      <DownloadJobModal title="Export orders" jobId={job.running?.jobId ?? null} onClose={job.close} />
      <ExportHistoryDialog open={history} onClose={() => setHistory(false)} />
    </>
  );
}
