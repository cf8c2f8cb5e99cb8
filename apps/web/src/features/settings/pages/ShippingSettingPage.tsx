import { Button, Form, Input, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AgencySettings } from '@fbo/shared';
import {
  SETTINGS_LIMITS, SETTINGS_MSG, cleanShippingExclusions, isCountryCode, splitProvinceCodes,
} from '@fbo/shared/domain/agency-settings';
import { passes } from '../components/rules';
import { SettingsFormPage } from '../components/SettingsPage';
import { useSaveSettings } from '../hooks/useSaveSettings';

/** A row as the form holds it: province codes as the comma-separated text the user types. */
interface Row {
  countryCode?: string;
  provinceCode?: string;
}
interface Values {
  agencyShippingStatus: boolean;
  shippingTitle: string;
  rows: Row[];
}

function toValues(settings: AgencySettings): Values {
  return {
    agencyShippingStatus: settings.agencyShippingStatus,
    shippingTitle: settings.contact.shippingTitle,
    rows: settings.shippingExcludeCode.map((row) => ({ countryCode: row.countryCode, provinceCode: row.provinceCode.join(', ') })),
  };
}

const countryRule = {
  validator: async (_: unknown, value?: string) => {
    const code = (value ?? '').trim().toUpperCase();
    // An empty country is allowed: the row is dropped on save (spec part 2 section 5).
    if (code && !isCountryCode(code)) throw new Error(SETTINGS_MSG.invalidCountry(code));
  },
};
const provincesFit = (text: string) => {
  const codes = splitProvinceCodes(text);
  return codes.length <= SETTINGS_LIMITS.provincesPerRow && codes.every((code) => code.length <= SETTINGS_LIMITS.provinceCode);
};

function ShippingForm({ settings }: { settings: AgencySettings }) {
  const [form] = Form.useForm<Values>();
  const { save, saving } = useSaveSettings();

  async function onFinish(values: Values) {
    const saved = await save({
      agencyShippingStatus: values.agencyShippingStatus,
      contact: { shippingTitle: values.shippingTitle.trim() },
      // Rows without a country are dropped and provinces split here as on the server.
      shippingExcludeCode: cleanShippingExclusions(values.rows ?? []),
    });
    if (saved) form.setFieldsValue(toValues(saved));
  }

  return (
    <Form<Values> form={form} name="shipping-setting" layout="vertical" initialValues={toValues(settings)} onFinish={onFinish}>
      <Form.Item
        label="Shipping title"
        name="shippingTitle"
        rules={[{ max: SETTINGS_LIMITS.shippingTitle, message: SETTINGS_MSG.shippingTitle }]}
        extra="The shipping line your contact details show, e.g. Free shipping on US orders over $50."
      >
        <Input maxLength={SETTINGS_LIMITS.shippingTitle} />
      </Form.Item>
      <Form.Item
        label="Enable shipping exclusions"
        name="agencyShippingStatus"
        valuePropName="checked"
        extra="While on, orders to the countries and provinces below are not shipped."
      >
        <Switch />
      </Form.Item>
      <h2 className="settings-section-title">Excluded countries and provinces</h2>
      <p className="settings-help">
        Province codes are separated by commas (AK, HI, PR). Leave them empty to exclude the whole country. Rows without a country code are
        dropped on save.
      </p>
      <Form.List name="rows">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <div className="shipping-row" key={field.key}>
                <Form.Item
                  className="shipping-row-country"
                  label="Country code"
                  name={[field.name, 'countryCode']}
                  normalize={(value?: string) => value?.toUpperCase()}
                  rules={[countryRule]}
                >
                  <Input placeholder="US" maxLength={2} autoComplete="off" />
                </Form.Item>
                <Form.Item
                  className="shipping-row-provinces"
                  label="Province codes"
                  name={[field.name, 'provinceCode']}
                  rules={[passes(provincesFit, SETTINGS_MSG.provinceLength)]}
                >
                  <Input placeholder="All provinces" autoComplete="off" />
                </Form.Item>
                <Button
                  className="shipping-row-remove"
                  icon={<DeleteOutlined />}
                  aria-label={`Remove row ${index + 1}`}
                  onClick={() => remove(field.name)}
                />
              </div>
            ))}
            <Form.Item>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= SETTINGS_LIMITS.shippingRows}
                onClick={() => add({ countryCode: '', provinceCode: '' })}
              >
                Add country
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save
      </Button>
    </Form>
  );
}

export default function ShippingSettingPage() {
  return <SettingsFormPage route="ag-settings-shipping">{(info) => <ShippingForm settings={info.settings} />}</SettingsFormPage>;
}
