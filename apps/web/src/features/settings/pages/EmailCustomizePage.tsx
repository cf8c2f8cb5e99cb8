import { useState } from 'react';
import { Alert, App, Breadcrumb, Button, Card, Form, Input, Skeleton } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { MailTemplateDetail, MailTemplateUpdateBody } from '@fbo/shared';
import { EMAIL_LIMITS, EMAIL_MSG } from '@fbo/shared/domain/emails';
import { findRoute, routePath } from '@fbo/shared/routes';
import { PageHeader } from '../../../components/PageHeader';
import { emailTemplateApi, emailTemplateKeys, templateQuery } from '../email/email.api';
import { RichTextEditor, isBlankHtml } from '../../../components/RichTextEditor';
import '../components/settings.css';

function CustomizeForm({ template }: { template: MailTemplateDetail }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function save(values: MailTemplateUpdateBody) {
    setSaving(true);
    try {
      const result = await emailTemplateApi.save(template.id, values);
      if (!result.ok) throw new Error(result.body.message);
      void message.success(EMAIL_MSG.saveSuccess);
      await queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all });
    } catch {
      void message.error(EMAIL_MSG.saveFailure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form<MailTemplateUpdateBody> name="email-customize" layout="vertical" initialValues={{ subject: template.subject, html: template.html }} onFinish={save}>
      <Form.Item label="Subject" name="subject" rules={[{ required: true, whitespace: true, message: EMAIL_MSG.inputSubject }, { max: EMAIL_LIMITS.subject, message: EMAIL_MSG.subjectLength }]}>
        <Input maxLength={EMAIL_LIMITS.subject} />
      </Form.Item>
      <Form.Item
        label="Body"
        name="html"
        rules={[{ validator: async (_, v?: string) => { if (isBlankHtml(v)) throw new Error(EMAIL_MSG.inputBody); } }]}
        extra={`Variables: ${template.variables.map((v) => `{{${v}}}`).join(', ')}`}
      >
        <RichTextEditor id="email-customize_html" label="Body" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save
      </Button>
    </Form>
  );
}

export default function EmailCustomizePage() {
  const { id = '' } = useParams();
  const query = useQuery({ ...templateQuery(id), enabled: Boolean(id) });
  const notFound = !id || query.isError;
  return (
    <>
      <Breadcrumb
        aria-label="Breadcrumb"
        className="settings-breadcrumb"
        items={[
          { title: <Link to={routePath('ag-settings-board')}>Settings</Link> },
          { title: <Link to={routePath('ag-settings-email')}>Email</Link> },
          { title: 'Customize' },
        ]}
      />
      <PageHeader title={findRoute('ag-settings-email-customize')?.title} />
      <Card className="settings-card" title={query.data ? <h2 className="email-card-title">{query.data.name}</h2> : undefined}>
        {notFound ? <Alert type="error" showIcon title={EMAIL_MSG.canNotFindId} /> : query.data ? <CustomizeForm key={query.data.id} template={query.data} /> : <Skeleton active />}
      </Card>
    </>
  );
}
