/**
 * The only Drizzle of tracking: shipments of an agency's orders, always scoped by agency_id (a
 * foreign order or shipment is simply not found).
 */
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TrackingListQuery } from '@fbo/shared';
import { TRACKING_ORDER_STATUSES } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { jobs, orderEvents, orderItems, orderShipments, orders, sellerTeams, stores } from '../../db/schema/index';
import { likePattern, pageWithCappedCount } from '../../lib/list';

type Conn = Db | Tx;
export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;
export type ShipmentRow = typeof orderShipments.$inferSelect;

/** A date-only bound covers its whole UTC day: `to=2026-01-31` includes the 31st. */
function upperBound(text: string): Date {
  const d = new Date(text);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(d.getTime() + 86_400_000) : d;
}

/** Orders with a store (docs/stores.md): the sync filter's not_applicable is "no store". */
const hasStore = isNotNull(orders.storeId);
/** The platform of the order's store, for the list and the detail (null: no store). */
const storeOfOrder = and(eq(stores.agencyId, orders.agencyId), eq(stores.id, orders.storeId));

function listWhere(agencyId: string, q: TrackingListQuery): SQL {
  const conds: (SQL | undefined)[] = [eq(orders.agencyId, agencyId), inArray(orders.status, q.status ? [q.status] : [...TRACKING_ORDER_STATUSES])];
  if (q.sellerTeam) conds.push(eq(orders.sellerTeamId, q.sellerTeam));
  if (q.from) conds.push(gte(orders.createdAt, new Date(q.from)));
  if (q.to) conds.push(lt(orders.createdAt, upperBound(q.to)));
  const shipmentWhere = (cond: SQL) =>
    sql`exists (select 1 from ${orderShipments} where ${orderShipments.orderId} = ${orders.id} and ${cond})`;
  if (q.search) {
    const like = likePattern(q.search);
    conds.push(or(ilike(orders.orderName, like), shipmentWhere(ilike(orderShipments.trackingNumber, like))));
  }
  if (q.carrier) conds.push(shipmentWhere(ilike(orderShipments.carrier, likePattern(q.carrier))));
  if (q.syncStatus === 'not_applicable') conds.push(sql`not ${hasStore}`);
  else if (q.syncStatus) conds.push(and(hasStore, shipmentWhere(eq(orderShipments.syncStatus, q.syncStatus))));
  return and(...conds)!;
}

export async function listOrders(db: Conn, agencyId: string, q: TrackingListQuery) {
  const where = listWhere(agencyId, q);
  const { rows, count } = await pageWithCappedCount(db, sql`${orders}`, where, q, (countColumn) =>
    db
      .select({ order: orders, team: { id: sellerTeams.id, name: sellerTeams.name }, storePlatform: stores.platform, ...countColumn })
      .from(orders)
      .innerJoin(sellerTeams, eq(sellerTeams.id, orders.sellerTeamId))
      .leftJoin(stores, storeOfOrder)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  );
  return { rows, count };
}

export async function orderOfAgency(db: Conn, agencyId: string, orderId: string) {
  const [row] = await db
    .select({ order: orders, team: { id: sellerTeams.id, name: sellerTeams.name, managerId: sellerTeams.managerId }, storePlatform: stores.platform })
    .from(orders)
    .innerJoin(sellerTeams, eq(sellerTeams.id, orders.sellerTeamId))
    .leftJoin(stores, storeOfOrder)
    .where(and(eq(orders.id, orderId), eq(orders.agencyId, agencyId)));
  return row;
}

/** Locks the order so concurrent tracking changes and commands take turns (the loser sees the new status). */
export async function lockOrder(tx: Tx, agencyId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.agencyId, agencyId))).for('update');
  return row;
}

export async function itemsOf(db: Conn, orderId: string): Promise<ItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position), asc(orderItems.createdAt));
}

export async function shipmentsOf(db: Conn, orderIds: string[]): Promise<ShipmentRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderShipments).where(inArray(orderShipments.orderId, orderIds)).orderBy(asc(orderShipments.createdAt));
}

/** Which items each shipment carries (for the list's shipments). */
export async function itemShipmentPairs(db: Conn, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ id: orderItems.id, shipmentId: orderItems.shipmentId })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, orderIds), sql`${orderItems.shipmentId} is not null`));
}

