import { useState } from 'react';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { LIMITS } from '@fbo/shared/domain/limits';
import { MSG } from '@fbo/shared/domain/messages';
import { tokenStore } from '../../../api/storage';
import { profileApi, type PasswordChange } from '../profile.api';

const { min, max } = LIMITS.password;

/** Hidden behind 'Change password' until wanted; Cancel hides it again. */
export function PasswordForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordChange>();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  function close() {
    form.resetFields();
    setOpen(false);
  }

  async function onFinish(values: PasswordChange) {
    setSaving(true);
    try {
      const result = await profileApi.changePassword(values);
      if (!result.ok) {
        if (result.body.message) void message.error(result.body.message);
        return;
      }
      // Changing the password signs out every other session; this one carries on with a new token.
      if (result.body.access_token) tokenStore.set(result.body.access_token);
      void message.success(MSG.updatePasswordSuccess);
      close();
    } catch (error) {
      void message.error(error instanceof Error ? error.message : MSG.serverError);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={<h2 className="profile-card-title">Password</h2>}>
      {open ? (
        <Form<PasswordChange> form={form} name="profile-password" layout="vertical" onFinish={onFinish} style={{ maxWidth: 480 }}>
          <Form.Item
            label="Current password"
            name="oldPassword"
            rules={[{ required: true, message: 'Please input the current password' }]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <Form.Item
            label="New password"
            name="newPassword"
            rules={[
              { required: true, message: 'Please input the new password' },
              { min, max, message: `new password should be ${min} to ${max}` },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Confirm"
            name="confirmNewPassword"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: 'Please input the new password again' },
              ({ getFieldValue }) => ({
                validator: (_, value: unknown) =>
                  !value || value === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error("Two inputs don't match!")),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Space>
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              Confirm
            </Button>
          </Space>
        </Form>
      ) : (
        <Button onClick={() => setOpen(true)}>Change password</Button>
      )}
    </Card>
  );
}
