import { Form, Input, type FormInstance, type FormRule } from 'antd';
import type { ProxyItem } from '@fbo/shared';
import { PROXY_LIMITS, PROXY_MSG, isValidProxyDomain, normalizeProxyDomain } from '@fbo/shared/domain/proxies';
import { SaveFormModal } from '../../../components/SaveFormModal';
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
  const run = useProxyAction();

  function save(values: Values, form: FormInstance<Values>) {
    const body = { proxyDomain: normalizeProxyDomain(values.proxyDomain), groupId: values.groupId ?? null };
    return proxy ? run(() => proxiesApi.updateProxy(proxy.id, body), 'Updated', form) : run(() => proxiesApi.createProxy(body), 'Created', form);
  }

  return (
    <SaveFormModal<Values>
      title={proxy ? 'Update Proxy' : 'Create Proxy'}
      name="proxy"
      initialValues={{ proxyDomain: proxy?.proxyDomain ?? '', groupId: proxy ? (proxy.group?.id ?? undefined) : defaultGroupId }}
      onSave={save}
      onClose={onClose}
    >
      <Form.Item label="Domain" name="proxyDomain" rules={domainRules} extra="A host name, e.g. shop.example.com">
        <Input autoFocus autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item label="Group" name="groupId">
        <GroupSelect id="proxy_groupId" known={proxy?.group} width={320} />
      </Form.Item>
    </SaveFormModal>
  );
}
