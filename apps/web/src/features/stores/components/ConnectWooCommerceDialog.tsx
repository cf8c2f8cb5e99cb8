import { useState } from 'react';
import { Form, Input, Modal, Tabs, Typography, type FormRule } from 'antd';
import { WOO_KEY_PATTERN, WOO_MSG, WOO_SECRET_PATTERN } from '@fbo/shared/schemas/stores-woocommerce';
import { wooCommerceApi } from '../woocommerce.api';
import { useStoreWrite } from './useStoreWrite';

type Way = 'consent' | 'keys';

interface Values {
  storeUrl: string;
  consumerKey: string;
  consumerSecret: string;
}

/** For comfort only: the server guards the URL (https, a public address) and checks the keys with the store. */
const storeUrlRules: FormRule[] = [
  { required: true, whitespace: true, message: WOO_MSG.storeUrl },
  {
    validator: (_, value?: string) => {
      const text = value?.trim();
      if (!text) return Promise.resolve();
      try {
        const url = new URL(text);
        // http only for a store on this machine (the local fakes); the server decides what it allows.
        const local = url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname);
        return url.protocol === 'https:' || local ? Promise.resolve() : Promise.reject(new Error(WOO_MSG.storeUrlHttps));
      } catch {
        return Promise.reject(new Error(WOO_MSG.storeUrl));
      }
    },
  },
];
const keyRules = (pattern: RegExp, message: string): FormRule[] => [
  { required: true, whitespace: true, message },
  { validator: (_, value?: string) => (!value?.trim() || pattern.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(message))) },
];

/**
 * Connecting a WooCommerce store, two ways: WooCommerce's own consent screen (the browser goes to the store and
 * comes back to /cms/s/integrations?connected=<id>), or REST API keys the merchant created by hand
 * (WooCommerce > Settings > Advanced > REST API, Read/Write), connected at once.
 */
export function ConnectWooCommerceDialog({ onClose }: { onClose: () => void }) {
  const [way, setWay] = useState<Way>('consent');
  const [consentForm] = Form.useForm<Values>();
  const [keysForm] = Form.useForm<Values>();
  const { run, busy } = useStoreWrite();

  async function connect({ storeUrl }: Values) {
    // Nothing to toast on success: the page is about to leave for the store.
    const answer = await run(() => wooCommerceApi.connect(storeUrl.trim()), () => undefined, consentForm);
    if (answer) window.location.assign(answer.url);
  }

  async function connectWithKeys(values: Values) {
    const body = { storeUrl: values.storeUrl.trim(), consumerKey: values.consumerKey.trim(), consumerSecret: values.consumerSecret.trim() };
    const answer = await run(() => wooCommerceApi.connectWithKeys(body), WOO_MSG.connected, keysForm);
    if (answer) onClose();
  }

  const storeUrlItem = (
    <Form.Item label="Store URL" name="storeUrl" rules={storeUrlRules} extra="The address of your store, e.g. https://example.com or https://example.com/shop">
      <Input autoFocus autoComplete="off" spellCheck={false} inputMode="url" placeholder="https://example.com" />
    </Form.Item>
  );

  return (
    <Modal
      open
      title="Connect WooCommerce"
      okText={way === 'consent' ? 'Continue to WooCommerce' : 'Connect'}
      cancelText="Cancel"
      confirmLoading={busy}
      onOk={() => (way === 'consent' ? consentForm : keysForm).submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Tabs
        activeKey={way}
        onChange={(key) => setWay(key as Way)}
        items={[
          {
            key: 'consent',
            label: 'Connect with WooCommerce',
            children: (
              <Form form={consentForm} name="woocommerce-consent" layout="vertical" initialValues={{ storeUrl: '' }} onFinish={connect}>
                <Typography.Paragraph type="secondary">
                  You will approve the connection in your store&apos;s admin (Read/Write), then come back here.
                </Typography.Paragraph>
                {storeUrlItem}
              </Form>
            ),
          },
          {
            key: 'keys',
            label: 'Enter API keys',
            children: (
              <Form form={keysForm} name="woocommerce-keys" layout="vertical" initialValues={{ storeUrl: '', consumerKey: '', consumerSecret: '' }} onFinish={connectWithKeys}>
                <Typography.Paragraph type="secondary">
                  Create a key in WooCommerce &gt; Settings &gt; Advanced &gt; REST API with Read/Write permission.
                </Typography.Paragraph>
                {storeUrlItem}
                <Form.Item label="Consumer key" name="consumerKey" rules={keyRules(WOO_KEY_PATTERN, WOO_MSG.consumerKey)}>
                  <Input autoComplete="off" spellCheck={false} placeholder="ck_…" />
                </Form.Item>
                <Form.Item label="Consumer secret" name="consumerSecret" rules={keyRules(WOO_SECRET_PATTERN, WOO_MSG.consumerSecret)}>
                  <Input.Password autoComplete="new-password" spellCheck={false} placeholder="cs_…" />
                </Form.Item>
              </Form>
            ),
          },
        ]}
      />
    </Modal>
  );
}
