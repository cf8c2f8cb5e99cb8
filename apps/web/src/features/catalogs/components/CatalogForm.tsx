import { useState } from 'react';
import { App, Button, Card, Checkbox, Form, Input, InputNumber, Select, Space, Switch, Table, type FormRule } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { CatalogBody, CatalogDetail, CatalogType, ShippingMethod, WeightUnit } from '@fbo/shared';
import {
  CATALOG_LIMITS as L,
  CATALOG_MSG as M,
  CATALOG_TYPES,
  CATALOG_TYPE_LABELS,
  CODE_PATTERN,
  PUBLISH_STATUSES,
  SHIPPING_METHODS,
  SHIPPING_METHOD_LABELS,
  WEIGHT_UNITS,
  variantCode,
} from '@fbo/shared/domain/catalog';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { catalogsApi, categoryOptionsQuery } from '../catalogs.api';
import { GalleryUpload } from './GalleryUpload';
import { useCatalogAction } from './useCatalogAction';

interface VariantValue {
  id?: string;
  catalogVariantCode: string;
  color: string;
  size: string;
  inStock: boolean;
  /** The variant published products switch to while this one is out of stock, by code (cleared: none). */
  alternativeVariantCode?: string | null;
}

interface Values {
  name: string;
  productCode: string;
  type: CatalogType;
  dropship: boolean;
  isTrademark: boolean;
  categoryIds: string[];
  description: string;
  mockupGallery: string[];
  sizes: string[];
  colors: string[];
  variants: VariantValue[];
  designs: { name: string; width: number; height: number }[];
  production: { productionTime: string; material: string; weight: number | null; weightUnit: WeightUnit };
  shipping: { methods: ShippingMethod[]; shippingTime: string; shipsFrom: string };
  note: string;
  active: boolean;
  publishStatus: number;
}

const typeOptions = CATALOG_TYPES.map((t) => ({ value: t, label: CATALOG_TYPE_LABELS[t] }));
const statusOptions = PUBLISH_STATUSES.map((s) => ({ value: s.value, label: s.name }));
const unitOptions = WEIGHT_UNITS.map((u) => ({ value: u, label: u }));
const methodOptions = SHIPPING_METHODS.map((m) => ({ value: m, label: SHIPPING_METHOD_LABELS[m] }));

const nameRules: FormRule[] = [
  { required: true, whitespace: true, message: M.inputName },
  { min: L.name.min, max: L.name.max, message: M.nameLength },
];
const codeRules: FormRule[] = [
  { required: true, whitespace: true, message: M.inputCode },
  { min: L.productCode.min, max: L.productCode.max, message: M.codeLength },
  { pattern: CODE_PATTERN, message: M.codeFormat },
];
const variantCodeRules: FormRule[] = [
  { required: true, whitespace: true, message: M.variantCodeLength },
  { min: L.variantCode.min, max: L.variantCode.max, message: M.variantCodeLength },
  { pattern: CODE_PATTERN, message: M.codeFormat },
];
/** Sizes and colours: 1-64 characters each, no value twice (any case), at most 50. */
const optionRules: FormRule[] = [
  {
    validator: (_, values: string[] = []) => {
      if (values.length > L.options) return Promise.reject(new Error(M.tooManyOptions));
      const seen = new Set<string>();
      for (const v of values) {
        if (v.trim().length < L.option.min || v.trim().length > L.option.max) return Promise.reject(new Error(M.optionLength));
        if (seen.has(v.trim().toLowerCase())) return Promise.reject(new Error(M.optionTwice(v)));
        seen.add(v.trim().toLowerCase());
      }
      return Promise.resolve();
    },
  },
];

function initialValues(catalog: CatalogDetail | undefined, dropship: boolean): Values {
  if (catalog) {
    return {
      name: catalog.name,
      productCode: catalog.productCode,
      type: catalog.type,
      dropship: catalog.dropship,
      isTrademark: catalog.isTrademark,
      categoryIds: catalog.categories.map((c) => c.id),
      description: catalog.description,
      mockupGallery: catalog.mockupGallery,
      sizes: catalog.sizes,
      colors: catalog.colors,
      variants: catalog.variants.map(({ id, catalogVariantCode, color, size, inStock, alternativeVariantCode }) => ({ id, catalogVariantCode, color, size, inStock, alternativeVariantCode })),
      designs: catalog.designs,
      production: catalog.production,
      shipping: catalog.shipping,
      note: catalog.note,
      active: catalog.active,
      publishStatus: catalog.publishStatus,
    };
  }
  return {
    name: '',
    productCode: '',
    type: dropship ? 'drop' : 'pod',
    dropship,
    isTrademark: false,
    categoryIds: [],
    description: '',
    mockupGallery: [],
    sizes: [],
    colors: [],
    variants: [],
    designs: [],
    production: { productionTime: '', material: '', weight: null, weightUnit: 'oz' },
    shipping: { methods: ['standard'], shippingTime: '', shipsFrom: '' },
    note: '',
    active: true,
    publishStatus: 0,
  };
}

