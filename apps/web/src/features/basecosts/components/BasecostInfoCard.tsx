import { useState } from 'react';
import { App, Button, Card, Form } from 'antd';
import type { BasecostDetail } from '@fbo/shared';
import { basecostsApi, type BasecostScope } from '../basecosts.api';
import { BasecostFields, fieldBody, type BasecostFieldValues } from './BasecostFields';
import { useBasecostAction } from './useBasecostAction';

/** Name and description of a loaded base cost, saved with PATCH ('No changed!' when nothing changed). */
export function BasecostInfoCard({ scope, basecost }: { scope: BasecostScope; basecost: BasecostDetail }) {
  const [form] = Form.useForm<BasecostFieldValues>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const run = useBasecostAction();

  async function onFinish(values: BasecostFieldValues) {
    const body = fieldBody(values);
    if (body.name === basecost.name && body.description === basecost.description) return void message.info('No changed!');
    setSaving(true);
    await run(() => basecostsApi.update(scope, basecost.id, body), 'Updated', form);
    setSaving(false);
  }

  return (
    <Card className="basecost-card basecost-info-card" title="Information">
      <Form form={form} name="basecost-info" layout="vertical" initialValues={{ name: basecost.name, description: basecost.description }} onFinish={onFinish}>
        <BasecostFields />
        <div className="basecost-editor-actions">
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
        </div>
      </Form>
    </Card>
  );
}
