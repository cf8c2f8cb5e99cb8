import { useState } from 'react';
import { App, Button, Dropdown, Modal } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { OrderExportFormat, OrderExportInput, OrderListParams } from '@fbo/shared';
import { downloadUrl } from '../../../api/download';
import { failureMessage } from '../../../api/http';
import { JobProgress } from '../../../components/JobProgress';
import { ordersApi } from '../orders.api';
import { ExportHistoryDialog } from './ExportHistoryDialog';

/**
 * 'Export' (xlsx or csv) of the list's current filter and tab: the server writes the file in a
 * job; the dialog shows its progress and downloads the file when it is ready.
 */
export function ExportOrdersButton({ filters }: { filters: Omit<OrderListParams, 'page' | 'limit'> }) {
  const { message } = App.useApp();
  const [jobId, setJobId] = useState<string | null>(null);
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [history, setHistory] = useState(false);

  async function start(format: OrderExportFormat) {
    setStarting(true);
    setFileUrl(null);
    try {
      // The list's filters are the export's (the server validates them again).
      const answer = await ordersApi.exportOrders({ ...filters, format } as OrderExportInput);
      setJobId(answer.jobId);
    } catch (error) {
      void message.error(failureMessage(error) ?? 'Error when export');
    } finally {
      setStarting(false);
    }
  }

  return (
    <>
      <Dropdown
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
        <Button icon={<DownloadOutlined />} loading={starting}>
          Export
        </Button>
      </Dropdown>
      <Modal
        title="Export orders"
        open={jobId !== null}
        onCancel={() => setJobId(null)}
        footer={
          <Button type="primary" onClick={() => setJobId(null)}>
            Close
          </Button>
        }
        destroyOnHidden
      >
        {jobId ? (
          <JobProgress
            jobId={jobId}
            onFinished={(job) => {
              if (job.fileUrl) {
                setFileUrl(job.fileUrl);
                downloadUrl(job.fileUrl);
              }
            }}
          />
        ) : null}
        {fileUrl ? (
          <a href={fileUrl} download>
            Download file
          </a>
        ) : null}
      </Modal>
      <ExportHistoryDialog open={history} onClose={() => setHistory(false)} />
    </>
  );
}
