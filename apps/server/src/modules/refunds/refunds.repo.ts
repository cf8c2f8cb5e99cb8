/** Reads and writes of the refunds slice; tenant scope and row locks come from the order commands' repo. */
import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderEvents, orderItems, orderRefunds, orders, sellerTeams, users } from '../../db/schema/index';

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;
export type RefundRow = typeof orderRefunds.$inferSelect;

/** The order's charged lines: live items that approval priced (a base cost snapshot), in position order. */
export async function chargedItems(db: Db | Tx, orderId: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), ne(orderItems.status, 'Cancel'), isNotNull(orderItems.baseCostCents)))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
}

export async function teamName(db: Db | Tx, sellerTeamId: string): Promise<string> {
  const [row] = await db.select({ name: sellerTeams.name }).from(sellerTeams).where(eq(sellerTeams.id, sellerTeamId));
  return row?.name ?? '';
}

/** The order's refunds, newest first, with who made each. */
export async function refundsOf(db: Db | Tx, orderId: string) {
  return db
    .select({ refund: orderRefunds, actorEmail: users.email })
    .from(orderRefunds)
    .leftJoin(users, eq(users.id, orderRefunds.actorId))
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id));
}

export async function insertRefund(tx: Tx, row: typeof orderRefunds.$inferInsert): Promise<RefundRow> {
  const [refund] = await tx.insert(orderRefunds).values(row).returning();
  return refund!;
}

/** Adds a refund's units and cents to its item (the order row lock keeps these sums consistent). */
export async function addItemRefund(tx: Tx, itemId: string, quantity: number, cents: number, now: Date) {
  await tx
    .update(orderItems)
    .set({
      refundedQuantity: sql`${orderItems.refundedQuantity} + ${quantity}`,
      refundedCents: sql`${orderItems.refundedCents} + ${cents}`,
      updatedAt: now,
    })
    .where(eq(orderItems.id, itemId));
}

export async function addOrderRefund(tx: Tx, orderId: string, cents: number, now: Date) {
  const [row] = await tx
    .update(orders)
    .set({ totalRefundCents: sql`${orders.totalRefundCents} + ${cents}`, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning({ totalRefundCents: orders.totalRefundCents });
  return Number(row!.totalRefundCents);
}

export async function insertRefundEvent(
  tx: Tx,
  e: { order: OrderRow; message: string; actorId: string; actorEmail: string; data: Record<string, unknown> },
) {
  await tx.insert(orderEvents).values({
    orderId: e.order.id,
    agencyId: e.order.agencyId,
    kind: 'refund',
    action: 'refund',
    // A refund is money, not a move: no from/to, so the timeline reads it as its message.
    fromStatus: null,
    toStatus: null,
    message: e.message,
    actorId: e.actorId,
    actorEmail: e.actorEmail,
    data: e.data,
  });
}
