import { can, centsToDollars, type Actor, type OrderListQuery } from '@fbo/shared';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { listOrders, type OrderScope } from './orders.repo';

/** Sellers see their team's orders; agency users their agency's, designers only design requests. */
function scopeOf(actor: Actor, hireDesign: boolean | undefined): OrderScope {
  if (actor.userType === 'seller') return { sellerTeamId: actor.sellerTeamId! };
  const design = hireDesign === true;
  if (!can(actor, design ? 'orders.design' : 'orders.agency')) throw forbidden();
  return { agencyId: actor.agencyId!, designRequestsOnly: design };
}

export async function orderList(ctx: AppContext, actor: Actor, q: OrderListQuery & { hireDesign?: boolean }) {
  const { rows, count } = await listOrders(ctx.db, scopeOf(actor, q.hireDesign), q);
  return listAnswer(
    rows.map(({ o, teamName }) => ({
      id: o.id,
      orderName: o.orderName,
      status: o.status as never,
      sellerTeam: { id: o.sellerTeamId, name: teamName },
      fullName: o.fullName,
      country: o.country,
      cannotShip: o.cannotShip,
      totalPrice: centsToDollars(o.totalPriceCents),
      itemCount: o.itemCount,
      addressStatus: o.addressStatus,
      designStatus: (o.hireDesignStatus as never) ?? null,
      createdDate: o.createdAt.toISOString(),
    })),
    count,
    q,
  );
}
