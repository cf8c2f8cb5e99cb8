import { Form, Input, Modal, Select } from 'antd';
import { CHANGE_REASON_LABELS, CHANGE_REASONS, ORDER_CHANGE_MSG, type ChangeReason } from '@fbo/shared/domain/order-changes';
import type { OrderDetail } from '@fbo/shared/schemas/order-detail';
import { orderChangesApi } from '../order-changes.api';
import { useWrite } from '../../../hooks/useWrite';
import { ORDER_SIDE_WRITE } from '../../../entities/order';

const SLOTS = [1, 2, 3, 4, 5, 6] as const;
// As the server's ARTWORK_URL (the schema file carries zod): empty, http(s) or a path on this site.
const artworkRules = [{ pattern: /^(https?:\/\/\S+|\/(?!\/)\S*)?$/i, message: 'Artwork must be an http(s) address or a path on this site' }];
type Values = { orderItemId: string; reason: ChangeReason; note: string; sku?: string } & Partial<Record<`artwork${(typeof SLOTS)[number]}`, string>>;

/** The seller asks for a change on one item: new artworks, a new SKU, or anything else (a note). */
export function RequestChangeDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const reason = Form.useWatch('reason', form);
  const { run: write, busy: saving } = useWrite(ORDER_SIDE_WRITE);

  async function onFinish(v: Values) {
    const artworks = Object.fromEntries(SLOTS.map((n) => [`artwork${n}`, v[`artwork${n}`]?.trim()]).filter(([, url]) => url));
    const payload = v.reason === 'reupload_design' ? { artworks } : v.reason === 'change_catalog_code' ? { sku: v.sku?.trim() } : {};
    if (v.reason === 'reupload_design' && Object.keys(artworks).length === 0) {
      form.setFields([{ name: 'artwork1', errors: [ORDER_CHANGE_MSG.artworksRequired] }]);
      return;
    }
    const done = await write(() => orderChangesApi.create(order.id, { orderItemId: v.orderItemId, reason: v.reason, note: v.note.trim(), payload }));
    if (done) onClose();
  }

  return (
    <Modal open title="Request change" okText="Send request" cancelText="Cancel" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} name="request-change" layout="vertical" onFinish={onFinish} initialValues={{ orderItemId: order.items[0]?.id, reason: 'reupload_design' }}>
        <Form.Item label="Item" name="orderItemId" rules={[{ required: true, message: 'Please select item' }]}>
          <Select options={order.items.filter((i) => i.status !== 'Cancel').map((i) => ({ value: i.id, label: `${i.sku} x ${i.quantity}` }))} />
        </Form.Item>
        <Form.Item label="Reason" name="reason" rules={[{ required: true, message: 'Please select reason' }]}>
          <Select options={CHANGE_REASONS.map((r) => ({ value: r, label: CHANGE_REASON_LABELS[r] }))} />
        </Form.Item>
        <Form.Item
          label="Note"
          name="note"
          rules={[
            { required: true, whitespace: true, message: 'Please input note' },
            { min: 2, max: 1000, message: 'Note should be 2 to 1000 length' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        {reason === 'change_catalog_code' ? (
          <Form.Item label="New SKU" name="sku" rules={[{ required: true, whitespace: true, message: ORDER_CHANGE_MSG.skuRequired }]}>
            <Input maxLength={255} />
          </Form.Item>
        ) : null}
        {reason === 'reupload_design'
          ? SLOTS.map((n) => (
              <Form.Item key={n} label={`New artwork ${n} URL`} name={`artwork${n}`} rules={artworkRules}>
                <Input maxLength={2000} />
              </Form.Item>
            ))
          : null}
      </Form>
    </Modal>
  );
}
