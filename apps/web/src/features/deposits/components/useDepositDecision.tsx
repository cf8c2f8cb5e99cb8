import { useRef } from 'react';
import { App, Input } from 'antd';
import { MONEY_LIMITS, MONEY_MSG } from '@fbo/shared/domain/money';
import { useWrite } from '../../../hooks/useWrite';
import { depositsApi, MONEY_REFRESH } from '../deposits.api';

export type DecisionAction = 'approve' | 'reject';

function ReasonField({ onChange }: { onChange: (value: string) => void }) {
  return (
    <div style={{ marginTop: 12 }}>
      <label htmlFor="deposit-reject-reason" style={{ display: 'block', marginBottom: 4 }}>
        Reason (optional, sent to the seller)
      </label>
      <Input.TextArea id="deposit-reject-reason" rows={3} maxLength={MONEY_LIMITS.reason.max} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/**
 * Approve or reject a pending deposit after 'Are you sure to {action} this record?'; cancelling says
 * 'Cancel action!'. One Idempotency-Key per confirmation, so a double click moves money once.
 */
export function useDepositDecision() {
  const { modal, message } = App.useApp();
  const { run } = useWrite({ refresh: MONEY_REFRESH });
  const reason = useRef('');

  return (teamId: string, depositId: string, action: DecisionAction) => {
    reason.current = '';
    const key = crypto.randomUUID();
    modal.confirm({
      title: MONEY_MSG.confirmAction(action),
      content: action === 'reject' ? <ReasonField onChange={(v) => (reason.current = v)} /> : undefined,
      okText: action === 'approve' ? 'Approve' : 'Reject',
      okButtonProps: action === 'reject' ? { danger: true } : undefined,
      cancelText: 'Cancel',
      onOk: async () => {
        const text = reason.current.trim();
        await run(
          () => depositsApi.decide(teamId, depositId, { status: action === 'approve' ? 'approved' : 'rejected', ...(action === 'reject' && text ? { reason: text } : {}) }, key),
          MONEY_MSG.success,
        );
      },
      onCancel: () => void message.info(MONEY_MSG.cancelAction),
    });
  };
}
