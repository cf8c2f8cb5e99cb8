import { Form, Input, Modal, type FormRule } from 'antd';
import { STORE_MSG, shopifyShopDomain } from '@fbo/shared/domain/stores';
import { storesApi } from '../stores.api';
import { useStoreWrite } from './useStoreWrite';

interface Values {
  shop: string;
}

const shopRules: FormRule[] = [
  { required: true, whitespace: true, message: STORE_MSG.shopDomain },
  { validator: (_, value?: string) => (!value?.trim() || shopifyShopDomain(value) ? Promise.resolve() : Promise.reject(new Error(STORE_MSG.shopDomain))) },
];

/**
 * The seller names its shop; the server answers Shopify's app-approval address and the browser goes
 * there. Shopify sends it back to /cms/s/integrations?connected=<id> (or ?error=...).
 */
export function ConnectShopifyDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { run, busy } = useStoreWrite();

  async function connect({ shop }: Values) {
    // Nothing to toast on success: the page is about to leave for Shopify.
    const answer = await run(() => storesApi.connectShopify(shopifyShopDomain(shop) ?? shop), () => undefined, form);
    if (answer) window.location.assign(answer.url);
  }

  return (
    <Modal open title="Connect Shopify" okText="Connect" cancelText="Cancel" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose}>
      <Form form={form} name="shopify" layout="vertical" initialValues={{ shop: '' }} onFinish={connect}>
        <Form.Item label="Shop" name="shop" rules={shopRules} extra="my-shop or my-shop.myshopify.com">
          <Input autoFocus autoComplete="off" spellCheck={false} placeholder="my-shop" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
