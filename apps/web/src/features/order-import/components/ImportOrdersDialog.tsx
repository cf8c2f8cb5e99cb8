import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ORDER_IMPORT_MSG, routePath, type OrderImportPreview } from '@fbo/shared';
import { ImportJobModal } from '../../../components/ImportJobModal';
import { queryKeys } from '../../../api/query-keys';
import { useThemeConfig } from '../../../entities/theme';
import { downloadTemplate, orderImportApi } from '../order-import.api';
import { ImportPreviewView } from './ImportPreviewView';

const MESSAGES = {
  noFile: ORDER_IMPORT_MSG.noFile,
  wrongFile: ORDER_IMPORT_MSG.wrongFile,
  failed: ORDER_IMPORT_MSG.importError,
  success: ORDER_IMPORT_MSG.importSuccess,
};

/**
 * Import orders: choose a .csv or .xlsx (Shopify's order export or the agency's template),
 * Preview (a dry run: nothing is written) and Import (a job with a progress bar). The history
 * detail and the failed rows' download are linked when the job ends.
 */
export function ImportOrdersDialog({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const templateLink = useThemeConfig()?.templateFile.importOrderFilePath ?? '';
  const [createProduct, setCreateProduct] = useState(false);
  const [preview, setPreview] = useState<OrderImportPreview | null>(null);
  const [importId, setImportId] = useState<string | null>(null);

  async function runPreview(file: File) {
    const result = await orderImportApi.preview(file, createProduct);
    if (result.ok) setPreview(result.body.data);
    else void message.error(result.body.message ?? ORDER_IMPORT_MSG.importError);
  }

  async function start(file: File) {
    const result = await orderImportApi.start(file, createProduct);
    if (result.ok) {
      setImportId(result.body.data.importId);
      // The job phase has no preview: the dialog goes back to its narrow width.
      setPreview(null);
    }
    return result;
  }

  async function onTemplate() {
    if (!(await downloadTemplate(templateLink))) void message.error(ORDER_IMPORT_MSG.importError);
  }

  return (
    <ImportJobModal
      title="Import orders"
      accept=".csv,.xlsx"
      width={preview ? 1000 : 560}
      messages={MESSAGES}
      submit={start}
      extraAction={{ label: 'Preview', run: runPreview }}
      onFileChange={() => setPreview(null)}
      onFinished={() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.orderImports.all });
      }}
      onClose={onClose}
      afterFinished={
        importId ? (
          <Link to={routePath('s-order-import-history', { id: importId })} onClick={onClose}>
            View import detail
          </Link>
        ) : null
      }
      help={
        <Typography.Text type="secondary">
          A Shopify order export (.csv) as Shopify writes it, or the order template (.csv or .xlsx), one row per item.
        </Typography.Text>
      }
    >
      <Checkbox checked={createProduct} onChange={(e) => setCreateProduct(e.target.checked)}>
        Create product
      </Checkbox>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
        SKUs that are no catalog variant and none of your products become products of your manual store (or of the
        manual store a Store column names); their orders are imported waiting for the mapping: map the products, then
        apply the mapping to the open orders.
      </Typography.Paragraph>
      {templateLink ? (
        <Button type="link" icon={<DownloadOutlined />} style={{ paddingInline: 0 }} onClick={() => void onTemplate()}>
          Download template
        </Button>
      ) : null}
      {preview ? <ImportPreviewView preview={preview} /> : null}
    </ImportJobModal>
  );
}
