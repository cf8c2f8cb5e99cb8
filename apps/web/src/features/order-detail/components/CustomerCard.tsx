import { useState } from 'react';
import { Button, Card, Descriptions, Form, Input, Modal } from 'antd';
import type { CustomerUpdateBody, OrderDetail } from '@fbo/shared/schemas/order-detail';
import { orderDetailApi } from '../order-detail.api';
import { addressRules } from './address-rules';
import { useWrite } from '../../../hooks/useWrite';
import { ORDER_DETAIL_WRITE } from '../../../entities/order';

/** The customer (name, e-mail, phone); editable until production like the address. */
export function CustomerCard({ order }: { order: OrderDetail }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card title="Customer" extra={order.can.editAddress ? <Button size="small" onClick={() => setEditing(true)}>Edit</Button> : null}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: 'Full name', children: order.fullName || '—' },
          { key: 'email', label: 'Email', children: order.email || '—' },
          { key: 'phone', label: 'Phone', children: order.phone || '—' },
        ]}
      />
      {editing ? <CustomerDialog order={order} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}

function CustomerDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const [form] = Form.useForm<CustomerUpdateBody>();
  const { run: write, busy: saving } = useWrite(ORDER_DETAIL_WRITE);
  async function onFinish(values: CustomerUpdateBody) {
    if (await write(() => orderDetailApi.updateCustomer(order.id, { fullName: values.fullName, email: values.email ?? '', phone: values.phone ?? '' }))) onClose();
  }
  return (
    <Modal open title="Edit customer" okText="Save" cancelText="Cancel" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} name="order-customer" layout="vertical" onFinish={onFinish} initialValues={{ fullName: order.fullName, email: order.email, phone: order.phone }}>
        <Form.Item label="Full name" name="fullName" rules={[{ required: true, whitespace: true, message: 'Please input full name' }]}>
          <Input autoComplete="name" maxLength={255} />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[{ type: 'email', message: 'Please input correct email address' }]}>
          <Input autoComplete="email" maxLength={255} />
        </Form.Item>
        <Form.Item label="Phone" name="phone" rules={addressRules(form, 'phone')}>
          <Input autoComplete="tel" maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