export async function shipmentOfAgency(db: Conn, agencyId: string, shipmentId: string) {
  const [row] = await db.select().from(orderShipments).where(and(eq(orderShipments.id, shipmentId), eq(orderShipments.agencyId, agencyId)));
  return row;
}

export async function shipmentByNumber(db: Conn, orderId: string, trackingNumber: string) {
  const [row] = await db
    .select()
    .from(orderShipments)
    .where(and(eq(orderShipments.orderId, orderId), eq(orderShipments.trackingNumber, trackingNumber)));
  return row;
}

export async function insertShipment(tx: Tx, values: typeof orderShipments.$inferInsert): Promise<ShipmentRow> {
  const [row] = await tx.insert(orderShipments).values(values).returning();
  return row!;
}

/** Puts the (still unshipped, live) items on the shipment; answers how many it took. */
export async function shipItems(tx: Tx, shipmentId: string, itemIds: string[]): Promise<number> {
  const rows = await tx
    .update(orderItems)
    .set({ shipmentId, status: 'InTransit', updatedAt: new Date() })
    .where(and(inArray(orderItems.id, itemIds), isNull(orderItems.shipmentId), ne(orderItems.status, 'Cancel')))
    .returning({ id: orderItems.id });
  return rows.length;
}

export async function deliverShipment(tx: Tx, shipmentId: string): Promise<ShipmentRow | undefined> {
  const now = new Date();
  const [row] = await tx
    .update(orderShipments)
    .set({ status: 'Fulfilled', updatedAt: now })
    .where(and(eq(orderShipments.id, shipmentId), eq(orderShipments.status, 'InTransit')))
    .returning();
  if (row) {
    await tx
      .update(orderItems)
      .set({ status: 'Fulfilled', updatedAt: now })
      .where(and(eq(orderItems.shipmentId, shipmentId), ne(orderItems.status, 'Cancel')));
  }
  return row;
}

export async function setOrderStatus(tx: Tx, orderId: string, status: string) {
  await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
}

export async function insertEvent(tx: Tx, values: typeof orderEvents.$inferInsert) {
  await tx.insert(orderEvents).values(values);
}

/** Orders of the agency among the ids (the rest are foreign or unknown). */
export async function ordersOfAgency(db: Conn, agencyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: orders.id, storeId: orders.storeId }).from(orders).where(and(eq(orders.agencyId, agencyId), inArray(orders.id, ids)));
}

/**
 * What the store still has to learn: a live shipment it does not have yet, or a cancelled one whose
 * store fulfilment is not cancelled yet (a shipment cancelled before it reached the store needs nothing).
 */
const storeBehind = or(
  and(ne(orderShipments.status, 'Cancel'), ne(orderShipments.syncStatus, 'synced')),
  and(eq(orderShipments.status, 'Cancel'), isNotNull(orderShipments.storeFulfillmentId), ne(orderShipments.syncStatus, 'synced')),
);

/** Order ids among these with at least one shipment the store is behind on. */
export async function ordersWithUnsynced(db: Conn, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: orderShipments.orderId })
    .from(orderShipments)
    .where(and(inArray(orderShipments.orderId, ids), storeBehind));
  return new Set(rows.map((r) => r.id));
}

/** Orders of the agency with this name (several teams may use the same name). */
export async function ordersByName(db: Conn, agencyId: string, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: orders.id, orderName: orders.orderName, teamName: sellerTeams.name, teamCode: sellerTeams.code })
    .from(orders)
    .innerJoin(sellerTeams, eq(sellerTeams.id, orders.sellerTeamId))
    .where(and(eq(orders.agencyId, agencyId), inArray(orders.orderName, names)));
}

// ---- store sync ----

export async function orderForSync(db: Conn, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function unsyncedShipments(db: Conn, orderId: string): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(orderShipments)
    .where(and(eq(orderShipments.orderId, orderId), ne(orderShipments.status, 'Cancel'), ne(orderShipments.syncStatus, 'synced')))
    .orderBy(asc(orderShipments.createdAt));
}

