import { Tag } from 'antd';
import { INBOUND_STATUS_LABELS, type InboundStatusValue } from '@fbo/shared';

const COLORS: Record<InboundStatusValue, string> = {
  declared: 'default',
  in_transit: 'processing',
  partly_received: 'warning',
  received: 'success',
  closed: 'default',
};

/** An inbound shipment's status; a shipment its team cancelled reads "Cancelled". */
export function InboundStatusTag({ status, cancelled }: { status: InboundStatusValue; cancelled?: boolean }) {
  if (cancelled) return <Tag color="error">Cancelled</Tag>;
  return <Tag color={COLORS[status]}>{INBOUND_STATUS_LABELS[status]}</Tag>;
}
