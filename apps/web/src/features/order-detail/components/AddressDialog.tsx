import { Form, Input, Modal } from 'antd';
import type { OrderAddressInput, OrderDetail } from '@fbo/shared/schemas/order-detail';
import { orderDetailApi } from '../order-detail.api';
import { addressRules } from './address-rules';
import { useWrite } from '../../../hooks/useWrite';
import { ORDER_DETAIL_WRITE } from '../../../entities/order';

type Values = Omit<OrderAddressInput, 'address2' | 'province' | 'zipCode' | 'country' | 'phone'> & Partial<OrderAddressInput>;

/** Edit the shipping address (until production); the server runs the rules again and answers the new status. */
export function AddressDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { run: write, busy: saving } = useWrite(ORDER_DETAIL_WRITE);
  // Zip and state are checked against the country code: re-run them when it changes.
  const recheck = () => void form.validateFields(['zipCode', 'province']).catch(() => undefined);

  async function onFinish(values: Values) {
    const body = { ...values, countryCode: values.countryCode.trim().toUpperCase() };
    if (await write(() => orderDetailApi.update(order.id, body))) onClose();
  }

  const field = (name: keyof OrderAddressInput, label: string, rules = true, autoComplete?: string) => (
    <Form.Item label={label} name={name} rules={rules && name !== 'address2' && name !== 'country' ? addressRules(form, name as never) : []}>
      <Input autoComplete={autoComplete} maxLength={255} />
    </Form.Item>
  );

  return (
    <Modal open title="Edit shipping address" okText="Save" cancelText="Cancel" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form
        form={form}
        name="order-address"
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={(changed: Partial<Values>) => ('countryCode' in changed ? recheck() : undefined)}
        initialValues={{
          fullName: order.fullName, address1: order.address1, address2: order.address2, city: order.city, province: order.province,
          zipCode: order.zipCode, country: order.country, countryCode: order.countryCode, phone: order.phone,
        }}
      >
        {field('fullName', 'Full name', true, 'name')}
        {field('address1', 'Address 1', true, 'address-line1')}
        {field('address2', 'Address 2', false, 'address-line2')}
        {field('city', 'City', true, 'address-level2')}
        {field('province', 'State / Province', true, 'address-level1')}
        {field('zipCode', 'Zip code', true, 'postal-code')}
        {field('country', 'Country', false, 'country-name')}
        {field('countryCode', 'Country code', true, 'country')}
        {field('phone', 'Phone', true, 'tel')}
      </Form>
    </Modal>
  );
}
