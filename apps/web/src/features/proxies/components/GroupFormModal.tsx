import { Form, Input, type FormInstance, type FormRule } from 'antd';
import type { ProxyGroupItem } from '@fbo/shared';
import { PROXY_LIMITS, PROXY_MSG } from '@fbo/shared/domain/proxies';
import { SaveFormModal } from '../../../components/SaveFormModal';
import { proxiesApi } from '../proxies.api';
import { useProxyAction } from './useProxyAction';

const { min, max } = PROXY_LIMITS.groupName;
const nameRules: FormRule[] = [
  { required: true, whitespace: true, message: PROXY_MSG.inputGroupName },
  { min, max, message: PROXY_MSG.groupNameLength },
];

type Values = { name: string };

/** Create (no `group`) or rename a proxy group. Mounted while open. */
export function GroupFormModal({ group, onClose }: { group?: ProxyGroupItem; onClose: () => void }) {
  const run = useProxyAction();

  function save({ name }: Values, form: FormInstance<Values>) {
    const trimmed = name.trim();
    return group ? run(() => proxiesApi.updateGroup(group.id, trimmed), 'Updated', form) : run(() => proxiesApi.createGroup(trimmed), 'Created', form);
  }

  return (
    <SaveFormModal<Values> title={group ? 'Update Proxy Group' : 'Create Proxy Group'} name="proxy-group" initialValues={{ name: group?.name ?? '' }} onSave={save} onClose={onClose}>
      <Form.Item label="Name" name="name" rules={nameRules}>
        <Input autoFocus maxLength={max} />
      </Form.Item>
    </SaveFormModal>
  );
}
