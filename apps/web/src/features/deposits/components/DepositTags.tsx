import { Tag } from 'antd';
import type { DepositStatus } from '@fbo/shared/domain/money';
import { DEPOSIT_STATUS_COLOR, DEPOSIT_TYPE_LABEL } from '@fbo/shared/domain/deposits-extra';

const STATUS_LABEL: Record<DepositStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

export function DepositStatusTag({ status }: { status: DepositStatus }) {
  return <Tag color={DEPOSIT_STATUS_COLOR[status]}>{STATUS_LABEL[status]}</Tag>;
}

export function DepositTypeTag({ isCashback }: { isCashback: boolean }) {
  return <Tag color={isCashback ? 'purple' : 'blue'}>{isCashback ? DEPOSIT_TYPE_LABEL.cashback : DEPOSIT_TYPE_LABEL.topup}</Tag>;
}

export const STATUS_OPTIONS = (['pending', 'approved', 'rejected'] as const).map((value) => ({ value, label: STATUS_LABEL[value] }));
