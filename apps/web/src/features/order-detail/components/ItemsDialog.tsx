import { Button, Card, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import type { OrderDetail, OrderItemInput } from '@fbo/shared/schemas/order-detail';
import { orderDetailApi } from '../order-detail.api';
import { useWrite } from '../../../hooks/useWrite';
import { ORDER_DETAIL_WRITE } from '../../../entities/order';

type Line = { id?: string; sku: string; quantity: number; price: number; title?: string } & Partial<Record<Slot, string>>;
type Values = { shippingMethod: OrderDetail['shippingMethod']; items: Line[] };
type Slot = 'artwork1' | 'artwork2' | 'artwork3' | 'artwork4' | 'artwork5' | 'artwork6';
const SLOTS = [1, 2, 3, 4, 5, 6] as const;
// As the server (ARTWORK_URL, not imported: the schema file carries zod): empty, http(s) or a path on this site.
const artworkRules = [{ pattern: /^(https?:\/\/\S+|\/(?!\/)\S*)?$/i, message: 'Artwork must be an http(s) address or a path on this site' }];

const toLine = (item: OrderDetail['items'][number]): Line => ({
  id: item.id,
  sku: item.sku,
  quantity: item.quantity,
  price: item.price,
  title: item.title,
  ...Object.fromEntries(SLOTS.map((n) => [`artwork${n}`, item.artworks.find((a) => a.slot === n)?.url ?? ''])),
});

/**
 * Edit the lines and the shipping method of an Unfulfilled or Rejected order: each SKU must be a
 * catalog variant code of the agency's catalogs (the server says which line when it is not).
 */
export function ItemsDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { run: write, busy: saving } = useWrite(ORDER_DETAIL_WRITE);

  async function onFinish(values: Values) {
    const items: OrderItemInput[] = values.items.map((l) => ({ ...l, sku: l.sku.trim() }));
    const address = { fullName: order.fullName, address1: order.address1, address2: order.address2, city: order.city, province: order.province, zipCode: order.zipCode, country: order.country, countryCode: order.countryCode, phone: order.phone };
    // The form gets the server's per-line message under the line it names (errors['items.N.sku']).
    if (await write(() => orderDetailApi.update(order.id, { ...address, shippingMethod: values.shippingMethod, items }), undefined, form)) onClose();
  }

  return (
    <Modal open width={820} title="Edit items" okText="Save" cancelText="Cancel" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} name="order-items" layout="vertical" onFinish={onFinish} initialValues={{ shippingMethod: order.shippingMethod, items: order.items.map(toLine) }}>
        <Form.Item label="Shipping method" name="shippingMethod" rules={[{ required: true }]}>
          <Select style={{ width: 200 }} options={['standard', 'express', 'overnight'].map((m) => ({ value: m, label: m }))} />
        </Form.Item>
        <Form.List name="items" rules={[{ validator: async (_, lines: Line[]) => (lines?.length ? undefined : Promise.reject(new Error('An order needs at least one item'))) }]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  title={`Item ${index + 1}`}
                  style={{ marginBottom: 12 }}
                  extra={fields.length > 1 ? <Button size="small" danger onClick={() => remove(field.name)}>Remove item {index + 1}</Button> : null}
                >
                  <Row gutter={12}>
                    <Col xs={24} md={10}>
                      <Form.Item label="SKU" name={[field.name, 'sku']} rules={[{ required: true, whitespace: true, message: 'Please input SKU' }]}>
                        <Input maxLength={128} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={7}>
                      <Form.Item label="Quantity" name={[field.name, 'quantity']} rules={[{ required: true, type: 'integer', min: 1, message: 'Quantity should be at least 1' }]}>
                        <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={7}>
                      <Form.Item label="Price (USD)" name={[field.name, 'price']} rules={[{ required: true, message: 'Please input price' }]}>
                        <InputNumber min={0} max={1000000} precision={2} step={0.5} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    {SLOTS.map((n) => (
                      <Col xs={24} md={12} key={n}>
                        <Form.Item label={`Artwork ${n}`} name={[field.name, `artwork${n}`]} rules={artworkRules}>
                          <Input maxLength={2000} placeholder="https://" />
                        </Form.Item>
                      </Col>
                    ))}
                  </Row>
                </Card>
              ))}
              <Form.ErrorList errors={errors} />
              <Button onClick={() => add({ sku: '', quantity: 1, price: 0 })}>Add item</Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
