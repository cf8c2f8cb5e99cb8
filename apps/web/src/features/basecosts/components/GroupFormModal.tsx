import { useState } from 'react';
import { Form, Modal } from 'antd';
import type { BasecostItem } from '@fbo/shared';
import { basecostsApi } from '../basecosts.api';
import { BasecostFields, fieldBody, type BasecostFieldValues } from './BasecostFields';
import { useBasecostAction } from './useBasecostAction';

/** Create (no `group`) or rename an agency's base-cost group. Mounted while open. */
export function GroupFormModal({ group, onClose, onCreated }: { group?: BasecostItem; onClose: () => void; onCreated?: (id: string) => void }) {
  const [form] = Form.useForm<BasecostFieldValues>();
  const [saving, setSaving] = useState(false);
  const run = useBasecostAction();

  async function onFinish(values: BasecostFieldValues) {
    setSaving(true);
    const body = fieldBody(values);
    const done = group
      ? await run(() => basecostsApi.update('agency', group.id, body), 'Updated', form)
      : await run(() => basecostsApi.create('agency', body), 'Created', form);
    setSaving(false);
    if (!done) return;
    if (!group) onCreated?.(done.data.id);
    onClose();
  }

  return (
    <Modal
      open
      title={group ? 'Update Group' : 'Create Group'}
      okText="Save"
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} name="basecost-group" layout="vertical" initialValues={{ name: group?.name ?? '', description: group?.description ?? '' }} onFinish={onFinish}>
        <BasecostFields autoFocus />
      </Form>
    </Modal>
  );
}
