import { useState } from 'react';
import { Form, Input, Modal, type FormRule } from 'antd';
import type { ProxyItem } from '@fbo/shared';
import { PROXY_LIMITS, PROXY_MSG, isValidProxyDomain, normalizeProxyDomain } from '@fbo/shared/domain/proxies';
import { proxiesApi } from '../proxies.api';
import { GroupSelect } from './GroupSelect';
import { useProxyAction } from './useProxyAction';

interface Values {
  proxyDomain: string;
  groupId?: string;
}

const domainRules: FormRule[] = [
  { required: true, whitespace: true, message: PROXY_MSG.inputDomain },
  { max: PROXY_LIMITS.domain.max, message: PROXY_MSG.domainLength },
  {
    validator: (_, value?: string) =>
      !value?.trim() || isValidProxyDomain(value) ? Promise.resolve() : Promise.reject(new Error(PROXY_MSG.domainInvalid)),
  },
];

/** Create (no `proxy`) or change a proxy; a new one starts in `defaultGroup` (the list's filter). */
export function ProxyFormModal({ proxy, defaultGroupId, onClose }: { proxy?: ProxyItem; defaultGroupId?: string; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const run = useProxyAction();

  async function onFinish(values: Values) {
    setSaving(true);
    const body = { proxyDomain: normalizeProxyDomain(values.proxyDomain), groupId: values.groupId ?? null };
    const done = proxy
      ? await run(() => proxiesApi.updateProxy(proxy.id, body), 'Updated', form)
      : await run(() => proxiesApi.createProxy(body), 'Created', form);
    setSaving(false);
    if (done) onClose();
  }

  return (
    <Modal
      open
      title={proxy ? 'Update Proxy' : 'Create Proxy'}
      okText="Save"
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        name="proxy"
        layout="vertical"
        initialValues={{ proxyDomain: proxy?.proxyDomain ?? '', groupId: proxy ? (proxy.group?.id ?? undefined) : defaultGroupId }}
        onFinish={onFinish}
      >
        <Form.Item label="Domain" name="proxyDomain" rules={domainRules} extra="A host name, e.g. shop.example.com">
          <Input autoFocus autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item label="Group" name="groupId">
          <GroupSelect id="proxy_groupId" known={proxy?.group} width={320} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
