import { useState } from 'react';
import { Button, Card, Form } from 'antd';
import { useNavigate } from 'react-router';
import { findRoute, routePath } from '@fbo/shared/routes';
import { PageHeader } from '../../../components/PageHeader';
import { basecostsApi } from '../basecosts.api';
import { BaseCostBreadcrumb } from '../components/BaseCostBreadcrumb';
import { BasecostFields, fieldBody, type BasecostFieldValues } from '../components/BasecostFields';
import { useBasecostAction } from '../components/useBasecostAction';
import '../components/basecosts.css';

/** /a/base-cost/create: name and description; then the update page prices its catalogs. */
export default function AdminBaseCostCreatePage() {
  const [form] = Form.useForm<BasecostFieldValues>();
  const [saving, setSaving] = useState(false);
  const run = useBasecostAction();
  const navigate = useNavigate();

  async function onFinish(values: BasecostFieldValues) {
    setSaving(true);
    const done = await run(() => basecostsApi.create('master', fieldBody(values)), 'Created', form);
    setSaving(false);
    if (done) void navigate(routePath('a-base-cost-update', { id: done.data.id }), { replace: true });
  }

  return (
    <>
      <BaseCostBreadcrumb area="a" items={[{ title: 'Create' }]} />
      <PageHeader title={findRoute('a-base-cost-create')?.title} />
      <Card className="basecost-card basecost-info-card" title="Information">
        <Form form={form} name="basecost-create" layout="vertical" initialValues={{ name: '', description: '' }} onFinish={onFinish}>
          <BasecostFields autoFocus />
          <p className="basecost-muted">After saving, choose the catalogs this price list prices and set their variant costs.</p>
          <div className="basecost-editor-actions">
            <Button onClick={() => void navigate(routePath('a-base-cost'))}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              Save
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
