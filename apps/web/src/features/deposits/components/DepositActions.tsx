import { Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { DecisionAction } from './useDepositDecision';

/** The Actions menu of a pending deposit row: Approve / Reject. */
export function DepositActions({ name, onAction }: { name: string; onAction: (action: DecisionAction) => void }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'approve', label: 'Approve' },
          { key: 'reject', label: 'Reject', danger: true },
        ],
        onClick: ({ key }) => onAction(key as DecisionAction),
      }}
    >
      <Button size="small" aria-label={`Actions for ${name}`}>
        Actions <DownOutlined />
      </Button>
    </Dropdown>
  );
}
