import { useState, type ReactNode } from 'react';
import { App, Button, Modal, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { PRODUCT_MSG, type JobAnswer } from '@fbo/shared';
import { downloadUrl } from '../../../api/download';
import { HttpError, failureMessage } from '../../../api/http';
import { JobProgress, jobOutcome } from '../../../components/JobProgress';

/** The server's data.message of a refused start, else 'Error when export' (the spec's words). */
function refusal(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body as { data?: { message?: unknown }; message?: unknown } | null;
    const text = body?.data?.message ?? failureMessage(error);
    if (typeof text === 'string' && text) return text;
  }
  return PRODUCT_MSG.exportError;
}

/**
 * A product export (the list's filters, or one product's variants): the server writes the CSV in a
 * job; the dialog shows its progress, the file downloads when it is ready (and stays linked, should
 * the browser block it), and 'Export success' says so.
 */
export function ExportProductsButton({ label, title, start, icon = <DownloadOutlined />, iconOnly = false }: {
  /** The button's text, or (iconOnly, in a table row) its tooltip and accessible name. */
  label: string;
  iconOnly?: boolean;
  /** The progress dialog's title. */
  title: string;
  start: () => Promise<{ jobId: string }>;
  icon?: ReactNode;
}) {
  const { message } = App.useApp();
  const [starting, setStarting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [file, setFile] = useState<{ jobId: string; url: string } | null>(null);

  async function begin() {
    setStarting(true);
    try {
      setJobId((await start()).jobId);
    } catch (error) {
      void message.error(refusal(error));
    } finally {
      setStarting(false);
    }
  }

  function finished(job: JobAnswer) {
    const { ok, text } = jobOutcome(job);
    if (ok && job.fileUrl) {
      setFile({ jobId: job.id, url: job.fileUrl });
      downloadUrl(job.fileUrl);
      void message.success(PRODUCT_MSG.exportSuccess);
    } else void message.error(text || PRODUCT_MSG.exportError);
  }

  const fileUrl = file && file.jobId === jobId ? file.url : null;
  return (
    <>
      {iconOnly ? (
        <Tooltip title={label}>
          <Button icon={icon} aria-label={label} loading={starting} onClick={() => void begin()} />
        </Tooltip>
      ) : (
        <Button icon={icon} loading={starting} onClick={() => void begin()}>
          {label}
        </Button>
      )}
      <Modal
        title={title}
        open={jobId !== null}
        onCancel={() => setJobId(null)}
        footer={
          <Button type="primary" onClick={() => setJobId(null)}>
            Close
          </Button>
        }
        destroyOnHidden
      >
        {jobId ? <JobProgress jobId={jobId} onFinished={finished} /> : null}
        {fileUrl ? (
          <a href={fileUrl} download>
            Download file
          </a>
        ) : null}
      </Modal>
    </>
  );
}
