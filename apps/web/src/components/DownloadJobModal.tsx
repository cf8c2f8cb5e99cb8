import { useState } from 'react';
import { App, Button, Modal } from 'antd';
import { downloadUrl } from '../api/download';
import { failureMessage } from '../api/http';
import { JobProgress } from './JobProgress';

/**
 * Starts a job that writes a file (exports, reports): `starting` while the request is in
 * flight, `running` (the job and what the caller started it for) until the dialog is closed.
 */
export function useDownloadJob<Meta = undefined>() {
  const { message } = App.useApp();
  const [running, setRunning] = useState<{ jobId: string; meta: Meta } | null>(null);
  const [starting, setStarting] = useState(false);

  async function start(meta: Meta, begin: () => Promise<{ jobId: string }>) {
    setStarting(true);
    try {
      const answer = await begin();
      setRunning({ jobId: answer.jobId, meta });
    } catch (error) {
      void message.error(failureMessage(error) ?? 'Error when export');
    } finally {
      setStarting(false);
    }
  }

  return { running, starting, start, close: () => setRunning(null) };
}

/**
 * The job's progress; when the file is ready it is downloaded at once and stays linked as
 * 'Download file' (a blocked automatic download can still be fetched by hand).
 */
export function DownloadJobModal({ title, jobId, onClose }: { title: string; jobId: string | null; onClose: () => void }) {
  // Remembered with its job, so a new export never offers the previous one's file.
  const [file, setFile] = useState<{ jobId: string; url: string } | null>(null);
  const fileUrl = file && file.jobId === jobId ? file.url : null;
  return (
    <Modal
      title={title}
      open={jobId !== null}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
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
              setFile({ jobId, url: job.fileUrl });
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
  );
}
