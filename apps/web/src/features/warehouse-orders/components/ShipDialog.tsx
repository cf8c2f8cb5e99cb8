import { Form, Input, Modal } from 'antd';
import type { ShipWarehouseOrderBody } from '@fbo/shared';
import { TRACKING_LIMITS, TRACKING_MSG } from '@fbo/shared/schemas/tracking';
import { useWrite } from '../../../hooks/useWrite';
import { warehouseOrderKeys, warehouseOrdersApi } from '../warehouse-orders.api';

interface Values {
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string;
}

/**
 * "Ship": the carrier, tracking number and tracking URL, checked as the tracking feature's dialog checks them (the
 * server takes the tracking schema's fields). An order still to pick is packed in the same step.
 */
export function ShipDialog({ id, orderName, onClose }: { id: string; orderName: string; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { run, busy } = useWrite({ refresh: [warehouseOrderKeys.all] });

  async function submit(values: Values) {
    const body: ShipWarehouseOrderBody = { carrier: values.carrier, trackingNumber: values.trackingNumber, trackingUrl: values.trackingUrl?.trim() || undefined };
    if (await run(() => warehouseOrdersApi.ship(id, body), undefined, form)) onClose();
  }

  return (
    <Modal open title={`Ship order ${orderName}`} okText="Ship" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form<Values> form={form} name="warehouse-ship" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="carrier" label="Carrier" rules={[{ required: true, whitespace: true, message: TRACKING_MSG.carrierRequired }, { max: TRACKING_LIMITS.carrierMax }]}>
          <Input placeholder="USPS, UPS, DHL…" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="trackingNumber"
          label="Tracking number"
          rules={[{ required: true, whitespace: true, message: TRACKING_MSG.trackingNumberRequired }, { max: TRACKING_LIMITS.trackingNumberMax }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="trackingUrl" label="Tracking URL" rules={[{ pattern: /^https?:\/\/\S+$/i, message: TRACKING_MSG.trackingUrl }, { max: TRACKING_LIMITS.urlMax }]}>
          <Input type="url" placeholder="https://" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
