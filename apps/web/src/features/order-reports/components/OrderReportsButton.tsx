import { Button, Dropdown } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { REPORT_LABELS, can, type ReportKind } from '@fbo/shared';
import { DownloadJobModal, useDownloadJob } from '../../../components/DownloadJobModal';
import { useSession } from '../../../entities/session';
import { orderReportsApi } from '../order-reports.api';

/** The menu of /ag/orders' 'Exports': the production sheets, then the per-team report. */
const MENU: ReportKind[] = ['export-fulfillment', 'export-pod', 'export-dropship', 'export-fk', 'export-fk-v2', 'report-orders'];
/** Money per team: the server asks 'invoices.agency' for it (owner, accounting; not the order exporter). */
const INVOICE_REPORTS: readonly ReportKind[] = ['report-orders'];

/**
 * 'Exports' on /ag/orders (agency owner, accounting, order exporter; Report orders for owner and
 * accounting only): each entry starts a report job on the server; the dialog shows its progress and
 * downloads the .xlsx when it is ready.
 * Renders nothing for a role without 'orders.reports'.
 */
export function OrderReportsButton() {
  const { actor } = useSession();
  const job = useDownloadJob<ReportKind>();
  if (!actor || !can(actor, 'orders.reports')) return null;
  const kinds = MENU.filter((kind) => !INVOICE_REPORTS.includes(kind) || can(actor, 'invoices.agency'));

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: kinds.map((kind) => ({ key: kind, label: REPORT_LABELS[kind] })),
          onClick: ({ key }) => void job.start(key as ReportKind, () => orderReportsApi.start(key as ReportKind)),
        }}
      >
        <Button icon={<FileExcelOutlined />} loading={job.starting}>
          Exports
        </Button>
      </Dropdown>
      <DownloadJobModal title={job.running ? REPORT_LABELS[job.running.meta] : 'Exports'} jobId={job.running?.jobId ?? null} onClose={job.close} />
    </>
  );
}
