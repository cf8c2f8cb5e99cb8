import { useMemo } from 'react';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, type FormInstance } from 'antd';
import {
  DIMENSION_UNITS, WAREHOUSE_LIMITS, WAREHOUSE_PRODUCT_LIMITS, WAREHOUSE_PRODUCT_MSG, WEIGHT_UNITS, isHsCode, toGrams, toMillimetres,
  type DimensionUnit, type WarehouseProductDetail, type WarehouseProductInput, type WeightUnit,
} from '@fbo/shared';
import { countryOptions } from './countries';
import { ImagesField } from './ImagesField';

export interface WarehouseProductValues {
  images: string[];
  sku?: string;
  name?: string;
  weightValue?: number | null;
  weightUnit: WeightUnit;
  length?: number | null;
  width?: number | null;
  height?: number | null;
  dimensionUnit: DimensionUnit;
  /** Dollars on the screen; the API keeps cents. */
  declaredValue?: number | null;
  hsCode?: string;
  originCountry?: string;
  lowThreshold?: number | null;
}

export const BLANK_VALUES: WarehouseProductValues = { images: [], weightUnit: 'lb', dimensionUnit: 'in', declaredValue: 0, lowThreshold: 0 };

/** The form's values of a saved product. */
export function valuesOf(p: WarehouseProductDetail): WarehouseProductValues {
  return {
    images: p.images,
    sku: p.sku,
    name: p.name,
    weightValue: p.weight.value,
    weightUnit: p.weight.unit,
    length: p.dimensions?.length ?? null,
    width: p.dimensions?.width ?? null,
    height: p.dimensions?.height ?? null,
    dimensionUnit: p.dimensions?.unit ?? 'in',
    declaredValue: p.declaredValue,
    hsCode: p.hsCode ?? '',
    originCountry: p.originCountry ?? undefined,
    lowThreshold: p.lowThreshold,
  };
}

const hasValue = (v: number | null | undefined): v is number => v !== null && v !== undefined;

/** The body of POST and PUT /api/warehouse-products. */
export function bodyOf(v: WarehouseProductValues): WarehouseProductInput {
  const dims = [v.length, v.width, v.height];
  return {
    sku: (v.sku ?? '').trim(),
    name: (v.name ?? '').trim(),
    images: v.images,
    weight: { value: v.weightValue ?? 0, unit: v.weightUnit },
    dimensions: dims.every(hasValue) ? { length: v.length!, width: v.width!, height: v.height!, unit: v.dimensionUnit } : null,
    declaredValue: v.declaredValue ?? 0,
    hsCode: v.hsCode?.trim() || null,
    originCountry: v.originCountry || null,
    lowThreshold: v.lowThreshold ?? 0,
  };
}

const decimals2 = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
const UNIT_LABEL: Record<WeightUnit | DimensionUnit, string> = { lb: 'lb', oz: 'oz', kg: 'kg', g: 'g', in: 'in', cm: 'cm' };

/** The rules of the server's schema (shared limits and messages), checked before sending. */
function rules(form: FormInstance<WarehouseProductValues>) {
  const side = (key: 'length' | 'width' | 'height') => ({
    validator: async (_: unknown, value: number | null | undefined) => {
      const all = [form.getFieldValue('length'), form.getFieldValue('width'), form.getFieldValue('height')] as (number | null | undefined)[];
      if (!hasValue(value)) {
        if (all.some(hasValue)) throw new Error(`Enter the ${key}, or leave all three dimensions empty`);
        return;
      }
      const mm = toMillimetres(value, form.getFieldValue('dimensionUnit') as DimensionUnit);
      if (value <= 0 || mm < 1 || mm > WAREHOUSE_PRODUCT_LIMITS.maxMillimetres) throw new Error(WAREHOUSE_PRODUCT_MSG.dimensionRange);
    },
  });
  return {
    sku: [
      { required: true, whitespace: true, message: WAREHOUSE_PRODUCT_MSG.skuRequired },
      { max: WAREHOUSE_PRODUCT_LIMITS.sku.max, message: WAREHOUSE_PRODUCT_MSG.skuLength },
    ],
    name: [
      { required: true, whitespace: true, message: WAREHOUSE_PRODUCT_MSG.nameLength },
      {
        validator: async (_: unknown, value: string | undefined) => {
          const n = (value ?? '').trim().length;
          if (n > 0 && (n < WAREHOUSE_PRODUCT_LIMITS.name.min || n > WAREHOUSE_PRODUCT_LIMITS.name.max)) throw new Error(WAREHOUSE_PRODUCT_MSG.nameLength);
        },
      },
    ],
    weight: [
      { required: true, message: WAREHOUSE_PRODUCT_MSG.weightRequired },
      {
        validator: async (_: unknown, value: number | null | undefined) => {
          if (!hasValue(value)) return;
          const grams = toGrams(value, form.getFieldValue('weightUnit') as WeightUnit);
          if (value <= 0 || grams < 1 || grams > WAREHOUSE_LIMITS.maxGrams) throw new Error(WAREHOUSE_PRODUCT_MSG.weightRange);
        },
      },
    ],
    length: [side('length')],
    width: [side('width')],
    height: [side('height')],
    declaredValue: [
      { type: 'number' as const, min: 0, max: WAREHOUSE_PRODUCT_LIMITS.maxDeclaredValue, message: WAREHOUSE_PRODUCT_MSG.declaredValueRange },
      { validator: async (_: unknown, v: number | null | undefined) => { if (hasValue(v) && !decimals2(v)) throw new Error(WAREHOUSE_PRODUCT_MSG.declaredValueCents); } },
    ],
    hsCode: [{ validator: async (_: unknown, v: string | undefined) => { if (v?.trim() && !isHsCode(v.trim())) throw new Error(WAREHOUSE_PRODUCT_MSG.hsCode); } }],
    lowThreshold: [{ type: 'integer' as const, min: 0, max: WAREHOUSE_PRODUCT_LIMITS.maxThreshold, message: WAREHOUSE_PRODUCT_MSG.thresholdRange }],
  };
}

