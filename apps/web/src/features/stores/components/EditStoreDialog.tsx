import { Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { StoreItem } from '@fbo/shared';
import { SHIPPING_METHODS, SHIPPING_METHOD_LABELS, type ShippingMethod } from '@fbo/shared/domain/catalog';
import { PERSONALIZED_ORDERS, PERSONALIZED_ORDER_LABELS, STORE_LIMITS, STORE_MSG, type PersonalizedOrders } from '@fbo/shared/domain/stores';
import { SaveFormModal } from '../../../components/SaveFormModal';
import { storesApi } from '../stores.api';
import { useStoreWrite } from './useStoreWrite';
import { StoreNameField } from './StoreNameField';

interface ShippingRow {
  title: string;
  method: ShippingMethod;
}

interface Values {
  name: string;
  paidOnly: boolean;
  skipIgnoredOnly: boolean;
  submitDelayMinutes: number;
  personalizedOrders: PersonalizedOrders;
  /** The map as rows, so the seller can add, change and remove lines in order. */
  shipping: ShippingRow[];
}

const METHOD_OPTIONS = SHIPPING_METHODS.map((m) => ({ value: m, label: SHIPPING_METHOD_LABELS[m] }));
const { min: DELAY_MIN, max: DELAY_MAX } = STORE_LIMITS.submitDelayMinutes;

function valuesOf(store: StoreItem): Values {
  const rules = store.importRules;
  return {
    name: store.name,
    paidOnly: rules.paidOnly,
    skipIgnoredOnly: rules.skipIgnoredOnly,
    submitDelayMinutes: rules.submitDelayMinutes,
    personalizedOrders: rules.personalizedOrders,
    shipping: Object.entries(rules.shippingMap).map(([title, method]) => ({ title, method })),
  };
}

/** The server keys the map by the lower-cased title; two rows that would collide are refused here first. */
const sameTitle = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const PERSONALIZED_OPTIONS = PERSONALIZED_ORDERS.map((value) => ({ value, label: PERSONALIZED_ORDER_LABELS[value] }));

/** A store's name and its import rules (paid only, all-ignored skipped, delay, personalized orders, shipping lines). */
export function EditStoreDialog({ store, onClose }: { store: StoreItem; onClose: () => void }) {
  const { run } = useStoreWrite();

  function save(values: Values, form: FormInstance<Values>) {
    const shippingMap = Object.fromEntries((values.shipping ?? []).map((row) => [row.title.trim().toLowerCase(), row.method]));
    const body = {
      name: values.name.trim(),
      importRules: {
        paidOnly: values.paidOnly, skipIgnoredOnly: values.skipIgnoredOnly, submitDelayMinutes: values.submitDelayMinutes,
        personalizedOrders: values.personalizedOrders, shippingMap,
      },
    };
    return run(() => storesApi.update(store.id, body), undefined, form);
  }

  return (
    <SaveFormModal<Values> title={`Edit ${store.name}`} name="store" initialValues={valuesOf(store)} onSave={save} onClose={onClose}>
      <StoreNameField />
      <Form.Item name="paidOnly" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>Import paid orders only</Checkbox>
      </Form.Item>
      <Form.Item name="skipIgnoredOnly" valuePropName="checked">
        <Checkbox>Skip orders whose items are all ignored</Checkbox>
      </Form.Item>
      <Form.Item
        label="Delay before submit (minutes)"
        name="submitDelayMinutes"
        extra="Time buyers have to change an order before it is submitted; 0 submits at once."
        rules={[{ required: true, type: 'integer', min: DELAY_MIN, max: DELAY_MAX, message: STORE_MSG.delayRange }]}
      >
        <InputNumber min={DELAY_MIN} max={DELAY_MAX} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        label="Orders of personalized products"
        name="personalizedOrders"
        extra="The buyer's text or image is kept with the order. The design service is the agency's, at its price."
      >
        <Radio.Group options={PERSONALIZED_OPTIONS} />
      </Form.Item>
      <fieldset className="store-shipping">
        <legend>Shipping lines</legend>
        <p className="store-shipping-hint">The store&apos;s shipping line title, and the shipping method its orders get.</p>
        <Form.List name="shipping">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" className="store-shipping-row">
                  <Form.Item
                    name={[field.name, 'title']}
                    rules={[
                      { required: true, whitespace: true, message: 'Enter the shipping line title' },
                      { max: STORE_LIMITS.shippingTitle, message: `At most ${STORE_LIMITS.shippingTitle} characters` },
                      ({ getFieldValue }) => ({
                        validator: (_, value?: string) => {
                          const rows = (getFieldValue('shipping') ?? []) as Partial<ShippingRow>[];
                          const clash = value?.trim() && rows.some((row, other) => other < index && row?.title && sameTitle(row.title, value));
                          return clash ? Promise.reject(new Error('This shipping line is mapped already')) : Promise.resolve();
                        },
                      }),
                    ]}
                  >
                    <Input aria-label={`Shipping line ${index + 1} title`} placeholder="e.g. Free shipping" autoComplete="off" style={{ width: 240 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'method']} rules={[{ required: true, message: 'Choose a method' }]}>
                    <Select aria-label={`Shipping line ${index + 1} method`} options={METHOD_OPTIONS} style={{ width: 150 }} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} aria-label={`Remove shipping line ${index + 1}`} title="Remove" onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= STORE_LIMITS.shippingMapEntries}
                onClick={() => add({ title: '', method: 'standard' } satisfies ShippingRow)}
              >
                Add shipping line
              </Button>
            </>
          )}
        </Form.List>
      </fieldset>
    </SaveFormModal>
  );
}
