import { useState } from 'react';
import { Form, Modal } from 'antd';
import { SELLER_MSG as M } from '@fbo/shared/domain/sellers';
import { useWrite } from '../../../hooks/useWrite';
import { sellerKeys, sellersApi } from '../sellers.api';
import { mappedUserRules } from './seller-rules';
import { StaffSelect } from './SellerSelects';

/** 'Map user' (warehouse teams): maps the team to one of the agency's users. */
export function MapUserDialog({ team, onClose }: { team: { id: string; name: string; mappedUser: { id: string } | null }; onClose: () => void }) {
  const [form] = Form.useForm<{ mappedUserId?: string | null }>();
  const [saving, setSaving] = useState(false);
  const { run } = useWrite({ refresh: [sellerKeys.all] });

  async function onFinish(values: { mappedUserId?: string | null }) {
    setSaving(true);
    const done = await run(() => sellersApi.mapUser(team.id, values.mappedUserId ?? ''), M.mapped, form);
    setSaving(false);
    if (done) onClose();
  }

  return (
    <Modal open title={`Map user: ${team.name}`} okText="Map" cancelText="Cancel" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} name="seller-map-user" layout="vertical" initialValues={{ mappedUserId: team.mappedUser?.id ?? null }} onFinish={onFinish}>
        <Form.Item label="User" name="mappedUserId" rules={mappedUserRules}>
          <StaffSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
