import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import type { PayoutItem } from '@fbo/shared';
import { formatUsd, MONEY_LIMITS, MONEY_MSG } from '@fbo/shared/domain/money';
import { PAYOUT_MSG } from '@fbo/shared/domain/payouts-extra';
import { useWrite } from '../../../hooks/useWrite';
import { useIdempotencyKey } from '../../../hooks/useIdempotencyKey';
import { PAYOUT_REFRESH, payoutsApi } from '../payouts.api';

export type Decision = 'approve' | 'reject';

/**
 * 'Are you sure to {action} this record?' with an optional note (the reason of a rejection).
 * One Idempotency-Key per dialog: a double click approves once. Cancelling says 'Cancel action!'.
 */
export function DecisionDialog({ payout, action, onClose }: { payout: PayoutItem; action: Decision; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note?: string }>();
  const [saving, setSaving] = useState(false);
  const idempotency = useIdempotencyKey();
  const { run } = useWrite({ refresh: PAYOUT_REFRESH });

  async function submit(values: { note?: string }) {
    setSaving(true);
    const note = values.note?.trim() || undefined;
    const done = await run(
      () => payoutsApi.setStatus(payout.id, { status: action === 'approve' ? 1 : 2, note }, idempotency.key),
      action === 'approve' ? PAYOUT_MSG.approved : PAYOUT_MSG.rejected,
      form,
    );
    setSaving(false);
    if (done) {
      idempotency.renew();
      onClose();
    }
  }

  return (
    <Modal
      open
      title={MONEY_MSG.confirmAction(action)}
      okText={action === 'approve' ? 'Approve' : 'Reject'}
      okButtonProps={{ danger: action === 'reject' }}
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => {
        void message.info(MONEY_MSG.cancelAction);
        onClose();
      }}
    >
      <p>
        {payout.sellerTeam.name} ({payout.sellerTeam.code}) · {payout.billName} · <strong>{formatUsd(payout.amount)}</strong>
      </p>
      <Form form={form} layout="vertical" name={`payout-${action}`} onFinish={submit}>
        <Form.Item label={action === 'approve' ? 'Note (optional)' : 'Reason (optional)'} name="note" rules={[{ max: MONEY_LIMITS.note.max, message: PAYOUT_MSG.noteMax }]}>
          <Input.TextArea rows={3} maxLength={MONEY_LIMITS.note.max} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
