import { and, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { OrderListQuery } from '@fbo/shared';
import type { Db } from '../../db/client';
import { orders, sellerTeams } from '../../db/schema/index';
import { cappedCount, likePattern } from '../../lib/list';

/** Whose orders a list reads; the service decides it from the actor. */
export type OrderScope = { sellerTeamId: string } | { agencyId: string; designRequestsOnly: boolean };

function where(scope: OrderScope, q: OrderListQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if ('sellerTeamId' in scope) {
    conds.push(eq(orders.sellerTeamId, scope.sellerTeamId));
  } else {
    conds.push(eq(orders.agencyId, scope.agencyId));
    if (scope.designRequestsOnly) conds.push(isNotNull(orders.hireDesignStatus));
  }
  if (q.status) conds.push(eq(orders.status, q.status));
  if (q.search) conds.push(or(ilike(orders.orderName, likePattern(q.search)), ilike(orders.fullName, likePattern(q.search))));
  return and(...conds);
}

/** One page of orders, newest first, with the seller team's name and a capped count. */
export async function listOrders(db: Db, scope: OrderScope, q: OrderListQuery) {
  const condition = where(scope, q);
  const [rows, count] = await Promise.all([
    db
      .select({ o: orders, teamName: sellerTeams.name })
      .from(orders)
      .innerJoin(sellerTeams, eq(sellerTeams.id, orders.sellerTeamId))
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    cappedCount(db, sql`${orders}`, condition),
  ]);
  return { rows, count };
}
