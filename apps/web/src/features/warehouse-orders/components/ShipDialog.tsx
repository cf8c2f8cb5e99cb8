import { Form, Modal } from 'antd';
import { TrackingFields } from '../../tracking';
import type { ShipWarehouseOrderBody } from '@fbo/shared';
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
        <TrackingFields />
      </Form>
    </Modal>
  );
}
