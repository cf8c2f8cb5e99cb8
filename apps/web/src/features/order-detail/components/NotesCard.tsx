import { Button, Card, Form, Input, Switch } from 'antd';
import type { OrderDetail } from '@fbo/shared/schemas/order-detail';
import { orderDetailApi } from '../order-detail.api';
import { useWrite } from '../../../hooks/useWrite';
import { ORDER_DETAIL_WRITE } from '../../../entities/order';

type Values = { message: string; internal?: boolean };

/** Add a note to the timeline; the agency may keep it internal (never shown to the seller). */
export function NotesCard({ order }: { order: OrderDetail }) {
  const [form] = Form.useForm<Values>();
  const { run: write, busy: saving } = useWrite(ORDER_DETAIL_WRITE);
  if (!order.can.addNote) return null;

  async function onFinish(values: Values) {
    const body = { message: values.message, ...(order.can.internalNote ? { internal: values.internal ?? false } : {}) };
    if (await write(() => orderDetailApi.addNote(order.id, body))) form.resetFields();
  }

  return (
    <Card title="Notes">
      <Form form={form} name="order-note" layout="vertical" onFinish={onFinish}>
        <Form.Item
          label="Note"
          name="message"
          rules={[
            { required: true, whitespace: true, message: 'Please input note' },
            { max: 1000, message: 'note should be 1 to 1000 length' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        {order.can.internalNote ? (
          <Form.Item label="Internal (agency only)" name="internal" valuePropName="checked">
            <Switch />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" loading={saving}>Add note</Button>
      </Form>
    </Card>
  );
}
