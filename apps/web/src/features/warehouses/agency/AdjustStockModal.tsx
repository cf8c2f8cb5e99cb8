import { useState } from 'react';
import { Alert, Descriptions, Form, Input, InputNumber, Modal, Radio } from 'antd';
import type { WarehouseProductItem, WarehouseProductLevel } from '@fbo/shared';
import { HttpError } from '../../../api/http';
import { useWrite } from '../../../hooks/useWrite';
import { warehouseProductKeys } from '../../warehouse-products';
import { agencyWarehouseKeys, agencyWarehousesApi, type StockAdjustAnswer } from './agencyWarehouses.api';

interface Values {
  direction: 1 | -1;
  quantity?: number | null;
  reason?: string;
}

const n = (v: number) => v.toLocaleString('en-US');

/**
 * "Adjust" a product's count in one warehouse by hand: add found units or remove lost or damaged ones, always with a
 * reason (kept on the movement and the audit log). The server refuses (409) to remove what is reserved for approved
 * orders; its message stays in the dialog.
 */
export function AdjustStockModal({ warehouse, product, level, onClose }: {
  warehouse: { id: string; code: string };
  product: Pick<WarehouseProductItem, 'id' | 'sku' | 'name'>;
  level: Pick<WarehouseProductLevel, 'onHand' | 'reserved' | 'available'> | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { run, busy } = useWrite<StockAdjustAnswer>({ refresh: [warehouseProductKeys.all, agencyWarehouseKeys.all] });
  const direction = Form.useWatch('direction', form) ?? 1;
  const quantity = Form.useWatch('quantity', form);
  const onHand = level?.onHand ?? 0;
  const reserved = level?.reserved ?? 0;
  const after = typeof quantity === 'number' ? onHand + direction * quantity : null;

  async function save(values: Values) {
    setRefusal(null);
    const body = { warehouseProductId: product.id, quantity: values.direction * (values.quantity ?? 0), reason: (values.reason ?? '').trim() };
    const answer = await run(async () => {
      try {
        return await agencyWarehousesApi.adjust(warehouse.id, body);
      } catch (error) {
        if (error instanceof HttpError && error.status === 409) setRefusal(error.serverMessage ?? error.message);
        throw error;
      }
    }, undefined, form);
    if (answer) onClose();
  }

  return (
    <Modal
      open
      title={`Adjust ${product.sku} in ${warehouse.code}`}
      okText="Adjust"
      cancelText="Cancel"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="On hand">{n(onHand)}</Descriptions.Item>
        <Descriptions.Item label="Reserved">{n(reserved)}</Descriptions.Item>
        <Descriptions.Item label="Available">{n(level?.available ?? 0)}</Descriptions.Item>
      </Descriptions>
      {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} /> : null}
      <Form<Values> form={form} name="adjust-stock" layout="vertical" initialValues={{ direction: 1, quantity: null, reason: '' }} onFinish={(values) => void save(values)}>
        <Form.Item label="Change" name="direction">
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: '+ Add (found)' },
              { value: -1, label: '\u2212 Remove (lost, damaged)' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="Units"
          name="quantity"
          rules={[{ required: true, type: 'integer', min: 1, max: 100_000, message: 'Adjust by 1 to 100,000 units' }]}
          extra={after === null ? undefined : `On hand after: ${n(after)}${after < reserved ? ` (below the ${n(reserved)} reserved: it will be refused)` : ''}`}
        >
          <InputNumber min={1} max={100_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Reason" name="reason" rules={[
            {
              validator: async (_: unknown, v?: string) => {
                const length = (v ?? '').trim().length;
                if (length < 3 || length > 255) throw new Error('Say why (3 to 255 characters)');
              },
            },
          ]}
          required>
          <Input.TextArea rows={2} maxLength={255} showCount placeholder="Cycle count, damaged in handling, found behind rack B..." />
        </Form.Item>
      </Form>
    </Modal>
  );
}
