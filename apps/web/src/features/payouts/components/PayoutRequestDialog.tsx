import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, InputNumber, Modal, Select, type FormRule } from 'antd';
import type { PayoutItem } from '@fbo/shared';
import { formatUsd, MONEY_LIMITS, MONEY_MSG, PAYOUT_METHODS } from '@fbo/shared/domain/money';
import { PAYOUT_MSG } from '@fbo/shared/domain/payouts-extra';
import { useWrite } from '../../../hooks/useWrite';
import { useIdempotencyKey } from '../../../hooks/useIdempotencyKey';
import { profitSummaryQuery } from '../../profits';
import { PAYOUT_REFRESH, payoutsApi } from '../payouts.api';
import { methodLabel } from './payoutColumns';

type Values = { amount: number | null; paymentType?: string; paymentValue: string; billName: string; note?: string };

const amountRules: FormRule[] = [
  { required: true, message: MONEY_MSG.inputAmount },
  {
    validator: async (_, value: number | null) => {
      if (value === null || value === undefined) return;
      if (!(value > 0)) throw new Error(MONEY_MSG.amountPositive);
      if (value > MONEY_LIMITS.maxAmount) throw new Error(MONEY_MSG.amountTooLarge);
      if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) throw new Error(MONEY_MSG.amountCents);
    },
  },
];
const paymentValueRules: FormRule[] = [
  { required: true, whitespace: true, message: PAYOUT_MSG.inputPaymentValue },
  { min: MONEY_LIMITS.paymentValue.min, max: MONEY_LIMITS.paymentValue.max, message: PAYOUT_MSG.paymentValueLength },
];
const billNameRules: FormRule[] = [
  { required: true, whitespace: true, message: PAYOUT_MSG.inputBillName },
  { min: MONEY_LIMITS.billName.min, max: MONEY_LIMITS.billName.max, message: PAYOUT_MSG.billNameLength },
];

/**
 * Request a payout (no `payout`) or change a pending one. Shows the profit available now; the
 * server checks it again (with the other pending requests) under the account lock.
 */
export function PayoutRequestDialog({ teamId, payout, onClose }: { teamId: string; payout?: PayoutItem; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const idempotency = useIdempotencyKey();
  const { run } = useWrite({ refresh: PAYOUT_REFRESH });
  const summary = useQuery(profitSummaryQuery());

  async function onFinish(values: Values) {
    setSaving(true);
    const body = {
      amount: Number(values.amount),
      paymentType: values.paymentType as PayoutItem['payoutMethod']['paymentType'],
      paymentValue: values.paymentValue.trim(),
      billName: values.billName.trim(),
      note: (values.note ?? '').trim(),
    };
    const done = payout
      ? await run(() => payoutsApi.update(teamId, payout.id, body, idempotency.key), MONEY_MSG.updated, form)
      : await run(() => payoutsApi.create(teamId, body, idempotency.key), MONEY_MSG.created, form);
    setSaving(false);
    if (done) {
      idempotency.renew();
      onClose();
    }
  }

  return (
    <Modal
      open
      title={payout ? 'Update payout request' : 'Request payout'}
      okText={payout ? 'Save' : 'Request'}
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`Available profit: ${summary.data ? formatUsd(summary.data.remainProfit) : '—'}`}
        description="Pending requests count against it until they are decided."
      />
      <Form<Values>
        form={form}
        name="payout-request"
        layout="vertical"
        initialValues={{
          amount: payout?.amount ?? null,
          paymentType: payout?.payoutMethod.paymentType,
          paymentValue: payout?.payoutMethod.paymentValue ?? '',
          billName: payout?.billName ?? '',
          note: payout?.note ?? '',
        }}
        onFinish={onFinish}
      >
        <Form.Item label="Amount ($)" name="amount" rules={amountRules}>
          <InputNumber min={0.01} max={MONEY_LIMITS.maxAmount} step={1} precision={2} style={{ width: '100%' }} autoFocus />
        </Form.Item>
        <Form.Item label="Method" name="paymentType" rules={[{ required: true, message: PAYOUT_MSG.inputPaymentType }]}>
          <Select placeholder="Choose a method" options={PAYOUT_METHODS.map((m) => ({ value: m, label: methodLabel(m) }))} />
        </Form.Item>
        <Form.Item label="Payment value" name="paymentValue" rules={paymentValueRules} extra="The account e-mail or number to pay into">
          <Input maxLength={MONEY_LIMITS.paymentValue.max} />
        </Form.Item>
        <Form.Item label="Bill name" name="billName" rules={billNameRules}>
          <Input maxLength={MONEY_LIMITS.billName.max} />
        </Form.Item>
        <Form.Item label="Note" name="note" rules={[{ max: MONEY_LIMITS.note.max, message: PAYOUT_MSG.noteMax }]}>
          <Input.TextArea rows={3} maxLength={MONEY_LIMITS.note.max} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
