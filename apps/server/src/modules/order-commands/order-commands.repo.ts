import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Actor, ItemStatus, OrderStatus } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { agencies, orderEvents, orderItems, orderShipments, orders, sellerTeams, users } from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;

/**
 * The order, locked for the rest of the transaction, if it is in the actor's tenant: a seller's
 * team, an agency user's agency. Anything else (another tenant, an administrator) finds nothing.
 */
export async function lockOrder(tx: Tx, actor: Actor, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(and(eq(orders.id, id), tenantScope(actor))).for('update');
  return row ?? null;
}

/**
 * Locks all the orders of a request up front, in id order. Used when the whole request is one
 * transaction (Idempotency-Key): it must not hold a wallet lock while waiting for an order that
 * another request, itself waiting for that wallet, holds.
 */
export async function lockOrders(tx: Tx, actor: Actor, ids: string[]): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(and(inArray(orders.id, ids), tenantScope(actor))).orderBy(asc(orders.id)).for('update');
}

function tenantScope(actor: Actor) {
  if (actor.userType === 'seller' && actor.sellerTeamId) return eq(orders.sellerTeamId, actor.sellerTeamId);
  if (actor.userType === 'agency' && actor.agencyId) return eq(orders.agencyId, actor.agencyId);
  return sql`false`;
}

export async function teamOf(tx: Tx, sellerTeamId: string) {
  const [team] = await tx
    .select({ id: sellerTeams.id, name: sellerTeams.name, managerId: sellerTeams.managerId, autoApprove: sellerTeams.autoApproveOrder })
    .from(sellerTeams)
    .where(eq(sellerTeams.id, sellerTeamId));
  return team ?? null;
}

export async function updateOrder(tx: Tx, id: string, changes: Partial<typeof orders.$inferInsert>) {
  await tx.update(orders).set(changes).where(eq(orders.id, id));
}

/** Moves the order's items that are in one of `from` (any live item when omitted) to `to`. */
export async function moveItems(tx: Tx, orderId: string, to: ItemStatus, from?: ItemStatus[], extra: Partial<typeof orderItems.$inferInsert> = {}) {
  await tx
    .update(orderItems)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(and(eq(orderItems.orderId, orderId), from ? inArray(orderItems.status, from) : ne(orderItems.status, 'Cancel')));
}

/** Cancels the order's parcels still on their way; returns their ids. */
export async function cancelLiveShipments(tx: Tx, orderId: string): Promise<string[]> {
  const rows = await tx
    .update(orderShipments)
    .set({ status: 'Cancel', updatedAt: new Date() })
    .where(and(eq(orderShipments.orderId, orderId), eq(orderShipments.status, 'InTransit')))
    .returning({ id: orderShipments.id });
  return rows.map((r) => r.id);
}

export async function insertStatusEvent(
  tx: Tx,
  e: { order: OrderRow; action: string; from: OrderStatus; to: OrderStatus; message: string; actorId: string; actorEmail: string; data?: Record<string, unknown> },
) {
  await tx.insert(orderEvents).values({
    orderId: e.order.id,
    agencyId: e.order.agencyId,
    kind: 'status',
    action: e.action,
    fromStatus: e.from,
    toStatus: e.to,
    message: e.message,
    actorId: e.actorId,
    actorEmail: e.actorEmail,
    data: e.data ?? null,
  });
}

export async function emailOf(tx: Db | Tx, userId: string): Promise<string> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

/** Who hears about an agency's decision on a team's orders: the manager and the team's active order handlers. */
export async function teamOrderPeople(tx: Tx, sellerTeamId: string, managerId: string | null): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        eq(users.userType, 'seller'),
        eq(users.sellerTeamId, sellerTeamId),
        managerId ? sql`(${users.id} = ${managerId} or ${users.authority} in ('staff', 'customer_support'))` : inArray(users.authority, ['staff', 'customer_support']),
      ),
    );
  return rows.map((r) => r.id);
}

/** Who a mail about a team's order goes to (its active manager) and the agency's name it is signed with. */
export async function mailTarget(tx: Tx, managerId: string | null, agencyId: string) {
  if (!managerId) return null;
  const [row] = await tx
    .select({ email: users.email, name: users.fullName, agencyName: agencies.name })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, agencyId))
    .where(and(eq(users.id, managerId), eq(users.status, 'active'), isNull(users.deletedAt)));
  return row ?? null;
}
