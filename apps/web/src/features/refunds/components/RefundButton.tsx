import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { can } from '@fbo/shared/auth/access';
import { routePath } from '@fbo/shared/routes';
import type { OrderDetail } from '@fbo/shared/schemas/order-detail';
import { useSession } from '../../../entities/session';

/** 'Refund' on the agency's order detail: only for a charged order not cancelled, and a user who may refund. */
export function RefundButton({ order, area }: { order: OrderDetail; area: string }) {
  const { actor } = useSession();
  const navigate = useNavigate();
  if (area !== 'ag' || !can(actor, 'orders.refund')) return null;
  if (order.status === 'Cancel' || order.costs.charged <= 0) return null;
  // A button that navigates (not a link around a button: nested interactive elements fail axe).
  return <Button onClick={() => void navigate(routePath('ag-order-refund', { id: order.id }))}>Refund</Button>;
}
