import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { LIMITS, type OrderItemListQuery } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders, sellerTeams } from '../../db/schema/index';
import { likePattern } from '../../lib/list';
import type { OrderScope } from '../order-core';
import { dayEnd, dayStart } from './order-filters';

/** Whose items a list reads: the actor's order scope (the agency, and a seller's team), never from input. */
function itemConditions(scope: OrderScope, q: OrderItemListQuery): SQL {
  const conds: (SQL | undefined)[] = [
    eq(orderItems.agencyId, scope.agencyId),
    scope.sellerTeamId ? eq(orderItems.sellerTeamId, scope.sellerTeamId) : undefined,
  ];
  if (q.sellerTeam && !scope.sellerTeamId) conds.push(eq(orderItems.sellerTeamId, q.sellerTeam));
  if (q.status) conds.push(eq(orderItems.status, q.status));
  if (q.dateFrom) conds.push(gte(orderItems.createdAt, dayStart(q.dateFrom)));
  if (q.dateTo) conds.push(lt(orderItems.createdAt, dayEnd(q.dateTo)));
  if (q.search) {
    const p = likePattern(q.search);
    // The order name lives on the order: matched through its primary key, per candidate item.
    conds.push(or(ilike(orderItems.sku, p), sql`exists (select 1 from ${orders} where ${orders.id} = ${orderItems.orderId} and ${ilike(orders.orderName, p)})`));
  }
  return and(...conds)!;
}

const newestFirst = [desc(orderItems.createdAt), desc(orderItems.id)];

/**
 * One page of items, newest first, like the order list: the page's ids from the (scope,
 * created_at, id) index first, then those rows with their order and team; the count is capped
 * and walks the same index.
 */
export async function listItems(db: Db, scope: OrderScope, q: OrderItemListQuery) {
  const where = itemConditions(scope, q);
  const pageIds = db.select({ id: orderItems.id }).from(orderItems).where(where).orderBy(...newestFirst).limit(q.limit).offset((q.page - 1) * q.limit);
  const cap = LIMITS.countCap;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ i: orderItems, orderName: orders.orderName, orderStatus: orders.status, teamName: sellerTeams.name })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(sellerTeams, eq(sellerTeams.id, orderItems.sellerTeamId))
      .where(inArray(orderItems.id, pageIds))
      .orderBy(...newestFirst),
    db.select({ n: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(orderItems).where(where).orderBy(...newestFirst).limit(cap + 1).as('capped')),
  ]);
  const n = Number(counted?.n ?? 0);
  return { rows, count: n > cap ? { total: cap, capped: true } : { total: n, capped: false } };
}

/** The agency's items among the ids with their order ids (foreign or unknown ones are left out). */
export function agencyItems(db: Db, agencyId: string, ids: string[]) {
  return db
    .select({ id: orderItems.id, orderId: orderItems.orderId })
    .from(orderItems)
    .where(and(eq(orderItems.agencyId, agencyId), inArray(orderItems.id, ids)));
}

/** Locks the order for the change (a concurrent tracking import or command waits). */
export async function lockOrder(tx: Tx, orderId: string) {
  const [row] = await tx.select({ id: orders.id, status: orders.status, agencyId: orders.agencyId }).from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export function itemsOfOrder(tx: Tx, orderId: string) {
  return tx.select({ id: orderItems.id, status: orderItems.status, sku: orderItems.sku }).from(orderItems).where(eq(orderItems.orderId, orderId));
}

/** InTransit -> Fulfilled for these items; answers the ids that moved. */
export async function markFulfilled(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  const moved = await tx
    .update(orderItems)
    .set({ status: 'Fulfilled', updatedAt: new Date() })
    .where(and(inArray(orderItems.id, ids), eq(orderItems.status, 'InTransit')))
    .returning({ id: orderItems.id });
  return moved.map((m) => m.id);
}

export async function setOrderStatus(tx: Tx, orderId: string, status: string) {
  await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
}