interface Props {
  form: FormInstance<WarehouseProductValues>;
  initialValues: WarehouseProductValues;
  onSubmit: (values: WarehouseProductValues) => void;
  readOnly?: boolean;
  busy?: boolean;
  submitLabel?: string;
  onCancel?: () => void;
}

/** The warehouse product's fields: one form for the create and update pages (read only for a warehouse or the agency). */
export function WarehouseProductForm({ form, initialValues, onSubmit, readOnly, busy, submitLabel = 'Save', onCancel }: Props) {
  const countries = useMemo(countryOptions, []);
  const r = rules(form);
  const unitSelect = (name: 'weightUnit' | 'dimensionUnit', label: string, units: readonly string[]) => (
    <Form.Item name={name} noStyle>
      <Select aria-label={label} style={{ width: 80 }} options={units.map((u) => ({ value: u, label: UNIT_LABEL[u as WeightUnit] }))} />
    </Form.Item>
  );

  return (
    <Form<WarehouseProductValues>
      form={form}
      name="warehouse-product"
      layout="vertical"
      disabled={readOnly}
      initialValues={initialValues}
      onFinish={onSubmit}
      onValuesChange={(changed) => {
        // A new unit changes what the numbers mean: check them again.
        if ('weightUnit' in changed && form.isFieldTouched('weightValue')) void form.validateFields(['weightValue']).catch(() => undefined);
        if ('dimensionUnit' in changed || 'length' in changed || 'width' in changed || 'height' in changed) {
          void form.validateFields(['length', 'width', 'height']).catch(() => undefined);
        }
      }}
    >
      <Card title="Product" size="small" style={{ marginBottom: 16 }}>
        <Form.Item label="Images" name="images" extra={readOnly ? undefined : `Up to ${WAREHOUSE_PRODUCT_LIMITS.images}; the first is the main image`}>
          <ImagesField disabled={readOnly} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label="SKU" name="sku" rules={r.sku} extra={readOnly ? undefined : 'Unique among your team\u2019s warehouse products'}>
              <Input autoComplete="off" maxLength={WAREHOUSE_PRODUCT_LIMITS.sku.max} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item label="Name" name="name" rules={r.name}>
              <Input autoComplete="off" maxLength={WAREHOUSE_PRODUCT_LIMITS.name.max} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title="Shipping and customs" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label="Weight" required>
              <Space.Compact>
                <Form.Item name="weightValue" noStyle rules={r.weight}>
                  <InputNumber aria-label="Weight" min={0} step={1} style={{ width: 140 }} />
                </Form.Item>
                {unitSelect('weightUnit', 'Weight unit', WEIGHT_UNITS)}
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item label="Dimensions (length × width × height)" extra={readOnly ? undefined : 'Optional; all three or none'}>
              <Space.Compact>
                <Form.Item name="length" noStyle rules={r.length}>
                  <InputNumber aria-label="Length" min={0} step={1} style={{ width: 100 }} />
                </Form.Item>
                <Form.Item name="width" noStyle rules={r.width}>
                  <InputNumber aria-label="Width" min={0} step={1} style={{ width: 100 }} />
                </Form.Item>
                <Form.Item name="height" noStyle rules={r.height}>
                  <InputNumber aria-label="Height" min={0} step={1} style={{ width: 100 }} />
                </Form.Item>
                {unitSelect('dimensionUnit', 'Dimension unit', DIMENSION_UNITS)}
              </Space.Compact>
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item label="Declared value (per unit)" name="declaredValue" rules={r.declaredValue} extra={readOnly ? undefined : 'For customs, in US dollars'}>
              <InputNumber prefix="$" min={0} max={WAREHOUSE_PRODUCT_LIMITS.maxDeclaredValue} step={0.01} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label="HS code" name="hsCode" rules={r.hsCode} extra={readOnly ? undefined : '6 to 10 digits, e.g. 6109.10'}>
              <Input autoComplete="off" maxLength={16} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label="Country of origin" name="originCountry">
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="Choose a country" options={countries} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label="Low-stock threshold" name="lowThreshold" rules={r.lowThreshold} extra={readOnly ? undefined : 'Alert at or under this many available units'}>
              <InputNumber min={0} max={WAREHOUSE_PRODUCT_LIMITS.maxThreshold} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      {readOnly ? null : (
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {submitLabel}
          </Button>
          {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        </Space>
      )}
    </Form>
  );
}
