import { Button, Form, Switch } from 'antd';
import { SettingsFormPage } from '../components/SettingsPage';
import { useSaveSettings } from '../hooks/useSaveSettings';

interface Values {
  autoApproveOrders: boolean;
}

/** The customer and contact e-mails live on the Email page; shipping title on Shipping. */
function OthersForm({ initial }: { initial: Values }) {
  const { save, saving } = useSaveSettings();
  return (
    <Form<Values> name="others-setting" layout="vertical" initialValues={initial} onFinish={(values) => save(values)}>
      <Form.Item
        label="Auto approve orders"
        name="autoApproveOrders"
        valuePropName="checked"
        extra="The default for new sellers: their submitted orders are approved without review."
      >
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save
      </Button>
    </Form>
  );
}

export default function OthersSettingPage() {
  return (
    <SettingsFormPage route="ag-settings-others">
      {(info) => <OthersForm initial={{ autoApproveOrders: info.settings.autoApproveOrders }} />}
    </SettingsFormPage>
  );
}
