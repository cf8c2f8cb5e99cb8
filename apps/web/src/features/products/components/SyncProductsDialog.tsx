import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Select, Typography } from 'antd';
import type { JobAnswer } from '@fbo/shared';
import { failureMessage } from '../../../api/http';
import { JobProgress, jobDialogFooter, jobOutcome } from '../../../components/JobProgress';
import { productKeys, productsApi, type StoreOption } from '../products.api';

/**
 * Pulls one connected platform store's products (Shopify, WooCommerce, Etsy): choose the store, 'Sync', then the job's progress.
 * A refusal (a demo, manual or disconnected store) is the server's message as an error toast.
 */
export function SyncProductsDialog({ stores, onClose }: { stores: readonly StoreOption[]; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [storeId, setStoreId] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);
  const shops = stores.filter((s) => s.platform !== 'manual' && s.status !== 'disconnected');

  async function start() {
    if (!storeId) {
      void message.error('Choose a store');
      return;
    }
    setBusy(true);
    try {
      const result = await productsApi.syncStore(storeId);
      if (result.ok) {
        void message.success(result.body.message);
        setJobId(result.body.jobId);
      } else void message.error(result.body.message ?? 'The sync could not start');
    } catch (error) {
      void message.error(failureMessage(error) ?? 'The sync could not start');
    } finally {
      setBusy(false);
    }
  }

  function finish(job: JobAnswer) {
    setFinished(true);
    const { ok, text } = jobOutcome(job);
    if (ok) void message.success(text || 'Products synced');
    else void message.error(text || 'The sync failed');
    void queryClient.invalidateQueries({ queryKey: productKeys.all });
  }

  const footer = jobDialogFooter({ jobId, finished, busy }, onClose, { label: 'Sync', onClick: () => void start() });

  return (
    <Modal open title="Sync products" onCancel={onClose} footer={footer} maskClosable={!jobId || finished}>
      {jobId ? (
        <JobProgress jobId={jobId} onFinished={finish} />
      ) : (
        <Form layout="vertical" name="sync-products">
          <Typography.Paragraph>The store&apos;s products are read again: new ones are added, changed ones updated.</Typography.Paragraph>
          <Form.Item label="Store" htmlFor="sync-products-store" extra={shops.length === 0 ? 'No connected store' : undefined}>
            <Select
              id="sync-products-store"
              placeholder="Choose a store"
              value={storeId}
              onChange={setStoreId}
              options={shops.map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
