import { useState } from 'react';
import { Form, Input, Modal, type FormRule } from 'antd';
import type { ProxyGroupItem } from '@fbo/shared';
import { PROXY_LIMITS, PROXY_MSG } from '@fbo/shared/domain/proxies';
import { proxiesApi } from '../proxies.api';
import { useProxyAction } from './useProxyAction';

const { min, max } = PROXY_LIMITS.groupName;
const nameRules: FormRule[] = [
  { required: true, whitespace: true, message: PROXY_MSG.inputGroupName },
  { min, max, message: PROXY_MSG.groupNameLength },
];

/** Create (no `group`) or rename a proxy group. Mounted while open. */
export function GroupFormModal({ group, onClose }: { group?: ProxyGroupItem; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const run = useProxyAction();

  async function onFinish({ name }: { name: string }) {
    setSaving(true);
    const trimmed = name.trim();
    const done = group
      ? await run(() => proxiesApi.updateGroup(group.id, trimmed), 'Updated', form)
      : await run(() => proxiesApi.createGroup(trimmed), 'Created', form);
    setSaving(false);
    if (done) onClose();
  }

  return (
    <Modal
      open
      title={group ? 'Update Proxy Group' : 'Create Proxy Group'}
      okText="Save"
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} name="proxy-group" layout="vertical" initialValues={{ name: group?.name ?? '' }} onFinish={onFinish}>
        <Form.Item label="Name" name="name" rules={nameRules}>
          <Input autoFocus maxLength={max} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
