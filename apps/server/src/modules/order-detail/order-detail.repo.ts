/**
 * The Drizzle of the order detail. The order itself is found in the actor's scope by order-core
 * (findOrder): an order outside it is simply not found; what this reads hangs off that order.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { agencies, catalogs, catalogVariants, orderEvents, orderItems, orders, orderShipments, proxies, sellerTeams, users } from '../../db/schema/index';
import type { OrderRow } from '../order-core';
import { linkCustomers, touchesCustomer } from '../customers';

type Conn = Db | Tx;

/** Who and where around the order: team, seller, agency (with its settings), proxy. */
export async function orderContext(db: Conn, order: OrderRow) {
  const [team] = await db.select({ id: sellerTeams.id, name: sellerTeams.name, code: sellerTeams.code }).from(sellerTeams).where(eq(sellerTeams.id, order.sellerTeamId));
  const [agency] = await db.select({ id: agencies.id, name: agencies.name, settings: agencies.settings }).from(agencies).where(eq(agencies.id, order.agencyId));
  const [seller] = order.sellerId
    ? await db.select({ id: users.id, email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, order.sellerId))
    : [];
  const [proxy] = order.proxyId
    ? await db.select({ id: proxies.id, proxyDomain: proxies.proxyDomain }).from(proxies).where(eq(proxies.id, order.proxyId))
    : [];
  return { team: team!, agency: agency!, seller: seller ?? null, proxy: proxy ?? null };
}

export async function agencySettings(db: Conn, agencyId: string): Promise<unknown> {
  const [row] = await db.select({ settings: agencies.settings }).from(agencies).where(eq(agencies.id, agencyId));
  return row?.settings;
}

export async function items(db: Conn, orderId: string) {
  return db
    .select({
      item: orderItems,
      variantCode: catalogVariants.catalogVariantCode,
      catalogName: catalogs.name,
      // The catalog's first mockup: what a line without artwork (a dropship item) shows instead.
      catalogMockup: sql<string | null>`${catalogs.mockupGallery} ->> 0`,
    })
    .from(orderItems)
    .leftJoin(catalogVariants, eq(catalogVariants.id, orderItems.catalogVariantId))
    .leftJoin(catalogs, eq(catalogs.id, orderItems.catalogId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
}

export async function shipments(db: Conn, orderId: string) {
  const rows = await db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId)).orderBy(asc(orderShipments.createdAt));
  const linked = rows.length
    ? await db.select({ id: orderItems.id, shipmentId: orderItems.shipmentId }).from(orderItems).where(inArray(orderItems.shipmentId, rows.map((r) => r.id)))
    : [];
  return rows.map((r) => ({ ...r, itemIds: linked.filter((l) => l.shipmentId === r.id).map((l) => l.id) }));
}

/** The timeline, newest first; internal notes only when the reader may see them. */
export async function timeline(db: Conn, orderId: string, withInternal: boolean) {
  return db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), withInternal ? undefined : eq(orderEvents.internal, false)))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(500);
}

/**
 * Changes the order only if it is still in the status it was read in (the row is locked too, so
 * this is belt and braces for a caller that did not lock): 0 rows means it lost a race.
 */
export async function updateOrder(db: Conn, order: OrderRow, patch: Partial<typeof orders.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  // A changed buyer (the customer edit, an address) re-links the order and recounts both customers (docs/customers.md).
  if (rows.length === 1 && touchesCustomer(patch)) await linkCustomers(db, order.agencyId, [order.id]);
  return rows.length === 1;
}

/** Replaces the order's lines: kept lines updated in place, missing ones removed, new ones added. */
export async function replaceItems(db: Conn, order: OrderRow, keep: { id: string; values: Partial<typeof orderItems.$inferInsert> }[], add: (typeof orderItems.$inferInsert)[]) {
  const keepIds = keep.map((k) => k.id);
  const existing = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order.id));
  const drop = existing.map((e) => e.id).filter((id) => !keepIds.includes(id));
  if (drop.length) await db.delete(orderItems).where(and(eq(orderItems.orderId, order.id), inArray(orderItems.id, drop)));
  for (const k of keep) {
    await db.update(orderItems).set({ ...k.values, updatedAt: new Date() }).where(and(eq(orderItems.id, k.id), eq(orderItems.orderId, order.id)));
  }
  if (add.length) await db.insert(orderItems).values(add);
}

export async function itemIds(db: Conn, orderId: string): Promise<string[]> {
  return (await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId))).map((r) => r.id);
}
