import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space } from 'antd';
import type { BasecostPreview } from '@fbo/shared/schemas/order-changes';
import type { OrderDetail } from '@fbo/shared/schemas/order-detail';
import { failureMessage } from '../../../api/http';
import { orderChangesApi } from '../order-changes.api';
import { useWrite } from '../../../hooks/useWrite';
import { usd, ORDER_SIDE_WRITE } from '../../../entities/order';

type Values = { orderItemId: string; sku: string };

/** What the change would move: the server's preview (calc-order-basecost), shown before confirming. */
function previewText(p: BasecostPreview): string {
  if (!p.ok) return p.message ?? 'Error!';
  if (p.difference === null || p.difference === undefined) return `New cost ${usd(p.total ?? 0)} (not charged yet)`;
  if (p.difference === 0) return `New cost ${usd(p.total ?? 0)}: no difference to what was charged`;
  return p.difference > 0
    ? `New cost ${usd(p.total ?? 0)}: ${usd(p.difference)} more will be charged to the wallet`
    : `New cost ${usd(p.total ?? 0)}: ${usd(-p.difference)} will be refunded to the wallet`;
}

/** The agency changes one item's SKU: preview the price difference first, then confirm. */
export function ChangeSkuDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { run: write } = useWrite(ORDER_SIDE_WRITE);
  const [preview, setPreview] = useState<{ key: string; text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const values = Form.useWatch([], form) as Values | undefined;
  const key = `${values?.orderItemId ?? ''}|${values?.sku?.trim() ?? ''}`;
  const previewed = preview?.key === key && preview.ok;

  async function runPreview() {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const result = await orderChangesApi.preview(order.id, v.orderItemId, v.sku.trim());
      const answer = result.ok ? result.body.data[0] : undefined;
      setPreview({ key, text: answer ? previewText(answer) : (result.ok ? 'Error!' : result.body.message ?? 'Error!'), ok: answer?.ok ?? false });
    } catch (err) {
      setPreview({ key, text: failureMessage(err) ?? 'Error!', ok: false });
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    const v = await form.validateFields();
    setBusy(true);
    const done = await write(() => orderChangesApi.updateItemCode(v.orderItemId, v.sku.trim()));
    setBusy(false);
    if (done) onClose();
  }

  return (
    <Modal
      open
      title="Change SKU"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button onClick={runPreview} loading={busy && !previewed}>Preview price</Button>
          <Button type="primary" disabled={!previewed} loading={busy && previewed} onClick={confirm}>Confirm change</Button>
        </Space>
      }
    >
      <Form form={form} name="change-sku" layout="vertical" initialValues={{ orderItemId: order.items[0]?.id }}>
        <Form.Item label="Item" name="orderItemId" rules={[{ required: true, message: 'Please select item' }]}>
          <Select options={order.items.filter((i) => i.status !== 'Cancel').map((i) => ({ value: i.id, label: `${i.sku} x ${i.quantity}` }))} />
        </Form.Item>
        <Form.Item label="New SKU" name="sku" rules={[{ required: true, whitespace: true, message: 'Please input the new SKU' }]}>
          <Input maxLength={255} />
        </Form.Item>
      </Form>
      {preview && preview.key === key ? <Alert type={preview.ok ? 'info' : 'error'} title={preview.text} showIcon /> : null}
    </Modal>
  );
}
