import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Typography, type FormInstance } from 'antd';
import { FormDrawer } from '../../../components/FormDrawer';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PRODUCT_LIMITS, PRODUCT_MSG, PRODUCT_TYPE_LABELS, SELECTABLE_PRODUCT_TYPES, duplicateSkuPositions, routePath,
  type CreateProductInput, type ProductDetail,
} from '@fbo/shared';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { useWrite } from '../../../hooks/useWrite';
import { libraryImagesQuery, productKeys, productsApi, type StoreOption } from '../products.api';

interface VariantValues {
  sku?: string;
  title?: string;
  option1?: string;
  option2?: string;
  option3?: string;
  /** Dollars on the screen; the API takes cents. */
  price?: number | null;
}

interface Values {
  storeId?: string;
  title?: string;
  productType?: CreateProductInput['productType'];
  description?: string;
  mockup?: string;
  variants: VariantValues[];
}

const TYPE_OPTIONS = SELECTABLE_PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }));
const TEXT_COLUMNS = [
  { key: 'title', label: 'Variant title' },
  { key: 'option1', label: 'Option 1' },
  { key: 'option2', label: 'Option 2' },
  { key: 'option3', label: 'Option 3' },
] as const;
const MAX_DOLLARS = PRODUCT_LIMITS.maxPrice;
const blankVariant = (): VariantValues => ({ sku: '', price: null });
const trimmed = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

/** The rules of POST /api/products on one SKU (the server checks them again), repeats within the form included. */
function skuRules(form: FormInstance<Values>, row: number) {
  return [
    { required: true, whitespace: true, message: PRODUCT_MSG.skuRequired },
    { max: PRODUCT_LIMITS.sku.max, message: PRODUCT_MSG.skuLength },
    {
      validator: async () => {
        const skus = (form.getFieldValue('variants') as VariantValues[] | undefined)?.map((v) => v?.sku) ?? [];
        if (duplicateSkuPositions(skus).includes(row)) throw new Error(PRODUCT_MSG.skuDuplicate);
      },
    },
  ];
}

const priceRules = [
  { required: true, message: PRODUCT_MSG.priceRequired },
  { type: 'number' as const, min: 0, max: MAX_DOLLARS, message: PRODUCT_MSG.priceRange },
];

/**
 * 'Add product': a product made by hand in one of the team's manual stores, with its variants (a table:
 * add and remove rows, 1 to 100). Success says 'Created' and opens the new product.
 */
