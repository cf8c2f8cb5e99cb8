import { useState } from 'react';
import { Form, InputNumber, Modal, Radio } from 'antd';
import type { CostMode, CostUnit } from '@fbo/shared';
import { AGENCY_LIMITS, AGENCY_MSG } from '@fbo/shared/domain/agencies-admin';
import { queryKeys } from '../../../api/query-keys';
import { useWrite } from '../../../hooks/useWrite';
import { agenciesApi } from '../agencies.api';

type Values = { mode: CostMode; amount: number | null; unit: CostUnit };

/**
 * 'Update cost': adds to or sets the agency's variant costs of the selected catalogs (all offered
 * ones when none is selected). add $ cost + amount; add % cost + cost x amount / 100; set $ amount;
 * set % the administrator base price x (1 + amount / 100); never below 0. Says how many changed.
 */
export function UpdateCostModal({ agencyId, catalogIds, onClose }: { agencyId: string; catalogIds: string[]; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { run } = useWrite({ refresh: [queryKeys.catalogs.all, queryKeys.agencies.all] });

  async function onFinish(values: Values) {
    setSaving(true);
    const body = { mode: values.mode, unit: values.unit, amount: values.amount ?? 0, ...(catalogIds.length ? { catalogIds } : {}) };
    const done = await run(() => agenciesApi.updateCosts(agencyId, body), (answer) => answer.message, form);
    setSaving(false);
    if (done) onClose(true);
  }

  return (
    <Modal open title="Update cost" okText="Save" cancelText="Cancel" confirmLoading={saving} onOk={() => form.submit()} onCancel={() => onClose(false)}>
      <p>
        {catalogIds.length
          ? `Changes the costs of the ${catalogIds.length} selected catalog${catalogIds.length === 1 ? '' : 's'}.`
          : 'No catalog selected: changes the costs of every catalog of this agency.'}
      </p>
      <Form form={form} name="update-cost" layout="vertical" initialValues={{ mode: 'add', unit: 'usd', amount: null }} onFinish={onFinish}>
        <Form.Item label="Action" name="mode">
          <Radio.Group
            options={[
              { value: 'add', label: 'Add' },
              { value: 'set', label: 'Set' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Amount" name="amount" rules={[{ required: true, message: AGENCY_MSG.inputAmount }]}>
          <InputNumber min={-AGENCY_LIMITS.maxAmount} max={AGENCY_LIMITS.maxAmount} precision={2} step={0.5} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Unit" name="unit">
          <Radio.Group
            options={[
              { value: 'usd', label: '$' },
              { value: 'percent', label: '%' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
