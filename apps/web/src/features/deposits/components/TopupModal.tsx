import { useState } from 'react';
import { Alert, Descriptions, Form, Input, InputNumber, Modal, Radio, Select, type FormRule } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { DepositCreateBody } from '@fbo/shared';
import { formatUsd, MONEY_LIMITS, MONEY_MSG, PAY_WITH, type PayWith } from '@fbo/shared/domain/money';
import { DEPOSIT_TEXT } from '@fbo/shared/domain/deposits-extra';
import { failureMessage, HttpError, type ErrorBody, type HttpResult } from '../../../api/http';
import { MSG } from '@fbo/shared/domain/messages';
import { useWrite } from '../../../hooks/useWrite';
import { useIdempotencyKey } from '../../../hooks/useIdempotencyKey';
import { depositsApi, MONEY_REFRESH, teamBalanceQuery } from '../deposits.api';

type Values = {
  amount: number | null;
  payWith?: PayWith;
  transactionId: string;
  note: string;
  status: 'approved' | 'pending';
  type?: 'topup' | 'cashback';
};

const { transactionId: txLen, note: noteLen } = MONEY_LIMITS;
export const amountRules: FormRule[] = [
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
export const payWithRules: FormRule[] = [{ required: true, message: MONEY_MSG.inputPayWith }];
export const transactionIdRules: FormRule[] = [
  { required: true, whitespace: true, message: 'Please input transactionId' },
  { min: txLen.min, max: txLen.max, transform: (v: string) => v?.trim(), message: MONEY_MSG.transactionIdLength },
];
export const noteRules: FormRule[] = [
  { required: true, whitespace: true, message: 'Please input note' },
  { min: noteLen.min, max: noteLen.max, transform: (v: string) => v?.trim(), message: MONEY_MSG.noteLength },
];
export const PAY_WITH_OPTIONS = PAY_WITH.map((value) => ({ value, label: value }));

type Confirm = { body: DepositCreateBody; current: number; next: number };

/** A refusal that needs no message of its own (the dialog asks its question instead). */
const NOTHING_TO_SAY: HttpResult<never> = { ok: false, status: 400, body: {} };

/** The server's 409 for a transaction id the team already used (its text), else null. */
function duplicateQuestion(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const errors = (error.body as ErrorBody | null | undefined)?.errors;
  return errors?.transactionId ?? null;
}

/**
 * The Topup dialog of the seller detail (spec part 2 sections 2, 5): amount (default 1), payWith,
 * transactionId 3-50, note 2-500, status (approved default or pending), type (Topup / Cashback).
 * OK shows the current and the new balance before anything is sent. Mounted while open.
 */
export function TopupModal({ sellerTeamId, teamName, onClose }: { sellerTeamId: string; teamName?: string; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const { run } = useWrite({ refresh: MONEY_REFRESH });
  const { key, renew } = useIdempotencyKey();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  async function onFinish(values: Values) {
    const body: DepositCreateBody = {
      amount: Number(values.amount),
      payWith: values.payWith!,
      transactionId: values.transactionId.trim(),
      note: values.note.trim(),
      status: values.status,
      isCashback: values.type === 'cashback',
    };
    setBusy(true);
    setLoadError(null);
    try {
      const { amount } = await queryClient.fetchQuery(teamBalanceQuery(sellerTeamId));
      const currentCents = Math.round(amount * 100);
      const nextCents = body.status === 'approved' ? currentCents + Math.round(body.amount * 100) : currentCents;
      setConfirm({ body, current: currentCents / 100, next: nextCents / 100 });
    } catch (error) {
      setLoadError(failureMessage(error) ?? MSG.serverError);
    } finally {
      setBusy(false);
    }
  }

  /**
   * Sends the top-up. The server's 409 for a used transaction id is not a failure to report but a
   * question ('Transaction ID already used'); nothing was created, so the same Idempotency-Key
   * serves the confirmed request.
   */
  async function submit(confirmDuplicate = false) {
    if (!confirm) return;
    setBusy(true);
    const body = confirmDuplicate ? { ...confirm.body, confirmDuplicate: true } : confirm.body;
    let question: string | null = null;
    const done = await run(async () => {
      try {
        return await depositsApi.create(sellerTeamId, body, key);
      } catch (error) {
        question = duplicateQuestion(error);
        if (question === null) throw error;
        return NOTHING_TO_SAY;
      }
    }, MONEY_MSG.success, form);
    setBusy(false);
    setDuplicate(question);
    if (done) {
      renew();
      onClose();
    } else if (question === null) {
      setConfirm(null);
    }
  }

  return (
    <>
      <Modal
        open={!confirm}
        title={teamName ? `Topup: ${teamName}` : 'Topup'}
        okText="OK"
        cancelText="Cancel"
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={onClose}
      >
        {loadError ? <Alert type="error" showIcon title={loadError} style={{ marginBottom: 16 }} /> : null}
        <Form<Values>
          form={form}
          name="topup"
          layout="vertical"
          initialValues={{ amount: 1, status: 'approved', transactionId: '', note: '' }}
          onFinish={onFinish}
        >
          <Form.Item label="Amount ($)" name="amount" rules={amountRules}>
            <InputNumber<number> style={{ width: '100%' }} min={0} step={1} max={MONEY_LIMITS.maxAmount} autoFocus />
          </Form.Item>
          <Form.Item label="Pay with" name="payWith" rules={payWithRules}>
            <Select options={PAY_WITH_OPTIONS} placeholder="Select a payment method" />
          </Form.Item>
          <Form.Item label="Transaction ID" name="transactionId" rules={transactionIdRules}>
            <Input maxLength={txLen.max} />
          </Form.Item>
          <Form.Item label="Note" name="note" rules={noteRules}>
            <Input.TextArea rows={3} maxLength={noteLen.max} showCount />
          </Form.Item>
          <Form.Item label="Status" name="status" rules={[{ required: true, message: MONEY_MSG.inputStatus }]}>
            <Radio.Group
              options={[
                { value: 'approved', label: 'Approved' },
                { value: 'pending', label: 'Pending' },
              ]}
            />
          </Form.Item>
          <Form.Item label="Type" name="type" rules={[{ required: true, message: MONEY_MSG.inputType }]}>
            <Radio.Group
              options={[
                { value: 'topup', label: 'Topup' },
                { value: 'cashback', label: 'Cashback' },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
      {confirm ? (
        <Modal
          open={duplicate === null}
          title="Confirm topup"
          okText="Confirm"
          cancelText="Back"
          confirmLoading={busy}
          onOk={() => void submit()}
          onCancel={() => setConfirm(null)}
        >
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Current balance">{formatUsd(confirm.current)}</Descriptions.Item>
            <Descriptions.Item label={confirm.body.isCashback ? 'Cashback' : 'Topup'}>
              {formatUsd(confirm.body.amount)} ({confirm.body.payWith}, {confirm.body.transactionId})
            </Descriptions.Item>
            <Descriptions.Item label="New balance">
              <strong data-testid="topup-new-balance">{formatUsd(confirm.next)}</strong>
            </Descriptions.Item>
          </Descriptions>
          {confirm.body.status === 'pending' ? (
            <Alert
              type="info"
              showIcon
              style={{ marginTop: 12 }}
              title="The deposit is saved as pending: the balance does not change until it is approved."
            />
          ) : null}
        </Modal>
      ) : null}
      {duplicate !== null ? (
        <Modal
          open
          title={DEPOSIT_TEXT.duplicateTitle}
          okText={DEPOSIT_TEXT.createAnyway}
          cancelText="Back"
          confirmLoading={busy}
          onOk={() => void submit(true)}
          onCancel={() => {
            // Back to the form: most often the id was typed from the wrong payment.
            setDuplicate(null);
            setConfirm(null);
          }}
        >
          <Alert type="warning" showIcon title={duplicate} />
        </Modal>
      ) : null}
    </>
  );
}
