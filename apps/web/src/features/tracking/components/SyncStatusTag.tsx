import { Tag, Typography } from 'antd';
import { SYNC_STATUS_LABELS, type SyncStatus } from '@fbo/shared/schemas/tracking';

const COLOR: Record<SyncStatus, string> = { pending: 'processing', synced: 'success', failed: 'error', not_applicable: 'default' };

/** A shipment's store sync; a failed one shows the store's error beneath (not only on hover). */
export function SyncStatusTag({ status, error }: { status: SyncStatus; error?: string | null }) {
  return (
    <span>
      <Tag color={COLOR[status]}>{SYNC_STATUS_LABELS[status]}</Tag>
      {status === 'failed' && error ? (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
          {error}
        </Typography.Text>
      ) : null}
    </span>
  );
}

export const SYNC_STATUS_OPTIONS = (Object.keys(SYNC_STATUS_LABELS) as SyncStatus[]).map((value) => ({ value, label: SYNC_STATUS_LABELS[value] }));
