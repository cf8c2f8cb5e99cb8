import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Typography } from 'antd';
import { FormDrawer } from '../../../components/FormDrawer';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INBOUND_LIMITS, INBOUND_MSG, type CreateInboundBody } from '@fbo/shared';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { useWrite } from '../../../hooks/useWrite';
import { sellerWarehouseKeys } from '../seller/sellerWarehouses.api';
import { inboundApi, inboundKeys, warehouseProductOptionsQuery, type InboundWriteAnswer } from './inbound.api';

interface Picked {
  value: string;
  label: string;
}
interface LineValues {
  warehouseProductId?: Picked;
  quantity?: number | null;
}
interface Values {
  carrier?: string;
  trackingNumber?: string;
  note?: string;
  lines: LineValues[];
}

const blankLine = (): LineValues => ({ warehouseProductId: undefined, quantity: null });

/** A select over the team's warehouse products, searched on the server as the user types. */
function ProductPicker({ value, onChange, index }: { value?: Picked; onChange?: (v: Picked | undefined) => void; index: number }) {
  const [search, setSearch] = useState('');
  const products = useQuery(warehouseProductOptionsQuery(useDebouncedValue(search, 300)));
  return (
    <Select<Picked>
      labelInValue
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      aria-label={`Product of line ${index + 1}`}
      placeholder="Search by SKU or name"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={products.isFetching}
      notFoundContent={products.isFetching ? 'Loading...' : 'No warehouse products found'}
      options={(products.data ?? []).map((p) => ({ value: p.id, label: `${p.sku} — ${p.name}` }))}
      style={{ minWidth: 320 }}
    />
  );
}

const quantityRules = [
  { required: true, message: INBOUND_MSG.quantity },
  { type: 'number' as const, min: 1, max: INBOUND_LIMITS.quantity, message: INBOUND_MSG.quantity },
];

/**
 * 'Declare inbound shipment': what the team sends to this warehouse (products and quantities, carrier, tracking).
 * The warehouse counts it on arrival; success opens the new shipment.
 */
export function DeclareInboundDrawer({ warehouse, onClose, onDeclared }: { warehouse: { id: string; name: string; code: string }; onClose: () => void; onDeclared: (id: string) => void }) {
  const [form] = Form.useForm<Values>();
  const { run, busy } = useWrite<InboundWriteAnswer>({ refresh: [inboundKeys.all, sellerWarehouseKeys.all], keepOnRefusal: true });

  async function save(values: Values) {
    const body: CreateInboundBody = {
      warehouseId: warehouse.id,
      carrier: values.carrier?.trim() ?? '',
      trackingNumber: values.trackingNumber?.trim() ?? '',
      note: values.note?.trim() ?? '',
      lines: values.lines.map((l) => ({ warehouseProductId: l.warehouseProductId!.value, quantity: l.quantity! })),
    };
    const answer = await run(() => inboundApi.declare(body), undefined, form);
    if (answer) onDeclared(answer.data.id);
  }

  function productRules(row: number) {
    return [
      { required: true, message: 'Choose a product' },
      {
        validator: async (_: unknown, picked?: Picked) => {
          const rows = (form.getFieldValue('lines') as LineValues[] | undefined) ?? [];
          if (picked && rows.some((l, i) => i < row && l?.warehouseProductId?.value === picked.value)) throw new Error(INBOUND_MSG.duplicateProduct);
        },
      },
    ];
  }

  return (
    <FormDrawer title={`Declare inbound shipment to ${warehouse.name} (${warehouse.code})`} busy={busy} submitLabel="Declare" onSubmit={() => form.submit()} onClose={onClose}>
      <Form<Values> form={form} name="declare-inbound" layout="vertical" initialValues={{ lines: [blankLine()] }} onFinish={(values) => void save(values)}>
        <Form.Item label="Carrier" name="carrier" rules={[{ max: INBOUND_LIMITS.carrier, message: `Carrier is at most ${INBOUND_LIMITS.carrier} characters` }]}>
          <Input autoComplete="off" placeholder="UPS, FedEx, freight forwarder..." />
        </Form.Item>
        <Form.Item label="Tracking number" name="trackingNumber" rules={[{ max: INBOUND_LIMITS.tracking, message: `Tracking number is at most ${INBOUND_LIMITS.tracking} characters` }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Note for the warehouse" name="note" rules={[{ max: INBOUND_LIMITS.note, message: `Note is at most ${INBOUND_LIMITS.note} characters` }]}>
          <Input.TextArea rows={2} />
        </Form.Item>

        <Typography.Title level={5} id="declare-inbound-lines">
          Products
        </Typography.Title>
        <Form.List
          name="lines"
          rules={[
            {
              validator: async (_, rows: LineValues[]) => {
                if (!rows?.length) throw new Error(INBOUND_MSG.linesRequired);
                if (rows.length > INBOUND_LIMITS.lines) throw new Error(INBOUND_MSG.linesMax);
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              <div className="inbound-lines-form" role="region" aria-labelledby="declare-inbound-lines" tabIndex={0}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Product</th>
                      <th scope="col">Quantity</th>
                      <th scope="col">
                        <span className="visually-hidden">Remove</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {fields.map((field, index) => (
                      <tr key={field.key}>
                        <td>
                          <Form.Item name={[field.name, 'warehouseProductId']} rules={productRules(field.name)}>
                            <ProductPicker index={index} />
                          </Form.Item>
                        </td>
                        <td>
                          <Form.Item name={[field.name, 'quantity']} rules={quantityRules}>
                            <InputNumber aria-label={`Quantity of line ${index + 1}`} min={1} max={INBOUND_LIMITS.quantity} precision={0} style={{ width: 130 }} />
                          </Form.Item>
                        </td>
                        <td>
                          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove line ${index + 1}`} disabled={fields.length <= 1} onClick={() => remove(field.name)} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Form.ErrorList errors={errors} />
              <Button icon={<PlusOutlined />} disabled={fields.length >= INBOUND_LIMITS.lines} onClick={() => add(blankLine())} style={{ marginTop: 8 }}>
                Add product
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormDrawer>
  );
}
