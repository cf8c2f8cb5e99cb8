import { Button, Form, InputNumber, Switch } from 'antd';
import { SETTINGS_LIMITS, SETTINGS_MSG } from '@fbo/shared';
import { SettingsFormPage } from '../components/SettingsPage';
import { useSaveSettings } from '../hooks/useSaveSettings';

interface Values {
  autoApproveOrders: boolean;
  defaultDesignCost: number;
  productionDays: number;
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
      <Form.Item
        label="Default design cost ($)"
        name="defaultDesignCost"
        extra="What a design request costs the seller; charged to its balance when the design is approved."
        rules={[{ required: true, type: 'number', min: 0, max: SETTINGS_LIMITS.designCostMax, message: SETTINGS_MSG.designCost }]}
      >
        <InputNumber min={0} max={SETTINGS_LIMITS.designCostMax} step={0.5} precision={2} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="Production time (days)"
        name="productionDays"
        extra="Used for on-time shipping in KPIs when a catalog states no production time."
        rules={[{ required: true, type: 'integer', min: SETTINGS_LIMITS.productionDaysMin, max: SETTINGS_LIMITS.productionDaysMax, message: SETTINGS_MSG.productionDays }]}
      >
        <InputNumber min={SETTINGS_LIMITS.productionDaysMin} max={SETTINGS_LIMITS.productionDaysMax} step={1} precision={0} style={{ width: 200 }} />
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
      {(info) => (
        <OthersForm
          initial={{ autoApproveOrders: info.settings.autoApproveOrders, defaultDesignCost: info.settings.defaultDesignCost, productionDays: info.settings.productionDays }}
        />
      )}
    </SettingsFormPage>
  );
}