/**
 * The body the server takes: trimmed options, variants checked against them. Every variant sends its alternative
 * (null: none, as the form shows it); one naming a variant removed in the form has none, as the server would make it.
 */
function toBody(values: Values): CatalogBody {
  const trim = (list: string[] = []) => list.map((v) => v.trim()).filter(Boolean);
  const codes = new Set((values.variants ?? []).map((v) => v.catalogVariantCode.trim().toLowerCase()));
  const alternativeOf = (code?: string | null) => (code && codes.has(code.trim().toLowerCase()) ? code.trim() : null);
  return {
    ...values,
    name: values.name.trim(),
    productCode: values.productCode.trim(),
    description: values.description ?? '',
    sizes: trim(values.sizes),
    colors: trim(values.colors),
    categoryIds: values.categoryIds ?? [],
    mockupGallery: values.mockupGallery ?? [],
    designs: values.designs ?? [],
    variants: (values.variants ?? []).map((v) => ({
      ...v, catalogVariantCode: v.catalogVariantCode.trim(), inStock: v.inStock ?? true, alternativeVariantCode: alternativeOf(v.alternativeVariantCode),
    })),
    note: values.note ?? '',
  };
}

export interface CatalogFormProps {
  /** The catalog to change; absent: a new one. */
  catalog?: CatalogDetail;
  /** 'Create Dropship': dropship on and type drop preselected. */
  dropship?: boolean;
  onSaved: (catalog: CatalogDetail) => void;
  onCancel: () => void;
}

/**
 * The one catalog form (create, create dropship, update; administrator and agency): General, Media,
 * Options with the variant grid, Print areas, Production, Shipping, Note, Active and Publish status.
 * Client rules mirror the server's (packages/shared/src/domain/catalog.ts).
 */
