import { Tag } from 'antd';
import { PAYOUT_STATUS_LABEL } from '@fbo/shared/domain/money';
import { PAYOUT_STATUS_COLOR } from '@fbo/shared/domain/payouts-extra';

/** 0 Pending (orange), 1 Approved (green), 2 Rejected (red). */
export function PayoutStatusTag({ status }: { status: number }) {
  return <Tag color={PAYOUT_STATUS_COLOR[status] ?? 'default'}>{PAYOUT_STATUS_LABEL[status] ?? String(status)}</Tag>;
}
