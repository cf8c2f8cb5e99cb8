import { Form, Input, Select, Switch, type FormInstance } from 'antd';
import { PRODUCT_LIMITS, PRODUCT_MSG, PRODUCT_TYPE_LABELS, SELECTABLE_PRODUCT_TYPES, type ProductDetail, type UpdateProductBody } from '@fbo/shared';
import { SaveFormModal } from '../../../components/SaveFormModal';
import { productKeys, productsApi } from '../products.api';
import { useWrite } from '../../../hooks/useWrite';

interface Values {
  title: string;
  productType?: UpdateProductBody['productType'];
  personalized: boolean;
}

const TYPE_OPTIONS = SELECTABLE_PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }));

/** Title, type (POD or DROP: FK is shown, never chosen) and personalized; the server's toast is 'Updated'. */
export function EditProductDialog({ product, onClose }: { product: ProductDetail; onClose: () => void }) {
  const { run } = useWrite({
    refresh: [productKeys.all],
    keepOnRefusal: true,
    replace: (body: { data: ProductDetail }) => ({ queryKey: productKeys.detail(product.id), data: body.data }),
  });
  const selectable = (SELECTABLE_PRODUCT_TYPES as readonly string[]).includes(product.productType);

  function save(values: Values, form: FormInstance<Values>) {
    const body: UpdateProductBody = { title: values.title.trim(), personalized: values.personalized };
    if (values.productType) body.productType = values.productType;
    return run(() => productsApi.update(product.id, body), undefined, form);
  }

  return (
    <SaveFormModal<Values>
      title="Edit product"
      name="product"
      initialValues={{ title: product.title, productType: selectable ? (product.productType as Values['productType']) : undefined, personalized: product.personalized }}
      onSave={save}
      onClose={onClose}
    >
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
      <Form.Item label="Type" name="productType" extra={selectable ? undefined : `Now ${PRODUCT_TYPE_LABELS[product.productType]}: choose POD or DROP to change it`}>
        <Select options={TYPE_OPTIONS} placeholder="Choose a type" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="Personalized" name="personalized" valuePropName="checked">
        <Switch />
      </Form.Item>
    </SaveFormModal>
  );
}
