import { Button, Space, Tooltip } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { PayoutItem } from '@fbo/shared';
import type { Decision } from './DecisionDialog';

/** Approve / Reject on a pending row; nothing on a decided one (decisions are final). */
export function AgencyPayoutActions({ row, onDecide }: { row: PayoutItem; onDecide: (row: PayoutItem, action: Decision) => void }) {
  if (row.status !== 0) return null;
  return (
    <Space>
      {/* Icon buttons: the payout tables are wide; the names stay in the labels and tooltips. */}
      <Tooltip title="Approve">
        <Button size="small" type="primary" icon={<CheckOutlined />} aria-label={`Approve ${row.billName}`} onClick={() => onDecide(row, 'approve')} />
      </Tooltip>
      <Tooltip title="Reject">
        <Button size="small" danger icon={<CloseOutlined />} aria-label={`Reject ${row.billName}`} onClick={() => onDecide(row, 'reject')} />
      </Tooltip>
    </Space>
  );
}
