import { useState } from 'react';
import { App, Button, Dropdown, Modal } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { REPORT_LABELS, can, type ReportKind } from '@fbo/shared';
import { downloadUrl } from '../../../api/download';
import { failureMessage } from '../../../api/http';
import { JobProgress } from '../../../components/JobProgress';
import { useSession } from '../../session/useSession';
import { orderReportsApi } from '../order-reports.api';

/** The menu of /ag/orders' 'Exports': the production sheets, then the per-team report. */
const MENU: ReportKind[] = ['export-fulfillment', 'export-pod', 'export-dropship', 'export-fk', 'export-fk-v2', 'report-orders'];

/**
 * 'Exports' on /ag/orders (agency owner, accounting, order exporter): each entry starts a report
 * job on the server; the dialog shows its progress and downloads the .xlsx when it is ready.
 * Renders nothing for a role without 'orders.reports'.
 */
export function OrderReportsButton() {
  const { actor } = useSession();
  const { message } = App.useApp();
  const [running, setRunning] = useState<{ kind: ReportKind; jobId: string } | null>(null);
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  if (!actor || !can(actor, 'orders.reports')) return null;

  async function start(kind: ReportKind) {
    setStarting(true);
    setFileUrl(null);
    try {
      const answer = await orderReportsApi.start(kind);
      setRunning({ kind, jobId: answer.jobId });
    } catch (error) {
      void message.error(failureMessage(error) ?? 'Error when export');
    } finally {
      setStarting(false);
    }
  }

  return (
    <>
      <Dropdown menu={{ items: MENU.map((kind) => ({ key: kind, label: REPORT_LABELS[kind] })), onClick: ({ key }) => void start(key as ReportKind) }}>
        <Button icon={<FileExcelOutlined />} loading={starting}>
          Exports
        </Button>
      </Dropdown>
      <Modal
        title={running ? REPORT_LABELS[running.kind] : 'Exports'}
        open={running !== null}
        onCancel={() => setRunning(null)}
        footer={
          <Button type="primary" onClick={() => setRunning(null)}>
            Close
          </Button>
        }
        destroyOnHidden
      >
        {running ? (
          <JobProgress
            jobId={running.jobId}
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
    </>
  );
}
