import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import type { AgencyInfo, ThemeConfig } from '@fbo/shared';
import { SETTINGS_LIMITS, SETTINGS_MSG, TEMPLATE_FILE_FIELDS, isHttpUrl } from '@fbo/shared/domain/agency-settings';
import { isTemplateFileLink } from '@fbo/shared/domain/theme';
import { queryKeys } from '../../../api/query-keys';
import { passes } from '../components/rules';
import { SettingsFormPage } from '../components/SettingsPage';
import { useWrite } from '../../../hooks/useWrite';
import { SETTINGS_WRITE } from '../hooks/settings-write';
import { settingsApi, settingsKeys } from '../settings.api';

type Values = ThemeConfig['templateFile'];

/** The six sample-file links of the agency config, saved with PATCH /agencies/config. */
function TemplateFileForm({ initial }: { initial: Values }) {
  const queryClient = useQueryClient();
  const { run, busy } = useWrite(SETTINGS_WRITE);

  async function onFinish(values: Values) {
    const templateFile = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, (value ?? '').trim()])) as Values;
    if (!(await run(() => settingsApi.updateTemplateFiles(templateFile)))) return;
    queryClient.setQueryData<AgencyInfo>(settingsKeys.info, (info) => (info ? { ...info, config: { ...info.config, templateFile } } : info));
    // The start-up config every agency screen reads carries these links too.
    void queryClient.invalidateQueries({ queryKey: queryKeys.config.all });
  }

  return (
    <Form<Values> name="template-file-setting" layout="vertical" initialValues={initial} onFinish={onFinish}>
      {TEMPLATE_FILE_FIELDS.map((field) => (
        // A text input (inputMode url), not type="url": the generated templates are paths on this
        // server, which the browser's own check would refuse.
        <Form.Item
          key={field.key}
          label={field.label}
          name={field.key}
          rules={[{ max: SETTINGS_LIMITS.url, message: SETTINGS_MSG.invalidUrl }, passes((v: string) => isTemplateFileLink(v, isHttpUrl), SETTINGS_MSG.invalidUrl)]}
        >
          <Input inputMode="url" placeholder="https://files.example.com/template.xlsx" autoComplete="url" />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={busy}>
        Save
      </Button>
    </Form>
  );
}

export default function TemplateFileSettingPage() {
  return (
    <SettingsFormPage route="ag-settings-template-file">{(info) => <TemplateFileForm initial={info.config.templateFile} />}</SettingsFormPage>
  );
}
