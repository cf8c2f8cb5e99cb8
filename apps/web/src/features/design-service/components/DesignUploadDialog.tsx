import { Button, Form, Modal, Select, Space } from 'antd';
import { ARTWORK_SLOTS, type UpdateItemDesignBody } from '@fbo/shared/schemas/design-service';
import type { OrderDetailItem } from '@fbo/shared/schemas/order-detail';
import { ArtworkSlot } from '../../../components/upload/ArtworkSlot';

type Values = Partial<Record<(typeof ARTWORK_SLOTS)[number], string>> & { orderItemId: string };

/** One artwork slot: the address, or an image uploaded to storage (its address fills the field). */
function ArtworkField({ slot, index }: { slot: (typeof ARTWORK_SLOTS)[number]; index: number }) {
  return (
    <Form.Item label={`Artwork ${index + 1}`} style={{ marginBottom: 8 }}>
      <Form.Item name={slot} noStyle rules={[{ max: 2000 }]}>
        <ArtworkSlot label={`Artwork ${index + 1}`} />
      </Form.Item>
    </Form.Item>
  );
}

/** The designer's artwork for one item of the order (PUT /orders/update-item-design). */
export function DesignUploadDialog({ open, items, busy, onCancel, onSave }: {
  open: boolean;
  items: OrderDetailItem[];
  busy: boolean;
  onCancel: () => void;
  onSave: (body: UpdateItemDesignBody) => void;
}) {
  const [form] = Form.useForm<Values>();
  const fill = (itemId: string) => {
    const item = items.find((i) => i.id === itemId);
    form.setFieldsValue(Object.fromEntries(ARTWORK_SLOTS.map((slot, i) => [slot, item?.artworks.find((a) => a.slot === i + 1)?.url ?? ''])));
  };
  return (
    <Modal title="Upload design" open={open} onCancel={onCancel} footer={null} destroyOnHidden>
      <Form<Values>
        form={form}
        layout="vertical"
        name="upload-design"
        initialValues={{ orderItemId: items[0]?.id }}
        onValuesChange={(changed: Partial<Values>) => changed.orderItemId && fill(changed.orderItemId)}
        onFinish={(v) => onSave({ orderItemId: v.orderItemId, ...Object.fromEntries(ARTWORK_SLOTS.map((slot) => [slot, v[slot]?.trim() || null])) })}
      >
        <Form.Item label="Item" name="orderItemId" rules={[{ required: true, message: 'Please choose an item' }]}>
          <Select options={items.map((i) => ({ value: i.id, label: `${i.sku || 'No SKU'} · ${i.title || 'item'} (${i.color} ${i.size})` }))} />
        </Form.Item>
        {ARTWORK_SLOTS.map((slot, i) => <ArtworkField key={slot} slot={slot} index={i} />)}
        <Space style={{ marginTop: 8 }}>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={busy}>Save</Button>
        </Space>
      </Form>
    </Modal>
  );
}
