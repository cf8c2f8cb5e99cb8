/**
 * The SQL of the warehouse queue (docs/warehouses.md "Warehouse queue"). Every read goes through fulfilmentsVisible
 * (an operator the fulfilments of the warehouses its team runs, the agency all of its own); every query and join is
 * filtered by agency_id. The columns read from orders are the fulfilment view's only: names, ship-to, method, status;
 * never a price, a cost, a charge or the store.
 */
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { WarehouseOrderCountsQuery, WarehouseOrderListQuery, WarehouseOrderStatus } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { agencies, orderEvents, orderItems, orderShipments, orders, sellerTeams, stores, warehouseFulfilments, warehouseProducts, warehouses } from '../../db/schema/index';
import { likePattern, pageWithCappedCount, withPage } from '../../lib/list';
import { warehousesVisible, type WarehouseScope } from './warehouse-scope';

type Conn = Db | Tx;
export type FulfilmentRow = typeof warehouseFulfilments.$inferSelect;

const warehouseOfFulfilment = and(eq(warehouses.agencyId, warehouseFulfilments.agencyId), eq(warehouses.id, warehouseFulfilments.warehouseId));
const orderOfFulfilment = and(eq(orders.agencyId, warehouseFulfilments.agencyId), eq(orders.id, warehouseFulfilments.orderId));
const joined = sql`${warehouseFulfilments} inner join ${warehouses} on ${warehouseOfFulfilment} inner join ${orders} on ${orderOfFulfilment}`;

/** The fulfilments a scope sees: those of the warehouses it sees (an operator's: the ones its team runs). */
export function fulfilmentsVisible(scope: WarehouseScope & { kind: 'agency' | 'operator' }): SQL {
  return and(eq(warehouseFulfilments.agencyId, scope.agencyId), warehousesVisible(scope))!;
}

/** The order's live warehouse lines, as a correlated subquery on the fulfilment's row. */
const liveLines = sql`from ${orderItems} i where i.agency_id = ${warehouseFulfilments.agencyId} and i.order_id = ${warehouseFulfilments.orderId}
  and i.warehouse_product_id is not null and i.status <> 'Cancel'`;

const rowColumns = {
  fulfilment: warehouseFulfilments,
  warehouseCode: warehouses.code,
  warehouseName: warehouses.name,
  orderName: orders.orderName,
  fullName: orders.fullName,
  country: orders.country,
  countryCode: orders.countryCode,
  shippingMethod: orders.shippingMethod,
  lines: sql<number>`(select count(*)::int ${liveLines})`.mapWith(Number),
  units: sql<number>`(select coalesce(sum(i.quantity), 0)::int ${liveLines})`.mapWith(Number),
};

function filters(scope: WarehouseScope & { kind: 'agency' | 'operator' }, q: WarehouseOrderCountsQuery): SQL {
  return and(
    fulfilmentsVisible(scope),
    q.warehouse ? eq(warehouseFulfilments.warehouseId, q.warehouse) : undefined,
    q.search ? or(ilike(orders.orderName, likePattern(q.search)), ilike(orders.fullName, likePattern(q.search))) : undefined,
  )!;
}

/** Statuses worked oldest first (a queue); the others (shipped, cancelled) newest first. */
const QUEUE_STATUSES: readonly WarehouseOrderStatus[] = ['to_pick', 'packed', 'cannot_ship'];

export async function listFulfilments(db: Db, scope: WarehouseScope & { kind: 'agency' | 'operator' }, q: WarehouseOrderListQuery) {
  const where = and(filters(scope, q), q.status ? eq(warehouseFulfilments.status, q.status) : undefined);
  const oldestFirst = q.status !== undefined && QUEUE_STATUSES.includes(q.status);
  const order = oldestFirst
    ? [asc(warehouseFulfilments.createdAt), asc(warehouseFulfilments.id)]
    : [desc(warehouseFulfilments.createdAt), desc(warehouseFulfilments.id)];
  return pageWithCappedCount(db, joined, where, q, (capped) =>
    withPage(
      db.select({ ...rowColumns, ...capped }).from(warehouseFulfilments).innerJoin(warehouses, warehouseOfFulfilment).innerJoin(orders, orderOfFulfilment),
      where,
      order,
      q,
    ),
  );
}

