import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { SELLER_LIMITS as L, SELLER_MSG as M } from '@fbo/shared/domain/sellers';
import { sellersApi } from '../sellers.api';
import { confirmPasswordRules, passwordRules } from './seller-rules';

type Values = { password: string; confirmPassword: string };

/**
 * 'Reset password' of the team's manager: 6 to 60 characters, 'The passwords not match.';
 * 'Reset password success!' or 'Reset password error!' (also when the team has no manager).
 */
export function ResetPasswordDialog({ team, onClose }: { team: { name: string; manager: { id: string; email: string } | null }; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  async function onFinish(values: Values) {
    if (!team.manager) {
      void message.error(M.resetError);
      return;
    }
    setSaving(true);
    try {
      const result = await sellersApi.resetPassword(team.manager.id, values);
      if (!result.ok) {
        void message.error(M.resetError);
        return;
      }
      void message.success(M.resetSuccess);
      onClose();
    } catch {
      void message.error(M.resetError);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open title="Reset password" okText="Reset" cancelText="Cancel" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <p>
        Set a new password for the manager of {team.name}
        {team.manager ? ` (${team.manager.email})` : ''}. The manager is signed out everywhere.
      </p>
      <Form form={form} name="seller-reset-password" layout="vertical" onFinish={onFinish}>
        <Form.Item label="Password" name="password" rules={passwordRules} hasFeedback>
          <Input.Password autoFocus maxLength={L.resetPassword.max} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm password" name="confirmPassword" dependencies={['password']} rules={confirmPasswordRules} hasFeedback>
          <Input.Password maxLength={L.resetPassword.max} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