export function CatalogForm({ catalog, dropship = false, onSaved, onCancel }: CatalogFormProps) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const run = useCatalogAction();
  const categories = useQuery(categoryOptionsQuery());
  const sizes = Form.useWatch('sizes', form) ?? [];
  const colors = Form.useWatch('colors', form) ?? [];
  const variants: VariantValue[] = Form.useWatch('variants', form) ?? [];

  // Categories the catalog has but the options do not list (another owner's) stay readable.
  const categoryOptions = [
    ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    ...(catalog?.categories ?? []).filter((c) => !categories.data?.some((o) => o.id === c.id)).map((c) => ({ value: c.id, label: c.name })),
  ];

  function generateVariants() {
    const code = (form.getFieldValue('productCode') as string | undefined)?.trim();
    if (!code) {
      void form.validateFields(['productCode']);
      return;
    }
    if (colors.length === 0 || sizes.length === 0) {
      void message.warning('Add at least one colour and one size first');
      return;
    }
    const current: VariantValue[] = form.getFieldValue('variants') ?? [];
    const grid = colors.flatMap((color) =>
      sizes.map((size) => current.find((v) => v.color === color && v.size === size) ?? { catalogVariantCode: variantCode(code, color, size), color, size, inStock: true }),
    );
    form.setFieldValue('variants', grid);
    void message.success(`${grid.length} variants`);
  }

  async function onFinish() {
    setSaving(true);
    // Every value, the variants' ids too (they have no field of their own, so onFinish leaves them out).
    const body = toBody(form.getFieldsValue(true) as Values);
    const answer = catalog
      ? await run(() => catalogsApi.update(catalog.id, body), 'Updated', form)
      : await run(() => catalogsApi.create(body), 'Created', form);
    setSaving(false);
    if (answer) onSaved(answer.data);
  }

  /** Codes unique within the form, as the server checks. */
  const uniqueCode: FormRule = {
    validator: (_, value?: string) => {
      const same = variants.filter((v) => v?.catalogVariantCode?.trim().toLowerCase() === value?.trim().toLowerCase());
      return value && same.length > 1 ? Promise.reject(new Error(M.variantCodeTwice(value))) : Promise.resolve();
    },
  };

  return (
    <Form<Values>
      form={form}
      name="catalog"
      layout="vertical"
      initialValues={initialValues(catalog, dropship)}
      onFinish={onFinish}
      onFinishFailed={() => void message.error('Please check the highlighted fields')}
      scrollToFirstError
      className="catalog-form"
    >
      <Card title="General" size="small">
        <div className="catalog-form-row">
          <Form.Item label="Name" name="name" rules={nameRules} className="catalog-form-wide">
            <Input maxLength={L.name.max} />
          </Form.Item>
          <Form.Item label="Code" name="productCode" rules={codeRules}>
            <Input maxLength={L.productCode.max} spellCheck={false} />
          </Form.Item>
          <Form.Item label="Type" name="type" rules={[{ required: true, message: M.inputType }]}>
            <Select options={typeOptions} style={{ width: 120 }} />
          </Form.Item>
        </div>
        <div className="catalog-form-row">
          <Form.Item label="Dropship" name="dropship" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="Trademark" name="isTrademark" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="Categories" name="categoryIds" className="catalog-form-wide">
            <Select
              mode="multiple"
              allowClear
              loading={categories.isLoading}
              options={categoryOptions}
              optionFilterProp="label"
              placeholder="Choose categories"
              maxCount={L.categories}
            />
          </Form.Item>
        </div>
        <Form.Item label="Description" name="description">
          <RichTextEditor id="catalog_description" label="Description" />
        </Form.Item>
      </Card>

      <Card title="Media" size="small">
        <Form.Item label="Mockup gallery" name="mockupGallery" htmlFor="catalog_mockupGallery">
          <GalleryUpload id="catalog_mockupGallery" />
        </Form.Item>
      </Card>

      <Card title="Options" size="small">
        <div className="catalog-form-row">
          <Form.Item label="Sizes" name="sizes" rules={optionRules} className="catalog-form-wide">
            <Select mode="tags" open={false} suffixIcon={null} placeholder="Type a size and press Enter" tokenSeparators={[',']} />
          </Form.Item>
          <Form.Item label="Colors" name="colors" rules={optionRules} className="catalog-form-wide">
            <Select mode="tags" open={false} suffixIcon={null} placeholder="Type a colour and press Enter" tokenSeparators={[',']} />
          </Form.Item>
        </div>
        <Space style={{ marginBottom: 12 }}>
          <Button onClick={generateVariants}>Generate variants</Button>
          <span className="catalog-hint">Every colour with every size; existing variants keep their code and stock.</span>
        </Space>
        <Form.List
          name="variants"
          rules={[{ validator: (_, list: unknown[] = []) => (list.length > L.variants ? Promise.reject(new Error(M.tooManyVariants)) : Promise.resolve()) }]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              <Table
                size="small"
                rowKey="key"
                pagination={fields.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
                dataSource={fields}
                locale={{ emptyText: 'No variants yet: add colours and sizes, then Generate variants' }}
                columns={[
                  {
                    title: 'Code',
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'catalogVariantCode']} rules={[...variantCodeRules, uniqueCode]} noStyle={false} className="catalog-cell">
                        <Input aria-label={`Variant ${field.name + 1} code`} spellCheck={false} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: 'Color',
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'color']} rules={[{ required: true, message: M.variantColor }, { type: 'enum', enum: colors, message: M.variantColor }]} className="catalog-cell">
                        <Select aria-label={`Variant ${field.name + 1} color`} options={colors.map((c) => ({ value: c, label: c }))} style={{ minWidth: 110 }} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: 'Size',
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'size']} rules={[{ required: true, message: M.variantSize }, { type: 'enum', enum: sizes, message: M.variantSize }]} className="catalog-cell">
                        <Select aria-label={`Variant ${field.name + 1} size`} options={sizes.map((s) => ({ value: s, label: s }))} style={{ minWidth: 90 }} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: 'In stock',
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'inStock']} valuePropName="checked" className="catalog-cell">
                        <Switch aria-label={`Variant ${field.name + 1} in stock`} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: 'Alternative',
                    render: (_, field) => {
                      const own = variants[field.name]?.catalogVariantCode?.trim() ?? '';
                      const others = variants.filter((v, i) => i !== field.name && v?.catalogVariantCode?.trim());
                      return (
                        <Form.Item name={[field.name, 'alternativeVariantCode']} className="catalog-cell">
                          <Select
                            aria-label={`Alternative of ${own || `variant ${field.name + 1}`}`}
                            allowClear
                            showSearch
                            optionFilterProp="label"
                            placeholder="None"
                            style={{ minWidth: 200 }}
                            options={others.map((v) => ({ value: v.catalogVariantCode.trim(), label: `${v.catalogVariantCode.trim()} (${v.color} / ${v.size})` }))}
                          />
                        </Form.Item>
                      );
                    },
                  },
                  {
                    title: 'Actions',
                    render: (_, field) => (
                      <Button danger icon={<DeleteOutlined />} aria-label={`Remove variant ${field.name + 1}`} onClick={() => remove(field.name)} />
                    ),
                  },
                ]}
              />
              <Form.ErrorList errors={errors} />
              <Button
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                onClick={() => add({ catalogVariantCode: '', color: colors[0], size: sizes[0], inStock: true })}
                disabled={colors.length === 0 || sizes.length === 0}
              >
                Add variant
              </Button>
            </>
          )}
        </Form.List>
      </Card>

      <Card title="Print areas" size="small">
        <Form.List name="designs">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <div key={field.key} className="catalog-form-row">
                  <Form.Item label="Area name" name={[field.name, 'name']} rules={[{ required: true, whitespace: true, message: M.inputName }, { max: L.designName }]}>
                    <Input placeholder="Front" />
                  </Form.Item>
                  <Form.Item label="Width (px)" name={[field.name, 'width']} rules={[{ required: true, message: 'Please input width' }]}>
                    <InputNumber min={1} max={L.designPixels} precision={0} />
                  </Form.Item>
                  <Form.Item label="Height (px)" name={[field.name, 'height']} rules={[{ required: true, message: 'Please input height' }]}>
                    <InputNumber min={1} max={L.designPixels} precision={0} />
                  </Form.Item>
                  <Button danger icon={<DeleteOutlined />} aria-label={`Remove print area ${field.name + 1}`} onClick={() => remove(field.name)} className="catalog-form-remove" />
                </div>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ name: '', width: 4200, height: 4800 })} disabled={fields.length >= L.designs}>
                Add print area
              </Button>
            </>
          )}
        </Form.List>
      </Card>

      <Card title="Production" size="small">
        <div className="catalog-form-row">
          <Form.Item label="Production time" name={['production', 'productionTime']} rules={[{ max: L.text }]}>
            <Input placeholder="2-4 business days" />
          </Form.Item>
          <Form.Item label="Material" name={['production', 'material']} rules={[{ max: L.text }]}>
            <Input placeholder="100% cotton" />
          </Form.Item>
          <Form.Item label="Weight" name={['production', 'weight']}>
            <InputNumber min={0} max={L.weight} />
          </Form.Item>
          <Form.Item label="Weight unit" name={['production', 'weightUnit']}>
            <Select options={unitOptions} style={{ width: 90 }} />
          </Form.Item>
        </div>
      </Card>

      <Card title="Shipping" size="small">
        <Form.Item label="Methods" name={['shipping', 'methods']}>
          <Checkbox.Group options={methodOptions} />
        </Form.Item>
        <div className="catalog-form-row">
          <Form.Item label="Shipping time" name={['shipping', 'shippingTime']} rules={[{ max: L.text }]}>
            <Input placeholder="3-7 business days" />
          </Form.Item>
          <Form.Item label="Ships from" name={['shipping', 'shipsFrom']} rules={[{ max: L.text }]}>
            <Input placeholder="US" />
          </Form.Item>
        </div>
      </Card>

      <Card title="Note and status" size="small">
        <Form.Item label="Note" name="note" rules={[{ max: L.note }]}>
          <Input.TextArea rows={3} maxLength={L.note} />
        </Form.Item>
        <div className="catalog-form-row">
          <Form.Item label="Active" name="active" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="Publish status" name="publishStatus">
            <Select options={statusOptions} style={{ width: 180 }} />
          </Form.Item>
        </div>
      </Card>

      <Space className="catalog-form-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {catalog ? 'Update' : 'Create'}
        </Button>
      </Space>
    </Form>
  );
}
