import { Checkbox, Form, Modal } from 'antd';
import type { AddShipmentBody, TrackingOrderItem } from '@fbo/shared';
import { useWrite } from '../../../hooks/useWrite';
import { orderStatusLabel } from '../../../entities/order';
import { trackingApi, trackingKeys } from '../tracking.api';
import { TrackingFields } from './TrackingFields';

interface Values {
  trackingNumber: string;
  carrier: string;
  trackingUrl?: string;
  itemIds: string[];
}

const itemLabel = (i: TrackingOrderItem) => [i.sku || '(no SKU)', i.title, [i.color, i.size].filter(Boolean).join(' / '), `× ${i.quantity}`].filter(Boolean).join(' · ');

/**
 * 'Add tracking': a tracking number, its carrier and URL for the items chosen (every item still
 * to ship is ticked at first); the order's status then follows its items.
 */
export function AddTrackingDialog({ orderId, items, onClose }: { orderId: string; items: TrackingOrderItem[]; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { run } = useWrite({ refresh: [trackingKeys.all] });
  const open = items.filter((i) => i.status !== 'Cancel' && !i.shipmentId);

  async function submit(values: Values) {
    const body: AddShipmentBody = {
      trackingNumber: values.trackingNumber,
      carrier: values.carrier,
      trackingUrl: values.trackingUrl?.trim() || undefined,
      itemIds: values.itemIds,
    };
    const answer = await run(() => trackingApi.addShipment(orderId, body), (a) => `Tracking added: the order is ${orderStatusLabel(a.data.status)}`, form);
    if (answer) onClose();
  }

  return (
    <Modal open title="Add tracking" okText="Add tracking" onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form<Values> form={form} layout="vertical" initialValues={{ itemIds: open.map((i) => i.id) }} onFinish={(v) => void submit(v)}>
        <TrackingFields />
        <Form.Item name="itemIds" label="Items in this parcel" rules={[{ validator: (_, v: string[] | undefined) => (v?.length ? Promise.resolve() : Promise.reject(new Error('Choose at least one item'))) }]}>
          {/* A validator, not `required`: aria-required is not allowed on the group's element. */}
          <Checkbox.Group role="group" aria-label="Items in this parcel" style={{ display: 'flex', flexDirection: 'column', gap: 4 }} options={open.map((i) => ({ value: i.id, label: itemLabel(i) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
