import { App, Button, ColorPicker, Form, Input, Space } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { COLOR_KEYS, COLOR_LABELS, THEME_LIMITS, THEME_MSG } from '@fbo/shared/domain/theme';
import { SETTINGS_MSG } from '@fbo/shared/domain/agency-settings';
import { ImageUploadField } from './ImageUploadField';
import { useSaveTheme, type ThemeValues } from './useSaveTheme';
import './theme.css';

const RESET_CONFIRM = 'Reset every colour, the logo, the favicon and the title to the defaults?';

function themeValues(config: ThemeValues & { templateFile?: unknown }): ThemeValues {
  const { templateFile: _hidden, ...values } = config;
  void _hidden;
  return values;
}

/**
 * The agency theme (spec part 2 section 2, Theme config): a colour picker per colour key, the logo
 * and favicon uploaders, the title; templateFile is not shown (it has its own page).
 */
export function ThemeForm({ initial }: { initial: ThemeValues }) {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<ThemeValues>();
  const { save, reset, busy } = useSaveTheme();

  async function onFinish(values: ThemeValues) {
    const saved = await save({ ...values, title: values.title.trim() });
    if (saved) form.setFieldsValue(themeValues(saved));
  }

  function onReset() {
    modal.confirm({
      title: RESET_CONFIRM,
      okText: 'Reset',
      cancelText: 'Cancel',
      onOk: async () => {
        const config = await reset();
        if (config) form.setFieldsValue(themeValues(config));
      },
      onCancel: () => void message.info(SETTINGS_MSG.cancelAction),
    });
  }

  return (
    <Form<ThemeValues> form={form} name="theme-setting" layout="vertical" initialValues={themeValues(initial)} onFinish={onFinish}>
      <div className="theme-colors">
        {COLOR_KEYS.map((key) => (
          <Form.Item
            key={key}
            label={COLOR_LABELS[key]}
            name={key}
            // The picker hands back a Color; the form (and the server) keep '#rrggbb'.
            getValueFromEvent={(color: Color) => color.toHexString()}
          >
            <ColorPicker disabledAlpha showText format="hex" aria-label={COLOR_LABELS[key]} />
          </Form.Item>
        ))}
      </div>
      <div className="theme-images">
        <Form.Item label="Upload Logo" name="logo">
          <ImageUploadField title="Upload Logo" />
        </Form.Item>
        <Form.Item label="Upload favicon" name="faviconImg">
          <ImageUploadField title="Upload favicon" />
        </Form.Item>
      </div>
      <Form.Item
        label="Title"
        name="title"
        rules={[
          { required: true, whitespace: true, message: THEME_MSG.title },
          { max: THEME_LIMITS.titleMax, message: THEME_MSG.title },
        ]}
      >
        <Input maxLength={THEME_LIMITS.titleMax} showCount autoComplete="off" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          Save
        </Button>
        <Button onClick={onReset} disabled={busy}>
          Reset
        </Button>
      </Space>
    </Form>
  );
}
