import { useQuery } from '@tanstack/react-query';
import { Alert, App, Card, Form, Radio, Skeleton } from 'antd';
import type { AgencySettings } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { agencyInfoQuery, useSaveSettings } from '../../settings';

type Shortage = AgencySettings['warehouseShortage'];
type SlipBrand = AgencySettings['packingSlipBrand'];

const SHORTAGE: { value: Shortage; label: string }[] = [
  { value: 'hold', label: 'Hold the order \u2018awaiting stock\u2019' },
  { value: 'refuse', label: 'Refuse the approval' },
];
const SLIP: { value: SlipBrand; label: string }[] = [
  { value: 'seller', label: 'The seller\u2019s store' },
  { value: 'neutral', label: 'Nothing (neutral)' },
  { value: 'agency', label: 'The agency' },
];

/**
 * "Warehouse settings" (the agency's owner): what an approval does when stock is short, and whose brand the packing
 * slip shows. Each change is confirmed, then saved with the agency's settings.
 */
export function WarehouseSettingsCard() {
  const { modal } = App.useApp();
  const info = useQuery(agencyInfoQuery());
  const { save, saving } = useSaveSettings();
  const settings = info.data?.settings;

  function change<K extends 'warehouseShortage' | 'packingSlipBrand'>(key: K, value: AgencySettings[K], label: string) {
    modal.confirm({
      title: 'Change this setting?',
      content: `From now on: ${label}.`,
      okText: 'Change',
      cancelText: 'Cancel',
      onOk: async () => {
        await save({ [key]: value });
      },
    });
  }

  return (
    <Card title="Warehouse settings" style={{ marginBottom: 16 }}>
      {info.isError ? <Alert type="error" showIcon title={MSG.serverError} /> : null}
      {info.isLoading ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {settings ? (
        <Form layout="vertical" name="warehouse-settings" disabled={saving}>
          <Form.Item
            label="When stock is short at approval"
            htmlFor="warehouse-settings-shortage"
            extra="Held orders are approved by themselves, oldest first, as stock arrives."
          >
            <Radio.Group
              id="warehouse-settings-shortage"
              role="radiogroup"
              aria-label="When stock is short at approval"
              value={settings.warehouseShortage}
              options={SHORTAGE}
              onChange={(e) => change('warehouseShortage', e.target.value as Shortage, `when stock is short, ${SHORTAGE.find((o) => o.value === e.target.value)!.label.toLowerCase()}`)}
            />
          </Form.Item>
          <Form.Item label="Packing slip shows" htmlFor="warehouse-settings-slip" style={{ marginBottom: 0 }}>
            <Radio.Group
              id="warehouse-settings-slip"
              role="radiogroup"
              aria-label="Packing slip shows"
              value={settings.packingSlipBrand}
              options={SLIP}
              onChange={(e) => change('packingSlipBrand', e.target.value as SlipBrand, `the packing slip shows ${SLIP.find((o) => o.value === e.target.value)!.label.toLowerCase()}`)}
            />
          </Form.Item>
        </Form>
      ) : null}
    </Card>
  );
}
