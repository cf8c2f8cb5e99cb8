import { useState } from 'react';
import { App, Button, Modal, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { JobAnswer } from '@fbo/shared';
import { IMPORT_SUPPLIER_PRICE, PRICE_TEMPLATE_PATH, SUPPLIER_MSG } from '@fbo/shared/domain/supplier-prices';
import { JobProgress } from '../../../components/JobProgress';
import { supplierPricesApi } from '../supplier-catalog.api';

/**
 * 'Import': one .xlsx (the export's columns), sent to the server, then the import job's progress
 * until it is done; the report of failed rows can be downloaded from the progress.
 */
export function ImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [sending, setSending] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);

  async function submit() {
    const file = files[0]?.originFileObj;
    if (!file) {
      void message.error(SUPPLIER_MSG.noFile);
      return;
    }
    if (!/\.xlsx$/i.test(file.name)) {
      void message.error(SUPPLIER_MSG.wrongFile);
      return;
    }
    setSending(true);
    try {
      const result = await supplierPricesApi.importPrices(file, IMPORT_SUPPLIER_PRICE);
      if (result.ok) setJobId(result.body.data.jobId);
      else void message.error(result.body.message ?? SUPPLIER_MSG.importError);
    } catch {
      void message.error(SUPPLIER_MSG.importError);
    } finally {
      setSending(false);
    }
  }

  function onFinished(job: JobAnswer) {
    setFinished(true);
    if (job.status === 'done' && job.result?.ok !== false) {
      void message.success(SUPPLIER_MSG.importSuccess);
      onImported();
    } else {
      void message.error((typeof job.result?.message === 'string' && job.result.message) || job.error || SUPPLIER_MSG.importError);
    }
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
    <Modal open title="Import" onCancel={onClose} footer={footer} maskClosable={!jobId || finished}>
      {jobId ? (
        <JobProgress jobId={jobId} onFinished={onFinished} />
      ) : (
        <>
          <Upload
            accept=".xlsx"
            maxCount={1}
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => setFiles(fileList.slice(-1))}
          >
            <Button icon={<UploadOutlined />}>Choose file</Button>
          </Upload>
          <p className="import-help">
            One .xlsx file with the columns of the export (SKU, Catalog code, Color, Size, Stock, Min price, Max price,
            Quantity). Empty cells keep the stored value.{' '}
            <a href={PRICE_TEMPLATE_PATH} download>
              Download sample template
            </a>
          </p>
        </>
      )}
    </Modal>
  );
}
