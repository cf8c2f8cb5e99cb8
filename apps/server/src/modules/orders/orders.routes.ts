import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { can, centsToDollars, orderListQuery, orderListResponse, type Actor } from '@fbo/shared';
import type { AppContext } from '../../context';
import { orders, sellerTeams } from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import { cappedCount, likePattern, listAnswer } from '../../lib/list';

const query = orderListQuery.extend({ hireDesign: z.stringbool().optional() });

/** Sellers see their team's orders; agency users their agency's, designers only design requests. */
function scope(actor: Actor, q: z.infer<typeof query>): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (actor.userType === 'seller') {
    conds.push(eq(orders.sellerTeamId, actor.sellerTeamId!));
  } else {
    const design = q.hireDesign === true;
    if (!can(actor, design ? 'orders.design' : 'orders.agency')) throw forbidden();
    conds.push(eq(orders.agencyId, actor.agencyId!));
    if (design) conds.push(isNotNull(orders.hireDesignStatus));
  }
  if (q.status) conds.push(eq(orders.status, q.status));
  if (q.search) conds.push(or(ilike(orders.orderName, likePattern(q.search)), ilike(orders.fullName, likePattern(q.search))));
  return and(...conds);
}

export async function orderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/orders', {
    config: { permission: ['orders.agency', 'orders.design', 'orders.seller'] },
    schema: { tags: ['orders'], summary: 'Orders visible to the signed-in user', querystring: query, response: { 200: orderListResponse } },
  }, async (req) => {
    const q = req.query;
    const where = scope(req.actor!, q);
    const [rows, count] = await Promise.all([
      ctx.db
        .select({ o: orders, teamName: sellerTeams.name })
        .from(orders)
        .innerJoin(sellerTeams, eq(sellerTeams.id, orders.sellerTeamId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      cappedCount(ctx.db, sql`${orders}`, where),
    ]);
    return listAnswer(
      rows.map(({ o, teamName }) => ({
        id: o.id,
        orderName: o.orderName,
        status: o.status as never,
        sellerTeam: { id: o.sellerTeamId, name: teamName },
        fullName: o.fullName,
        country: o.country,
        totalPrice: centsToDollars(o.totalPriceCents),
        itemCount: o.itemCount,
        addressStatus: o.addressStatus,
        designStatus: (o.hireDesignStatus as never) ?? null,
        createdDate: o.createdAt.toISOString(),
      })),
      count,
      q,
    );
  });
}
