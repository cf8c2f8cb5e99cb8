import { App, Button, Form, Input, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { AgencyInfo } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { EMAIL_MSG } from '@fbo/shared/domain/emails';
import { settingsApi, settingsKeys } from '../settings.api';
import { useState } from 'react';

type Field = 'customerEmail' | 'contactEmail';

/**
 * One of the two agency e-mails with its own Save (spec: each field saves on its own). Both answer
 * 'Update customer email success!' as the spec gives it; any failure is 'Error!'.
 */
export function EmailAddressForm({ field, label, initial }: { field: Field; label: string; initial: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function save(values: Record<Field, string>) {
    setSaving(true);
    try {
      const result = await settingsApi.update({ [field]: values[field].trim() });
      if (!result.ok) throw new Error(result.body.message);
      queryClient.setQueryData<AgencyInfo>(settingsKeys.info, (info) => (info ? { ...info, settings: result.body.data } : info));
      void message.success(EMAIL_MSG.customerEmailSuccess);
    } catch {
      void message.error(EMAIL_MSG.error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<Record<Field, string>> name={`email-setting-${field}`} layout="vertical" initialValues={{ [field]: initial }} onFinish={save}>
      <Form.Item label={label} required>
        <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
          <Form.Item
            name={field}
            noStyle
            validateTrigger={['onBlur', 'onChange']}
            rules={[
              { required: true, whitespace: true, message: MSG.inputEmailAddress },
              { type: 'email', message: MSG.correctEmailAddress },
            ]}
          >
            <Input id={`email-setting-${field}`} aria-label={label} type="email" autoComplete="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} aria-label={`Save ${label.toLowerCase()}`}>
            Save
          </Button>
        </Space.Compact>
      </Form.Item>
    </Form>
  );
}
