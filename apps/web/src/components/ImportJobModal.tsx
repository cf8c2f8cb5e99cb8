import { useState, type ReactNode } from 'react';
import { App, Button, Modal, Space, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { JobAnswer } from '@fbo/shared';
import type { HttpResult } from '../api/http';
import { JobProgress, jobOutcome } from './JobProgress';

export interface ImportJobMessages {
  noFile: string;
  wrongFile: string;
  /** Shown when the upload or the job fails and neither the server nor the job said why. */
  failed: string;
  /** Shown when the job succeeds; without it the job's own result message is shown. */
  success?: string;
}

/** A second button on the chosen file before the import starts (the order import's dry-run 'Preview'). */
export interface ImportExtraAction {
  label: string;
  run: (file: File) => Promise<void>;
}

export interface ImportJobModalProps {
  title: string;
  /** The picker's accept list ('.xlsx,.csv'); a chosen file with another extension is refused. */
  accept: string;
  messages: ImportJobMessages;
  /** Sends the file; the answer's jobId is then followed with a progress bar. */
  submit: (file: File) => Promise<HttpResult<{ data: { jobId: string } }>>;
  /** Runs once when the job ends (after the success or error toast). */
  onFinished?: (job: JobAnswer, succeeded: boolean) => void;
  onClose: () => void;
  /** The columns / template explanation under 'Choose file'. */
  help: ReactNode;
  /** Extra fields and views under the help (options, a preview). */
  children?: ReactNode;
  /** Shown under the progress once the job has ended (e.g. a link to the import's detail). */
  afterFinished?: ReactNode;
  extraAction?: ImportExtraAction;
  onFileChange?: () => void;
  width?: number;
}

function acceptPattern(accept: string): RegExp {
  const extensions = accept.split(',').map((ext) => ext.trim().replace(/^\./, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`\\.(${extensions.join('|')})$`, 'i');
}

/**
 * The frame every import that runs as a server job shares: choose one file, 'Cancel' /
 * 'Import' (plus an optional dry-run button), then the job's progress with 'Close'. The modal
 * cannot be dismissed by its mask while the job runs, so the progress is not lost by a stray click.
 */
export function ImportJobModal(props: ImportJobModalProps) {
  const { title, accept, messages, submit, onFinished, onClose, help, children, afterFinished, extraAction, onFileChange, width } = props;
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState<'extra' | 'import' | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);

  function chosenFile(): File | null {
    const file = files[0]?.originFileObj;
    if (!file) {
      void message.error(messages.noFile);
      return null;
    }
    if (!acceptPattern(accept).test(file.name)) {
      void message.error(messages.wrongFile);
      return null;
    }
    return file;
  }

  async function run(kind: 'extra' | 'import') {
    const file = chosenFile();
    if (!file) return;
    setBusy(kind);
    try {
      if (kind === 'extra') await extraAction?.run(file);
      else {
        const result = await submit(file);
        if (result.ok) setJobId(result.body.data.jobId);
        else void message.error(result.body.message ?? messages.failed);
      }
    } catch {
      void message.error(messages.failed);
    } finally {
      setBusy(null);
    }
  }

  function finish(job: JobAnswer) {
    setFinished(true);
    const { ok: succeeded, text: jobMessage } = jobOutcome(job);
    if (succeeded) void message.success(messages.success ?? (jobMessage || messages.failed));
    else void message.error(jobMessage || messages.failed);
    onFinished?.(job, succeeded);
  }

  const footer = jobId
    ? [
        <Button key="close" type={finished ? 'primary' : 'default'} onClick={onClose}>
          Close
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        extraAction ? (
          <Button key="extra" loading={busy === 'extra'} disabled={busy === 'import'} onClick={() => void run('extra')}>
            {extraAction.label}
          </Button>
        ) : null,
        <Button key="import" type="primary" loading={busy === 'import'} disabled={busy === 'extra'} onClick={() => void run('import')}>
          Import
        </Button>,
      ];

  return (
    <Modal open title={title} width={width} onCancel={onClose} footer={footer} maskClosable={!jobId || finished}>
      {jobId ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <JobProgress jobId={jobId} onFinished={finish} />
          {finished ? afterFinished : null}
        </Space>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Upload
            accept={accept}
            maxCount={1}
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => {
              setFiles(fileList.slice(-1));
              onFileChange?.();
            }}
          >
            <Button icon={<UploadOutlined />}>Choose file</Button>
          </Upload>
          {help}
          {children}
        </Space>
      )}
    </Modal>
  );
}
