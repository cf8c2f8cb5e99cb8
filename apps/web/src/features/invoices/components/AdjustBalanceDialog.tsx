import { useState } from 'react';
import { App, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MONEY_LIMITS, MONEY_MSG, formatUsd } from '@fbo/shared/domain/money';
import { INVOICE_MSG } from '@fbo/shared/domain/invoices-extra';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';
import { useIdempotencyKey } from '../../../hooks/useIdempotencyKey';
import { invoicesApi, teamBalanceQuery } from '../invoices.api';

interface Values {
  amount: number | null;
  reason: string;
}

const cents = (n: number) => Math.round(n * 100);

/**
 * The owner's manual adjustment: amount (+ credit / - debit) and a mandatory reason, then a
 * confirmation with the current and the new balance. One Idempotency-Key per intent, renewed after
 * a success, so a double click or a retry moves the money once.
 */
export function AdjustBalanceDialog({ sellerTeamId, open, onClose }: { sellerTeamId: string; open: boolean; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { key, renew } = useIdempotencyKey();
  const [saving, setSaving] = useState(false);
  const balance = useQuery({ ...teamBalanceQuery(sellerTeamId), enabled: open });

  async function submit(values: Values) {
    const amount = values.amount ?? 0;
    setSaving(true);
    try {
      const result = await invoicesApi.adjust(sellerTeamId, { amount, reason: values.reason.trim() }, key);
      if (!result.ok) {
        void message.error(result.body.message ?? MSG.serverError);
        const errors = Object.entries(result.body.errors ?? {}).filter(([name]) => name === 'amount' || name === 'reason');
        form.setFields(errors.map(([name, error]) => ({ name: name as keyof Values, errors: [error] })));
        return;
      }
      renew();
      void message.success(`${INVOICE_MSG.adjusted}: the new balance is ${formatUsd(result.body.balance.amount)}`);
      form.resetFields();
      onClose();
    } catch (error) {
      void message.error(failureMessage(error) ?? MSG.serverError);
    } finally {
      setSaving(false);
      for (const queryKey of [queryKeys.invoices.all, queryKeys.sellers.all, queryKeys.deposits.all, queryKeys.ledger.all, queryKeys.balance, queryKeys.profit]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }
  }

  async function confirm() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const amount = values.amount ?? 0;
    const current = balance.data;
    const next = current === undefined ? undefined : (cents(current) + cents(amount)) / 100;
    modal.confirm({
      title: INVOICE_MSG.adjustConfirm,
      content: (
        <div>
          <p>
            {amount > 0 ? 'Credit' : 'Debit'} <strong>{formatUsd(Math.abs(amount))}</strong> — {values.reason.trim()}
          </p>
          <p>Current balance: {current === undefined ? '—' : formatUsd(current)}</p>
          <p>
            New balance: <strong>{next === undefined ? '—' : formatUsd(next)}</strong>
          </p>
          {next !== undefined && next < 0 ? <Typography.Text type="danger">{MONEY_MSG.insufficientBalance(cents(current!))}</Typography.Text> : null}
        </div>
      ),
      okText: 'Confirm',
      cancelText: 'Cancel',
      onOk: () => submit(values),
      onCancel: () => void message.info(MONEY_MSG.cancelAction),
    });
  }

  return (
    <Modal
      title="Adjust balance"
      open={open}
      okText="Adjust"
      confirmLoading={saving}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Current balance: {balance.data === undefined ? '…' : formatUsd(balance.data)}. A positive amount credits the wallet, a
        negative amount debits it.
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" preserve={false} initialValues={{ amount: null, reason: '' }}>
        <Form.Item
          name="amount"
          label="Amount (USD, + credit / - debit)"
          rules={[
            { required: true, message: MONEY_MSG.inputAmount },
            {
              validator: (_, v: number | null) => {
                if (v === null || v === undefined) return Promise.resolve();
                if (v === 0) return Promise.reject(new Error(INVOICE_MSG.amountNotZero));
                if (Math.abs(v) > MONEY_LIMITS.maxAmount) return Promise.reject(new Error(MONEY_MSG.amountTooLarge));
                if (Math.abs(cents(v) - v * 100) > 1e-6) return Promise.reject(new Error(MONEY_MSG.amountCents));
                return Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber<number> style={{ width: '100%' }} step={1} placeholder="e.g. 25 or -10.50" />
        </Form.Item>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            { required: true, whitespace: true, message: MONEY_MSG.reasonRequired },
            { min: MONEY_LIMITS.reason.min, max: MONEY_LIMITS.reason.max, message: MONEY_MSG.reasonLength },
          ]}
        >
          <Input.TextArea rows={3} maxLength={MONEY_LIMITS.reason.max} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
