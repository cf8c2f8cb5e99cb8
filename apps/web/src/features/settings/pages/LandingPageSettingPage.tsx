import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { SETTINGS_LIMITS, SETTINGS_MSG, editorUrl, isEditorDomain } from '@fbo/shared/domain/agency-settings';
import { tokenStore } from '../../../api/storage';
import { passes } from '../components/rules';
import { SettingsFormPage } from '../components/SettingsPage';
import { useSaveSettings } from '../hooks/useSaveSettings';

interface Values {
  editorDomain: string;
}

/** Opens the saved editor domain with the stored access token (spec: landing editor), never handing it this window. */
function openEditor(editorDomain: string) {
  const url = editorUrl(editorDomain, tokenStore.get() ?? '');
  if (url) window.open(url, '_blank', 'noopener,noreferrer');
}

function LandingPageForm({ initial }: { initial: Values }) {
  const [form] = Form.useForm<Values>();
  const { save, saving } = useSaveSettings();
  // The editor opens what is saved, not what is being typed.
  const [saved, setSaved] = useState(initial.editorDomain);

  async function onFinish(values: Values) {
    const settings = await save({ editorDomain: values.editorDomain.trim() });
    if (!settings) return;
    form.setFieldsValue({ editorDomain: settings.editorDomain });
    setSaved(settings.editorDomain);
  }

  return (
    <Form<Values> form={form} name="landing-page-setting" layout="vertical" initialValues={initial} onFinish={onFinish}>
      <Form.Item
        label="Editor domain"
        name="editorDomain"
        rules={[
          { max: SETTINGS_LIMITS.url, message: SETTINGS_MSG.invalidEditorDomain },
          passes(isEditorDomain, SETTINGS_MSG.invalidEditorDomain),
        ]}
        extra="Where your landing page editor runs, e.g. editor.example.com or https://editor.example.com/app."
      >
        <Input placeholder="editor.example.com" autoComplete="off" />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
        <Button icon={<ExportOutlined />} disabled={!saved} onClick={() => openEditor(saved)}>
          Open editor
        </Button>
      </Space>
    </Form>
  );
}

export default function LandingPageSettingPage() {
  return (
    <SettingsFormPage route="ag-settings-landing-page">
      {(info) => <LandingPageForm initial={{ editorDomain: info.settings.editorDomain }} />}
    </SettingsFormPage>
  );
}