export async function countsByStatus(db: Db, scope: WarehouseScope & { kind: 'agency' | 'operator' }, q: WarehouseOrderCountsQuery) {
  const rows = await db
    .select({ status: warehouseFulfilments.status, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(warehouseFulfilments)
    .innerJoin(warehouses, warehouseOfFulfilment)
    .innerJoin(orders, orderOfFulfilment)
    .where(filters(scope, q))
    .groupBy(warehouseFulfilments.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** One fulfilment the scope sees, with its warehouse and the order's ship-to (no money), or undefined (404). */
export async function findFulfilment(db: Conn, scope: WarehouseScope & { kind: 'agency' | 'operator' }, id: string) {
  const [row] = await db
    .select({
      fulfilment: warehouseFulfilments,
      warehouseCode: warehouses.code,
      warehouseName: warehouses.name,
      warehouseTeamId: warehouses.warehouseTeamId,
      order: {
        id: orders.id,
        orderName: orders.orderName,
        status: orders.status,
        fullName: orders.fullName,
        phone: orders.phone,
        address1: orders.address1,
        address2: orders.address2,
        city: orders.city,
        province: orders.province,
        zipCode: orders.zipCode,
        country: orders.country,
        countryCode: orders.countryCode,
        shippingMethod: orders.shippingMethod,
        metadata: orders.metadata,
        createdAt: orders.createdAt,
      },
    })
    .from(warehouseFulfilments)
    .innerJoin(warehouses, warehouseOfFulfilment)
    .innerJoin(orders, orderOfFulfilment)
    .where(and(fulfilmentsVisible(scope), eq(warehouseFulfilments.id, id)));
  return row;
}
export type FoundFulfilment = NonNullable<Awaited<ReturnType<typeof findFulfilment>>>;

/** The order's row lock (taken before the fulfilment's, as approval and cancel take them): its status as locked. */
export async function lockOrderRow(tx: Tx, agencyId: string, orderId: string): Promise<{ id: string; status: string } | undefined> {
  const [row] = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(and(eq(orders.agencyId, agencyId), eq(orders.id, orderId))).for('update');
  return row;
}

export async function lockFulfilment(tx: Tx, agencyId: string, id: string): Promise<FulfilmentRow | undefined> {
  const [row] = await tx.select().from(warehouseFulfilments).where(and(eq(warehouseFulfilments.agencyId, agencyId), eq(warehouseFulfilments.id, id))).for('update');
  return row;
}

export async function updateFulfilment(tx: Tx, agencyId: string, id: string, set: Partial<Omit<FulfilmentRow, 'agencyId' | 'id'>>) {
  await tx.update(warehouseFulfilments).set({ ...set, updatedAt: new Date() }).where(and(eq(warehouseFulfilments.agencyId, agencyId), eq(warehouseFulfilments.id, id)));
}

/** The order's warehouse lines (cancelled ones too: the view shows their status), with the product's shelf name. */
export async function warehouseLinesOf(db: Conn, agencyId: string, orderId: string) {
  return db
    .select({
      itemId: orderItems.id,
      warehouseProductId: orderItems.warehouseProductId,
      sku: sql<string>`coalesce(${warehouseProducts.sku}, ${orderItems.sku})`,
      name: sql<string>`coalesce(${warehouseProducts.name}, ${orderItems.title})`,
      image: sql<string | null>`${warehouseProducts.images}->>0`,
      quantity: orderItems.quantity,
      status: orderItems.status,
      shipmentId: orderItems.shipmentId,
    })
    .from(orderItems)
    .leftJoin(warehouseProducts, and(eq(warehouseProducts.agencyId, orderItems.agencyId), eq(warehouseProducts.id, orderItems.warehouseProductId)))
    .where(and(eq(orderItems.agencyId, agencyId), eq(orderItems.orderId, orderId), isNotNull(orderItems.warehouseProductId)))
    .orderBy(asc(orderItems.position), asc(orderItems.createdAt), asc(orderItems.id));
}
export type WarehouseLine = Awaited<ReturnType<typeof warehouseLinesOf>>[number];

/** The shipments carrying some of those lines (the order's other parcels are not the warehouse's). */
export async function shipmentsByIds(db: Conn, agencyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: orderShipments.id, trackingNumber: orderShipments.trackingNumber, carrier: orderShipments.carrier, trackingUrl: orderShipments.trackingUrl, createdAt: orderShipments.createdAt })
    .from(orderShipments)
    .where(and(eq(orderShipments.agencyId, agencyId), inArray(orderShipments.id, ids)))
    .orderBy(asc(orderShipments.createdAt));
}

/** Packing: the order's warehouse items still Unfulfilled go to InProduction. */
export async function packItems(tx: Tx, agencyId: string, orderId: string): Promise<void> {
  await tx
    .update(orderItems)
    .set({ status: 'InProduction', updatedAt: new Date() })
    .where(and(eq(orderItems.agencyId, agencyId), eq(orderItems.orderId, orderId), isNotNull(orderItems.warehouseProductId), eq(orderItems.status, 'Unfulfilled')));
}

export async function setOrderStatus(tx: Tx, agencyId: string, orderId: string, status: string): Promise<void> {
  await tx.update(orders).set({ status, updatedAt: new Date() }).where(and(eq(orders.agencyId, agencyId), eq(orders.id, orderId)));
}

export async function insertOrderEvent(tx: Tx, event: typeof orderEvents.$inferInsert): Promise<void> {
  await tx.insert(orderEvents).values(event);
}

/** The warehouse items not shipped yet (what a shipment of the warehouse carries). */
export async function unshippedWarehouseItems(tx: Tx, agencyId: string, orderId: string) {
  return tx
    .select({ id: orderItems.id, warehouseProductId: orderItems.warehouseProductId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.agencyId, agencyId), eq(orderItems.orderId, orderId), isNotNull(orderItems.warehouseProductId), ne(orderItems.status, 'Cancel'), isNull(orderItems.shipmentId)))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
}

export async function teamPeople(tx: Conn, agencyId: string, teamId: string): Promise<{ name: string; managerId: string | null; mappedUserId: string | null }> {
  const [row] = await tx
    .select({ name: sellerTeams.name, managerId: sellerTeams.managerId, mappedUserId: sellerTeams.mappedUserId })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.agencyId, agencyId), eq(sellerTeams.id, teamId)));
  return row ?? { name: '', managerId: null, mappedUserId: null };
}

/** What a slip branded 'seller' names: the order's store, else the owning team. */
export async function sellerBrandName(db: Conn, agencyId: string, orderId: string, ownerTeamId: string): Promise<string> {
  const [row] = await db
    .select({ storeName: stores.name })
    .from(orders)
    .innerJoin(stores, and(eq(stores.agencyId, orders.agencyId), eq(stores.id, orders.storeId)))
    .where(and(eq(orders.agencyId, agencyId), eq(orders.id, orderId)));
  if (row?.storeName) return row.storeName;
  return (await teamPeople(db, agencyId, ownerTeamId)).name;
}

/** The agency's theme title (a slip branded 'agency'). */
export async function agencyTitle(db: Conn, agencyId: string): Promise<string> {
  const [row] = await db.select({ config: agencies.config }).from(agencies).where(eq(agencies.id, agencyId));
  return row?.config?.title ?? '';
}
