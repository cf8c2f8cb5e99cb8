/** The Drizzle of change requests and item updates; tenant scope comes from the caller's scope. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderChangeRequests, orderEvents, orderItems, orderShipments, users } from '../../db/schema/index';

type Conn = Db | Tx;
export type ChangeRow = typeof orderChangeRequests.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;

export async function requestsOf(db: Conn, orderId: string) {
  return db
    .select({ request: orderChangeRequests, itemSku: orderItems.sku, email: users.email })
    .from(orderChangeRequests)
    .leftJoin(orderItems, eq(orderItems.id, orderChangeRequests.orderItemId))
    .leftJoin(users, eq(users.id, orderChangeRequests.createdBy))
    .where(eq(orderChangeRequests.orderId, orderId))
    .orderBy(desc(orderChangeRequests.createdAt), desc(orderChangeRequests.id));
}

/** A request of the agency, locked for its resolution. */
export async function lockRequest(tx: Tx, agencyId: string, id: string): Promise<ChangeRow | undefined> {
  const [row] = await tx.select().from(orderChangeRequests).where(and(eq(orderChangeRequests.id, id), eq(orderChangeRequests.agencyId, agencyId))).for('update');
  return row;
}

export async function insertRequest(tx: Tx, values: typeof orderChangeRequests.$inferInsert): Promise<ChangeRow> {
  const [row] = await tx.insert(orderChangeRequests).values(values).returning();
  return row!;
}

export async function setRequestStatus(tx: Tx, id: string, status: 'approved' | 'canceled', actorId: string) {
  await tx.update(orderChangeRequests).set({ status, resolvedBy: actorId, resolvedAt: new Date() }).where(eq(orderChangeRequests.id, id));
}

export async function itemOf(db: Conn, orderId: string, itemId: string): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(orderItems).where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
  return row;
}

/** The order an item belongs to, within the agency (the item id is the caller's only handle). */
export async function orderIdOfItem(db: Conn, agencyId: string, itemId: string): Promise<string | undefined> {
  const [row] = await db.select({ orderId: orderItems.orderId }).from(orderItems).where(and(eq(orderItems.id, itemId), eq(orderItems.agencyId, agencyId)));
  return row?.orderId;
}

export async function updateItem(tx: Tx, itemId: string, values: Partial<typeof orderItems.$inferInsert>) {
  await tx.update(orderItems).set({ ...values, updatedAt: new Date() }).where(eq(orderItems.id, itemId));
}

export async function shipmentCount(db: Conn, orderId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orderShipments).where(eq(orderShipments.orderId, orderId));
  return Number(row?.n ?? 0);
}

/** The order's item-change events, newest first (what order-with-old may undo). */
export async function itemChangeEvents(db: Conn, orderId: string, actions: string[]) {
  return db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'item'), inArray(orderEvents.action, actions)))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(500);
}