export function CreateProductDrawer({ stores, onClose }: { stores: readonly StoreOption[]; onClose: () => void }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { run, busy } = useWrite<{ data: ProductDetail }>({ refresh: [productKeys.all], keepOnRefusal: true });
  const [imageSearch, setImageSearch] = useState('');
  const images = useQuery(libraryImagesQuery(useDebouncedValue(imageSearch, 300)));

  async function save(values: Values) {
    const body: CreateProductInput = {
      storeId: values.storeId!,
      title: values.title!.trim(),
      productType: values.productType!,
      description: trimmed(values.description),
      mockup: values.mockup || undefined,
      variants: values.variants.map((v) => ({
        sku: v.sku!.trim(),
        title: trimmed(v.title),
        option1: trimmed(v.option1),
        option2: trimmed(v.option2),
        option3: trimmed(v.option3),
        price: v.price ?? 0,
      })),
    };
    const answer = await run(() => productsApi.create(body), PRODUCT_MSG.created, form);
    if (answer) void navigate(routePath('s-product-detail', { id: answer.data.id }));
  }

  // Another row's SKU may repeat this one: every SKU is checked again when one changes.
  function revalidateSkus(changed: Partial<Values>) {
    if (!changed.variants) return;
    const rows = (form.getFieldValue('variants') as VariantValues[] | undefined) ?? [];
    const touched = rows.map((_, i) => ['variants', i, 'sku'] as ['variants', number, 'sku']).filter((name) => form.isFieldTouched(name));
    if (touched.length) void form.validateFields(touched).catch(() => undefined);
  }

  return (
    <FormDrawer title="Add product" busy={busy} onSubmit={() => form.submit()} onClose={onClose}>
      <Form<Values>
        form={form}
        name="create-product"
        layout="vertical"
        initialValues={{ storeId: stores.length === 1 ? stores[0]!.id : undefined, variants: [blankVariant()] }}
        onFinish={(values) => void save(values)}
        onValuesChange={revalidateSkus}
      >
        <Form.Item label="Store" name="storeId" rules={[{ required: true, message: PRODUCT_MSG.storeRequired }]} extra="Products are added by hand only in a manual store">
          <Select placeholder="Choose a manual store" options={stores.map((s) => ({ value: s.id, label: s.name }))} />
        </Form.Item>
        <Form.Item
          label="Title"
          name="title"
          rules={[
            { required: true, whitespace: true, message: PRODUCT_MSG.titleRequired },
            { max: PRODUCT_LIMITS.title.max, message: PRODUCT_MSG.titleLength },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Type" name="productType" rules={[{ required: true, message: PRODUCT_MSG.typeRequired }]}>
          <Select options={TYPE_OPTIONS} placeholder="Choose a type" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={[{ max: PRODUCT_LIMITS.description, message: PRODUCT_MSG.descriptionLength }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item label="Mockup" name="mockup" extra="An image of your image library">
          <Select
            allowClear
            placeholder="Choose an image"
            showSearch={{ filterOption: false, onSearch: setImageSearch }}
            loading={images.isFetching}
            notFoundContent={images.isFetching ? 'Loading...' : 'No images in your library'}
            options={(images.data ?? []).map((img) => ({
              value: img.url,
              label: (
                <span className="product-mockup-option">
                  <img src={img.url} alt="" width={24} height={24} />
                  {img.name}
                </span>
              ),
            }))}
          />
        </Form.Item>

        <Typography.Title level={5} id="create-product-variants">
          Variants
        </Typography.Title>
        <Form.List
          name="variants"
          rules={[
            {
              validator: async (_, rows: VariantValues[]) => {
                if (!rows?.length) throw new Error(PRODUCT_MSG.variantsRequired);
                if (rows.length > PRODUCT_LIMITS.variants.max) throw new Error(PRODUCT_MSG.variantsMax);
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              <div className="product-variants-form" role="region" aria-labelledby="create-product-variants" tabIndex={0}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">SKU</th>
                      {TEXT_COLUMNS.map((c) => (
                        <th scope="col" key={c.key}>
                          {c.label}
                        </th>
                      ))}
                      <th scope="col">Price (USD)</th>
                      <th scope="col">
                        <span className="visually-hidden">Remove</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {fields.map((field, index) => (
                      <tr key={field.key}>
                        <td>
                          <Form.Item name={[field.name, 'sku']} rules={skuRules(form, field.name)}>
                            <Input aria-label={`SKU of variant ${index + 1}`} autoComplete="off" />
                          </Form.Item>
                        </td>
                        {TEXT_COLUMNS.map((c) => (
                          <td key={c.key}>
                            <Form.Item name={[field.name, c.key]} rules={[{ max: PRODUCT_LIMITS.variantText, message: PRODUCT_MSG.variantTextLength }]}>
                              <Input aria-label={`${c.label} of variant ${index + 1}`} autoComplete="off" />
                            </Form.Item>
                          </td>
                        ))}
                        <td>
                          <Form.Item name={[field.name, 'price']} rules={priceRules}>
                            <InputNumber aria-label={`Price of variant ${index + 1}`} min={0} max={MAX_DOLLARS} precision={2} step={0.5} prefix="$" style={{ width: 120 }} />
                          </Form.Item>
                        </td>
                        <td>
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={`Remove variant ${index + 1}`}
                            disabled={fields.length <= PRODUCT_LIMITS.variants.min}
                            onClick={() => remove(field.name)}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Form.ErrorList errors={errors} />
              <Button icon={<PlusOutlined />} disabled={fields.length >= PRODUCT_LIMITS.variants.max} onClick={() => add(blankVariant())} style={{ marginTop: 8 }}>
                Add variant
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormDrawer>
  );
}
