import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Modal, Space, Typography, Upload, type UploadFile } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ORDER_IMPORT_MSG, routePath, type JobAnswer, type OrderImportPreview } from '@fbo/shared';
import { JobProgress } from '../../../components/JobProgress';
import { queryKeys } from '../../../api/query-keys';
import { useThemeConfig } from '../../theme';
import { downloadTemplate, orderImportApi } from '../order-import.api';
import { ImportPreviewView } from './ImportPreviewView';

const ACCEPT = /\.(csv|xlsx)$/i;

/**
 * Import orders: choose a .csv or .xlsx (Shopify's order export or the agency's template),
 * Preview (a dry run: nothing is written) and Import (a job with a progress bar). The history
 * detail and the failed rows' download are linked when the job ends.
 */
export function ImportOrdersDialog({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const templateLink = useThemeConfig()?.templateFile.importOrderFilePath ?? '';
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [createProduct, setCreateProduct] = useState(false);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [preview, setPreview] = useState<OrderImportPreview | null>(null);
  const [started, setStarted] = useState<{ jobId: string; importId: string } | null>(null);
  const [finished, setFinished] = useState(false);

  function chosenFile(): File | null {
    const file = files[0]?.originFileObj;
    if (!file) {
      void message.error(ORDER_IMPORT_MSG.noFile);
      return null;
    }
    if (!ACCEPT.test(file.name)) {
      void message.error(ORDER_IMPORT_MSG.wrongFile);
      return null;
    }
    return file;
  }

  async function run(kind: 'preview' | 'import') {
    const file = chosenFile();
    if (!file) return;
    setBusy(kind);
    try {
      if (kind === 'preview') {
        const result = await orderImportApi.preview(file, createProduct);
        if (result.ok) setPreview(result.body.data);
        else void message.error(result.body.message ?? ORDER_IMPORT_MSG.importError);
      } else {
        const result = await orderImportApi.start(file, createProduct);
        if (result.ok) setStarted({ jobId: result.body.data.jobId, importId: result.body.data.importId });
        else void message.error(result.body.message ?? ORDER_IMPORT_MSG.importError);
      }
    } catch {
      void message.error(ORDER_IMPORT_MSG.importError);
    } finally {
      setBusy(null);
    }
  }

  function onFinished(job: JobAnswer) {
    setFinished(true);
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.orderImports.all });
    if (job.status === 'done' && job.result?.ok !== false) void message.success(ORDER_IMPORT_MSG.importSuccess);
    else void message.error((typeof job.result?.message === 'string' && job.result.message) || job.error || ORDER_IMPORT_MSG.importError);
  }

  async function onTemplate() {
    if (!(await downloadTemplate(templateLink))) void message.error(ORDER_IMPORT_MSG.importError);
  }

  const footer = started
    ? [
        <Button key="close" type={finished ? 'primary' : 'default'} onClick={onClose}>
          Close
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="preview" loading={busy === 'preview'} disabled={busy === 'import'} onClick={() => void run('preview')}>
          Preview
        </Button>,
        <Button key="import" type="primary" loading={busy === 'import'} disabled={busy === 'preview'} onClick={() => void run('import')}>
          Import
        </Button>,
      ];

  return (
    <Modal open title="Import orders" width={preview && !started ? 1000 : 560} onCancel={onClose} footer={footer} maskClosable={!started || finished}>
      {started ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <JobProgress jobId={started.jobId} onFinished={onFinished} />
          {finished ? (
            <Link to={routePath('s-order-import-history', { id: started.importId })} onClick={onClose}>
              View import detail
            </Link>
          ) : null}
        </Space>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Upload
            accept=".csv,.xlsx"
            maxCount={1}
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => {
              setFiles(fileList.slice(-1));
              setPreview(null);
            }}
          >
            <Button icon={<UploadOutlined />}>Choose file</Button>
          </Upload>
          <Typography.Text type="secondary">
            A Shopify order export (.csv) as Shopify writes it, or the order template (.csv or .xlsx), one row per item.
          </Typography.Text>
          <Checkbox checked={createProduct} onChange={(e) => setCreateProduct(e.target.checked)}>
            Create product
          </Checkbox>
          {templateLink ? (
            <Button type="link" icon={<DownloadOutlined />} style={{ paddingInline: 0 }} onClick={() => void onTemplate()}>
              Download template
            </Button>
          ) : null}
          {preview ? <ImportPreviewView preview={preview} /> : null}
        </Space>
      )}
    </Modal>
  );
}
