import { useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import { FormDrawer } from '../../../components/FormDrawer';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SHIPPING_METHOD_LABELS, SHIPPING_METHODS, WAREHOUSE_LIMITS, WEIGHT_UNITS, routePath, toGrams, type WarehouseRow } from '@fbo/shared';
import { useWrite } from '../../../hooks/useWrite';
import { countryOptions } from '../../warehouse-products';
import { agencyWarehouseKeys, agencyWarehousesApi, warehouseTeamOptionsQuery, type WarehouseAnswer } from './agencyWarehouses.api';
import {
  BLANK_WAREHOUSE, FEE_MAX, blankBand, bodyIssues, formValuesOf, warehouseBodyOf, type BandValues, type WarehouseFormValues,
} from './warehouse-form';

const L = WAREHOUSE_LIMITS;
const FEE_MSG = `A fee is 0 to ${FEE_MAX.toLocaleString('en-US')} with at most 2 decimals`;
const feeRules = [{ required: true, message: FEE_MSG }, { type: 'number' as const, min: 0, max: FEE_MAX, message: FEE_MSG }];
const max = (n: number, what: string) => ({ max: n, message: `${what} is at most ${n} characters` });

function FeeInput({ label, name, extra }: { label: string; name: string; extra: string }) {
  return (
    <Form.Item label={label} name={['fees', name]} rules={feeRules} extra={extra}>
      <InputNumber min={0} max={FEE_MAX} step={0.25} precision={2} prefix="$" style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** The shipping bands as an editable table: method, destination, up to a weight in a unit, price. */
function ShippingBands({ destinations }: { destinations: { value: string; label: string }[] }) {
  const form = Form.useFormInstance<WarehouseFormValues>();
  const bandRules = (row: number) => [
    { required: true, message: 'Weight is required' },
    {
      validator: async (_: unknown, weight?: number | null) => {
        if (typeof weight !== 'number') return;
        const bands = (form.getFieldValue(['fees', 'shipping']) as BandValues[] | undefined) ?? [];
        const band = bands[row];
        if (!band) return;
        const grams = toGrams(weight, band.unit);
        if (grams < 1) throw new Error('A band holds at least 1 g');
        if (grams > L.maxGrams) throw new Error('A band holds at most 1,000 kg');
        const key = (b: BandValues) => `${b.method} ${(b.country ?? '').toUpperCase()} ${typeof b.weight === 'number' ? toGrams(b.weight, b.unit) : ''}`;
        if (bands.some((b, i) => i < row && b && key(b) === key(band))) throw new Error('This band is listed twice');
      },
    },
  ];
  return (
    <Form.List name={['fees', 'shipping']}>
      {(fields, { add, remove }) => (
        <>
          <div className="agency-warehouse-bands" role="region" aria-labelledby="warehouse-bands-title" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Method</th>
                  <th scope="col">Destination</th>
                  <th scope="col">Up to weight</th>
                  <th scope="col">Price</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {fields.length === 0 ? (
                  <tr>
                    <td colSpan={5}>
                      <Typography.Text type="secondary">No shipping bands: orders from this warehouse cannot be charged shipping until one is added.</Typography.Text>
                    </td>
                  </tr>
                ) : null}
                {fields.map((field, index) => (
                  <tr key={field.key}>
                    <td>
                      <Form.Item name={[field.name, 'method']} rules={[{ required: true, message: 'Choose a method' }]}>
                        <Select aria-label={`Method of band ${index + 1}`} style={{ width: 112 }} options={SHIPPING_METHODS.map((m) => ({ value: m, label: SHIPPING_METHOD_LABELS[m] }))} />
                      </Form.Item>
                    </td>
                    <td>
                      <Form.Item name={[field.name, 'country']} rules={[{ required: true, message: 'Choose a destination' }]}>
                        <Select
                          aria-label={`Destination of band ${index + 1}`}
                          placeholder="Country or anywhere else"
                          showSearch={{ optionFilterProp: 'label' }}
                          options={destinations}
                          style={{ width: 180 }}
                        />
                      </Form.Item>
                    </td>
                    <td>
                      <Space.Compact>
                        <Form.Item name={[field.name, 'weight']} rules={bandRules(field.name)} dependencies={[['fees', 'shipping', field.name, 'unit']]}>
                          <InputNumber aria-label={`Up to weight of band ${index + 1}`} min={0} step={1} style={{ width: 90 }} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'unit']}>
                          <Select aria-label={`Weight unit of band ${index + 1}`} style={{ width: 68 }} options={WEIGHT_UNITS.map((u) => ({ value: u, label: u }))} />
                        </Form.Item>
                      </Space.Compact>
                    </td>
                    <td>
                      <Form.Item name={[field.name, 'price']} rules={feeRules}>
                        <InputNumber aria-label={`Price of band ${index + 1}`} min={0} max={FEE_MAX} step={0.5} precision={2} prefix="$" style={{ width: 108 }} />
                      </Form.Item>
                    </td>
                    <td>
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove band ${index + 1}`} onClick={() => remove(field.name)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button icon={<PlusOutlined />} disabled={fields.length >= L.bands} onClick={() => add(blankBand())} style={{ marginTop: 8 }}>
            Add band
          </Button>
        </>
      )}
    </Form.List>
  );
}

/**
 * Create or edit a warehouse (the agency's owner): name, code, the warehouse team running it, address, active, routing
 * priority, and the fees with their shipping bands. Checked with the server's own schema before it is sent.
 */
export function WarehouseFormDrawer({ warehouse, onClose }: { warehouse: WarehouseRow | null; onClose: () => void }) {
  const [form] = Form.useForm<WarehouseFormValues>();
  const teams = useQuery(warehouseTeamOptionsQuery(true));
  const countries = useMemo(() => countryOptions(), []);
  const destinations = useMemo(() => [{ value: '*', label: '* anywhere else' }, ...countries], [countries]);
  const { run, busy } = useWrite<WarehouseAnswer>({ refresh: [agencyWarehouseKeys.all], keepOnRefusal: true });
  const initialValues = useMemo(() => (warehouse ? formValuesOf(warehouse) : BLANK_WAREHOUSE), [warehouse]);
  const noTeams = teams.isSuccess && teams.data.length === 0;

  async function save(values: WarehouseFormValues) {
    const body = warehouseBodyOf(values);
    const issues = bodyIssues(body);
    if (issues.length > 0) {
      form.setFields(issues as Parameters<typeof form.setFields>[0]);
      return;
    }
    const answer = await run(() => (warehouse ? agencyWarehousesApi.update(warehouse.id, body) : agencyWarehousesApi.create(body)), undefined, form);
    if (answer) onClose();
  }

  return (
    <FormDrawer title={warehouse ? `Edit ${warehouse.name} (${warehouse.code})` : 'Create warehouse'} busy={busy} onSubmit={() => form.submit()} onClose={onClose}>
      <Form<WarehouseFormValues> form={form} name="agency-warehouse" layout="vertical" initialValues={initialValues} onFinish={(values) => void save(values)}>
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item
              label="Name"
              name="name"
              rules={[{ required: true, whitespace: true, min: L.name.min, max: L.name.max, message: `Name must be ${L.name.min} to ${L.name.max} characters` }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label="Code"
              name="code"
              normalize={(v: string) => v?.toUpperCase()}
              extra="Shown on stock and orders, e.g. DAL"
              rules={[{ required: true, pattern: /^\s*[A-Z0-9-]{2,16}\s*$/, message: 'Code is 2 to 16 letters, digits or dashes' }]}
            >
              <Input autoComplete="off" maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Warehouse team" name="warehouseTeamId" rules={[{ required: true, message: 'Choose the warehouse team' }]} extra="The seller team of type Warehouse that runs it: its users receive, pick, pack and ship.">
          <Select
            placeholder="Choose the warehouse team"
            loading={teams.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(teams.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.code})` }))}
            notFoundContent={teams.isLoading ? 'Loading...' : 'No warehouse teams'}
          />
        </Form.Item>
        {noTeams ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={
              <>
                Make a seller team of type Warehouse on the <Link to={routePath('ag-sellers')}>Sellers page</Link> first.
              </>
            }
          />
        ) : null}

        <Typography.Title level={5}>Address</Typography.Title>
        <Form.Item label="Address" name={['address', 'address1']} rules={[{ required: true, whitespace: true, message: 'Address is required' }, max(255, 'Address')]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Address line 2" name={['address', 'address2']} rules={[max(255, 'Address line 2')]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="City" name={['address', 'city']} rules={[{ required: true, whitespace: true, message: 'City is required' }, max(120, 'City')]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="State / province" name={['address', 'state']} rules={[max(120, 'State')]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="ZIP / postal code" name={['address', 'zip']} rules={[max(20, 'ZIP')]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Country" name={['address', 'country']} rules={[{ required: true, message: 'Country is a 2-letter code' }]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={countries} placeholder="Choose a country" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Phone" name={['address', 'phone']} rules={[max(40, 'Phone')]}>
              <Input autoComplete="off" type="tel" />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>Routing</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Active" name="active" valuePropName="checked" extra="An inactive warehouse takes no new orders nor inbound shipments.">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Routing priority"
              name="priority"
              rules={[{ required: true, type: 'integer', min: 0, max: 1000, message: 'Priority is a whole number from 0 to 1,000' }]}
              extra="Lower goes first: an order goes to the first active warehouse, by priority, that holds all of its items."
            >
              <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>Fees charged to the seller ($)</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <FeeInput label="Per order" name="perOrder" extra="Picking and packing the first unit" />
          </Col>
          <Col xs={24} md={8}>
            <FeeInput label="Per extra unit" name="perExtraUnit" extra="Each unit after the first" />
          </Col>
          <Col xs={24} md={8}>
            <FeeInput label="Storage per unit per month" name="storagePerUnitMonth" extra="On the month's average units on hand" />
          </Col>
        </Row>
        <Typography.Title level={5} id="warehouse-bands-title">
          Shipping by weight band
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          A parcel ships in the lightest band of its method that holds it: the destination country&apos;s bands first, else the &ldquo;anywhere else&rdquo; bands.
        </Typography.Paragraph>
        <ShippingBands destinations={destinations} />
      </Form>
    </FormDrawer>
  );
}
