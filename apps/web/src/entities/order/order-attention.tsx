import { queryOptions, useQuery } from '@tanstack/react-query';
import { Badge, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { can, type Actor, type OrderNotifications } from '@fbo/shared';
import { ORDER_ATTENTION_LABELS, attentionLabel } from '@fbo/shared/domain/order-attention';
import { http, unwrap } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import { useSession } from '../session';

/**
 * The order notifications (GET orders/notification/all): orders that need someone, per kind and in all. Under the
 * orders root, so every order change refreshes them; otherwise read again each minute and when the window regains
 * focus (docs/decisions.md "Order notifications").
 */
export const orderNotificationsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.orders.all, 'notifications'] as const,
    queryFn: async ({ signal }) => unwrap(await http.get<{ data: OrderNotifications }>('/orders/notification/all', { signal })).data,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 30_000,
    // A failure shows nothing: the badge is a hint, the list is the truth.
    retry: false,
  });

/** Who may read them: the route's permissions (the agency's and the sellers' order lists, not the design queue). */
export const readsOrderNotifications = (actor: Actor | null): boolean =>
  !!actor && (can(actor, 'orders.agency') || can(actor, 'orders.seller'));

function useOrderNotifications(): OrderNotifications | undefined {
  const { actor } = useSession();
  return useQuery({ ...orderNotificationsQuery(), enabled: readsOrderNotifications(actor) }).data;
}

const shown = (count: number, capped: boolean) => `${count.toLocaleString('en-US')}${capped ? '+' : ''}`;

/** The menu's badge: how many orders need someone; nothing when none (or not allowed). */
export function OrderAttentionBadge() {
  const n = useOrderNotifications();
  if (!n || n.total === 0) return null;
  const label = attentionLabel(n.total, n.totalCapped);
  // The space keeps the entry's name readable: "Orders 12 orders need attention".
  return (
    <>
      {' '}
      <span role="img" aria-label={label} title={label} style={{ marginInlineStart: 4 }}>
        <Badge count={shown(n.total, n.totalCapped)} size="small" aria-hidden />
      </span>
    </>
  );
}

/** The Orders list header's row: each kind with orders, a link to the list filtered to exactly them. */
export function OrderAttentionLinks({ listPath }: { listPath: string }) {
  const n = useOrderNotifications();
  const items = n?.items.filter((i) => i.count > 0) ?? [];
  if (items.length === 0) return null;
  return (
    <nav aria-label="Orders that need attention" style={{ marginBottom: 8 }}>
      <Space size={[16, 4]} wrap>
        <Typography.Text type="secondary">Needs attention:</Typography.Text>
        {items.map((i) => (
          <Link key={i.key} to={`${listPath}?attention=${i.key}`} data-attention={i.key}>
            {ORDER_ATTENTION_LABELS[i.key]} <Badge count={shown(i.count, i.capped)} color="orange" size="small" showZero={false} />
          </Link>
        ))}
      </Space>
    </nav>
  );
}