/** The shipment reached the store: synced, with the store's fulfilment id when it made one (a retry keeps the stored id). */
export async function markSynced(tx: Tx, shipmentId: string, orderId: string, at: Date, storeFulfillmentId: string | null): Promise<ShipmentRow> {
  const [row] = await tx
    .update(orderShipments)
    .set({ syncStatus: 'synced', syncError: null, syncedAt: at, updatedAt: at, ...(storeFulfillmentId ? { storeFulfillmentId } : {}) })
    .where(eq(orderShipments.id, shipmentId))
    .returning();
  await tx.update(orders).set({ syncAt: at }).where(eq(orders.id, orderId));
  return row!;
}

/**
 * Of these cancelled shipments, those the store has a fulfilment of (synced, with its id) now wait
 * for the store cancel: sync_status goes back to pending. Answers their ids.
 */
export async function markCancelPending(tx: Tx, shipmentIds: string[]): Promise<string[]> {
  if (shipmentIds.length === 0) return [];
  const rows = await tx
    .update(orderShipments)
    .set({ syncStatus: 'pending', syncError: null, updatedAt: new Date() })
    .where(
      and(
        inArray(orderShipments.id, shipmentIds),
        eq(orderShipments.status, 'Cancel'),
        eq(orderShipments.syncStatus, 'synced'),
        isNotNull(orderShipments.storeFulfillmentId),
      ),
    )
    .returning({ id: orderShipments.id });
  return rows.map((r) => r.id);
}

/** Cancelled shipments whose store fulfilment is still to be cancelled. */
export async function pendingStoreCancels(db: Conn, orderId: string): Promise<(ShipmentRow & { storeFulfillmentId: string })[]> {
  const rows = await db
    .select()
    .from(orderShipments)
    .where(
      and(
        eq(orderShipments.orderId, orderId),
        eq(orderShipments.status, 'Cancel'),
        eq(orderShipments.syncStatus, 'pending'),
        isNotNull(orderShipments.storeFulfillmentId),
      ),
    )
    .orderBy(asc(orderShipments.createdAt));
  return rows as (ShipmentRow & { storeFulfillmentId: string })[];
}

/** The store's fulfilment of a cancelled shipment is cancelled too. */
export async function markCancelSynced(tx: Tx, shipmentId: string, at: Date) {
  await tx.update(orderShipments).set({ syncStatus: 'synced', syncError: null, syncedAt: at, updatedAt: at }).where(eq(orderShipments.id, shipmentId));
}

export async function markSyncFailed(db: Conn, shipmentIds: string[], error: string) {
  if (shipmentIds.length === 0) return;
  await db
    .update(orderShipments)
    .set({ syncStatus: 'failed', syncError: error.slice(0, 1000), updatedAt: new Date() })
    .where(inArray(orderShipments.id, shipmentIds));
}

export async function teamManager(db: Conn, sellerTeamId: string): Promise<string | null> {
  const [row] = await db.select({ managerId: sellerTeams.managerId }).from(sellerTeams).where(eq(sellerTeams.id, sellerTeamId));
  return row?.managerId ?? null;
}

/** A manual sync tries the failed shipments again (pushes and store cancels): they show pending until the job ends. */
export async function resetFailedSync(db: Conn, orderId: string) {
  await db
    .update(orderShipments)
    .set({ syncStatus: 'pending', syncError: null, updatedAt: new Date() })
    .where(and(eq(orderShipments.orderId, orderId), eq(orderShipments.syncStatus, 'failed'), storeBehind));
}

/** A job of this kind for this order already waits (or, with 'running', runs). */
export async function hasOpenSyncJob(db: Conn, kind: string, orderId: string, statuses: ('queued' | 'running')[] = ['queued', 'running']): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.status, statuses), sql`${jobs.payload} ->> 'orderId' = ${orderId}`))
    .limit(1);
  return Boolean(row);
}

/** The agency's seller teams for the list's team filter (a small projection, by name). */
export async function teamOptions(db: Conn, agencyId: string) {
  return db
    .select({ id: sellerTeams.id, name: sellerTeams.name, code: sellerTeams.code })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.agencyId, agencyId), isNull(sellerTeams.deletedAt)))
    .orderBy(asc(sellerTeams.name));
}
