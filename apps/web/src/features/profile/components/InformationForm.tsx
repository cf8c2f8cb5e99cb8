import { useState } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@fbo/shared';
import { LIMITS } from '@fbo/shared/domain/limits';
import { lengthMessage } from '@fbo/shared/domain/messages';
import { meQuery } from '../../../entities/session';
import { profileApi } from '../profile.api';

const { min, max } = LIMITS.fullName;

export function InformationForm({ info }: { info: UserInfo }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function onFinish(values: { fullName: string }) {
    setSaving(true);
    try {
      const result = await profileApi.updateInfo(values.fullName.trim());
      if (!result.ok) {
        if (result.body.message) void message.error(result.body.message);
        return;
      }
      void message.success('Update success');
      // The header's name and the stored info follow. fetchQuery, not invalidate: the user's
      // observers never fetch on their own (loaders do), so an invalidation would not refetch.
      await queryClient.fetchQuery({ ...meQuery(), staleTime: 0 });
    } catch (error) {
      void message.error(error instanceof Error ? error.message : 'Update failed');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={<h2 className="profile-card-title">Change information</h2>}>
      <Form
        name="profile-info"
        layout="vertical"
        initialValues={{ fullName: info.fullName, email: info.email }}
        onFinish={onFinish}
        style={{ maxWidth: 480 }}
      >
        <Form.Item
          label="Full Name"
          name="fullName"
          rules={[
            { required: true, whitespace: true, message: 'Please input fullName' },
            { min, max, message: lengthMessage('fullName', min, max) },
          ]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label="Email" name="email">
          <Input readOnly aria-readonly />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
      </Form>
    </Card>
  );
}
