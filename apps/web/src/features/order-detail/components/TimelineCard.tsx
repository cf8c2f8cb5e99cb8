import { Card, Tag, Timeline } from 'antd';
import { ORDER_TRANSITIONS, ORDER_ACTIONS, type OrderAction } from '@fbo/shared/domain/order-machine';
import type { OrderDetail, OrderTimelineEvent } from '@fbo/shared/schemas/order-detail';
import { formatDateTime } from '../../../components/DateTime';
import { orderStatusLabel } from '../../../entities/order';

const COLOR: Record<string, string> = { status: 'blue', note: 'gray', address: 'green', customer: 'green', refund: 'red', tracking: 'blue' };

const isAction = (action: string): action is OrderAction => (ORDER_ACTIONS as readonly string[]).includes(action);

/** One line of the timeline: a status change names its action and move, other events say what happened. */
function describe(e: OrderTimelineEvent): string {
  if (e.kind === 'status' || e.toStatus) {
    // Actions outside the command table (tracking moves the order too) read as words: 'tracking' -> 'Tracking'.
    const label = isAction(e.action) ? ORDER_TRANSITIONS[e.action].label : words(e.action);
    const move = e.toStatus ? `: ${e.fromStatus ? `${orderStatusLabel(e.fromStatus)} → ` : ''}${orderStatusLabel(e.toStatus)}` : '';
    return `${label}${move}${e.message ? ` (${e.message})` : ''}`;
  }
  return e.message || words(e.action);
}

const words = (action: string) => action.charAt(0).toUpperCase() + action.slice(1).replace(/[-_]/g, ' ');

/** Every change of the order, newest first (internal notes only for the agency). */
export function TimelineCard({ order }: { order: OrderDetail }) {
  return (
    <Card title="Timeline">
      {order.timeline.length === 0 ? (
        <p>Nothing has happened yet.</p>
      ) : (
        <Timeline
          items={order.timeline.map((e) => ({
            key: e.id,
            color: COLOR[e.kind] ?? 'gray',
            title: `${formatDateTime(e.createdDate)}${e.actorEmail ? ` · ${e.actorEmail}` : ''}`,
            content: (
              <span data-testid="timeline-event">
                {describe(e)} {e.internal ? <Tag>Internal</Tag> : null}
              </span>
            ),
          }))}
        />
      )}
    </Card>
  );
}
