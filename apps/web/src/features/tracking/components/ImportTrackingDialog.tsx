import { useState } from 'react';
import { App, Button, Modal, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { JobAnswer } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { TRACKING_MSG, TRACKING_TEMPLATE_PATH } from '@fbo/shared/schemas/tracking';
import { JobProgress } from '../../../components/JobProgress';
import { trackingApi } from '../tracking.api';

/**
 * 'Import tracking': one .xlsx or .csv (the template's columns), then the import job's progress
 * until it ends; its report of failed rows (with the reason on each) can be downloaded there.
 */
export function ImportTrackingDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [sending, setSending] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);

  async function submit() {
    const file = files[0]?.originFileObj;
    if (!file) return void message.error(TRACKING_MSG.noFile);
    if (!/\.(xlsx|csv)$/i.test(file.name)) return void message.error(TRACKING_MSG.wrongFile);
    setSending(true);
    try {
      const result = await trackingApi.importFile(file);
      if (result.ok) setJobId(result.body.data.jobId);
      else void message.error(result.body.message ?? MSG.serverError);
    } catch {
      void message.error(MSG.serverError);
    } finally {
      setSending(false);
    }
  }

  function onFinished(job: JobAnswer) {
    setFinished(true);
    onImported();
    const text = (typeof job.result?.message === 'string' && job.result.message) || job.error || MSG.serverError;
    if (job.status === 'done' && job.result?.ok !== false) void message.success(text);
    else void message.error(text);
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
        <Button key="import" type="primary" loading={sending} onClick={() => void submit()}>
          Import
        </Button>,
      ];

  return (
    <Modal open title="Import tracking" onCancel={onClose} footer={footer} maskClosable={!jobId || finished}>
      {jobId ? (
        <JobProgress jobId={jobId} onFinished={onFinished} />
      ) : (
        <>
          <Upload accept=".xlsx,.csv" maxCount={1} fileList={files} beforeUpload={() => false} onChange={({ fileList }) => setFiles(fileList.slice(-1))}>
            <Button icon={<UploadOutlined />}>Choose file</Button>
          </Upload>
          <p style={{ marginTop: 12 }}>
            One .xlsx or .csv file with the columns Order Name, Tracking Number, Carrier, Tracking URL, SKU (optional: only that
            item ships) and Seller Team (when two sellers use the same order name). Rows with the same order and tracking number
            make one shipment.{' '}
            <a href={TRACKING_TEMPLATE_PATH} download>
              Download template
            </a>
          </p>
        </>
      )}
    </Modal>
  );
}
