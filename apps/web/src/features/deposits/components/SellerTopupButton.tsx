import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, InputNumber, Modal, Select, Skeleton, Typography } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import type { DepositRequestBody } from '@fbo/shared';
import { MONEY_LIMITS, type PayWith } from '@fbo/shared/domain/money';
import { DEPOSIT_TEXT } from '@fbo/shared/domain/deposits-extra';
import { useWrite } from '../../../hooks/useWrite';
import { useIdempotencyKey } from '../../../hooks/useIdempotencyKey';
import { depositsApi, MONEY_REFRESH, paymentInfoQuery } from '../deposits.api';
import { amountRules, noteRules, PAY_WITH_OPTIONS, payWithRules, transactionIdRules } from './TopupModal';

type Values = { amount: number | null; payWith?: PayWith; transactionId: string; note: string };

const vnd = (value: number) => `${Math.round(value).toLocaleString('en-US')} VND`;

/** 'Top up' on /s/balance: the seller asks its agency for a top-up (pending until approved). */
export function SellerTopupButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<WalletOutlined />} onClick={() => setOpen(true)}>
        Top up
      </Button>
      {open ? <RequestTopupModal onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function RequestTopupModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const info = useQuery(paymentInfoQuery());
  const { run } = useWrite({ refresh: MONEY_REFRESH });
  const { key, renew } = useIdempotencyKey();
  const [saving, setSaving] = useState(false);
  const amount = Form.useWatch('amount', form);
  const rate = info.data?.exchangeRate ?? 1;

  async function onFinish(values: Values) {
    const body: DepositRequestBody = {
      amount: Number(values.amount),
      payWith: values.payWith!,
      transactionId: values.transactionId.trim(),
      note: values.note.trim(),
    };
    setSaving(true);
    const done = await run(() => depositsApi.request(body, key), DEPOSIT_TEXT.requestSent, form);
    setSaving(false);
    if (done) {
      renew();
      onClose();
    }
  }

  return (
    <Modal open title="Request top-up" okText="Send request" cancelText="Cancel" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose}>
      {info.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : info.isError ? (
        <Alert type="warning" showIcon title="The payment settings could not be loaded." style={{ marginBottom: 16 }} />
      ) : (
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Exchange rate">1 USD = {vnd(rate)}</Descriptions.Item>
          <Descriptions.Item label="Amount in VND">
            <span data-testid="topup-vnd">{typeof amount === 'number' && amount > 0 ? vnd(amount * rate) : '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Transfer content">
            {info.data?.topupContent ? (
              <Typography.Text copyable style={{ whiteSpace: 'pre-wrap' }}>
                {info.data.topupContent}
              </Typography.Text>
            ) : (
              '—'
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form<Values> form={form} name="request-topup" layout="vertical" initialValues={{ amount: 1, transactionId: '', note: '' }} onFinish={onFinish}>
        <Form.Item label="Amount ($)" name="amount" rules={amountRules}>
          <InputNumber<number> style={{ width: '100%' }} min={0} step={1} max={MONEY_LIMITS.maxAmount} autoFocus />
        </Form.Item>
        <Form.Item label="Pay with" name="payWith" rules={payWithRules}>
          <Select options={PAY_WITH_OPTIONS} placeholder="Select a payment method" />
        </Form.Item>
        <Form.Item label="Transaction ID" name="transactionId" rules={transactionIdRules}>
          <Input maxLength={MONEY_LIMITS.transactionId.max} />
        </Form.Item>
        <Form.Item label="Note" name="note" rules={noteRules}>
          <Input.TextArea rows={3} maxLength={MONEY_LIMITS.note.max} showCount />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Your balance changes once the agency approves the request.
      </Typography.Paragraph>
    </Modal>
  );
}
