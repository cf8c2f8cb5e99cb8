import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, InputNumber, Modal, Space, Table } from 'antd';
import type { JobAnswer } from '@fbo/shared';
import { PUBLISH_LIMITS, PUBLISH_MSG } from '@fbo/shared/schemas/publishing';
import { failureMessage } from '../../api/http';
import { JobProgress, jobDialogFooter, jobOutcome } from '../../components/JobProgress';
import { dollarsToCents } from './publish-draft';
import { publishingApi } from './publishing.api';

export interface PricedVariant {
  id: string;
  title: string;
  sku: string | null;
  priceCents: number;
}

/**
 * A published product's retail prices (PUT /api/publishing/products/{id}/prices): saved here, then pushed to the
 * shop by a job whose progress follows. For the product page of a product published from a catalog.
 */
export function PublishedPricesButton({ productId, variants }: { productId: string; variants: PricedVariant[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Retail prices</Button>
      {open ? <PricesDialog productId={productId} variants={variants} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function PricesDialog({ productId, variants, onClose }: { productId: string; variants: PricedVariant[]; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [prices, setPrices] = useState<Record<string, number | null>>(() => Object.fromEntries(variants.map((v) => [v.id, v.priceCents / 100])));
  const [jobId, setJobId] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);
  const [busy, setBusy] = useState(false);

  async function save() {
    const changed = variants
      .map((v) => ({ variantId: v.id, priceCents: dollarsToCents(prices[v.id]) }))
      .filter((v, i) => v.priceCents !== variants[i]!.priceCents);
    if (changed.length === 0) return onClose();
    if (changed.some((v) => v.priceCents === null || v.priceCents < PUBLISH_LIMITS.minPriceCents || v.priceCents > PUBLISH_LIMITS.maxPriceCents)) {
      return void message.error(PUBLISH_MSG.priceRange);
    }
    setBusy(true);
    try {
      const answer = await publishingApi.savePrices(productId, { variants: changed.map((v) => ({ variantId: v.variantId, priceCents: v.priceCents! })) });
      if (!answer.ok) return void message.error(answer.body.message ?? 'Could not save the prices');
      void message.success(answer.body.message);
      setJobId(answer.body.jobId);
    } catch (err) {
      void message.error(failureMessage(err) ?? 'Could not save the prices');
    } finally {
      setBusy(false);
    }
  }

  function ended(job: JobAnswer) {
    setFinished(true);
    const { ok, text } = jobOutcome(job);
    if (!ok) void message.error(text || 'The store did not take the prices');
    void queryClient.invalidateQueries({ queryKey: ['products'] });
  }

  return (
    <Modal open title="Retail prices" onCancel={onClose} footer={jobDialogFooter({ jobId, finished, busy }, onClose, { label: 'Save and push', onClick: () => void save() })}>
      {jobId ? <JobProgress jobId={jobId} onFinished={ended} /> : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Table size="small" rowKey="id" pagination={false} dataSource={variants} columns={[
            { title: 'Variant', key: 'title', render: (_: unknown, v: PricedVariant) => v.title || v.sku },
            { title: 'SKU', dataIndex: 'sku', key: 'sku' },
            {
              title: 'Retail price ($)', key: 'price',
              render: (_: unknown, v: PricedVariant) => (
                <InputNumber aria-label={`Retail price of ${v.title || v.sku || v.id}`} min={1} max={100_000} precision={2} value={prices[v.id]}
                  onChange={(value) => setPrices((now) => ({ ...now, [v.id]: value }))} />
              ),
            },
          ]} />
        </Space>
      )}
    </Modal>
  );
}
