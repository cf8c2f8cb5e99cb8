import { Button, Form, Input, InputNumber } from 'antd';
import type { AgencySettings } from '@fbo/shared';
import { SETTINGS_LIMITS, SETTINGS_MSG } from '@fbo/shared/domain/agency-settings';
import { SettingsFormPage } from '../components/SettingsPage';
import { useSaveSettings } from '../hooks/useSaveSettings';

type Values = AgencySettings['payment'];

function PaymentForm({ payment }: { payment: Values }) {
  const { save, saving } = useSaveSettings();
  return (
    <Form<Values> name="payment-setting" layout="vertical" initialValues={payment} onFinish={(values) => save({ payment: values })}>
      <Form.Item
        label="Exchange rate USD to VND"
        name="exchangeRate"
        rules={[
          { required: true, message: SETTINGS_MSG.exchangeRate },
          { type: 'number', min: Number.MIN_VALUE, max: SETTINGS_LIMITS.exchangeRateMax, message: SETTINGS_MSG.exchangeRate },
        ]}
        extra="How many VND one US dollar buys when sellers top up."
      >
        <InputNumber<number> min={0} max={SETTINGS_LIMITS.exchangeRateMax} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item
        label="Top-up content"
        name="topupContent"
        rules={[{ max: SETTINGS_LIMITS.topupContent, message: SETTINGS_MSG.topupContent }]}
        extra="Shown to sellers when they top up their balance: where and how to pay."
      >
        <Input.TextArea rows={5} maxLength={SETTINGS_LIMITS.topupContent} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save
      </Button>
    </Form>
  );
}

export default function PaymentSettingPage() {
  return <SettingsFormPage route="ag-settings-payment">{(info) => <PaymentForm payment={info.settings.payment} />}</SettingsFormPage>;
}
