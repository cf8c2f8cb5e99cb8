/**
 * The reads of a customer's privacy requests (docs/customers.md "Privacy"): its orders, the erasures already waiting on
 * them, and what its data export holds. The customer was found in the caller's scope first (customers.service).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executedRows } from '../../db/client';
import { customerOrders, orderItems, orderShipments, orders, stores } from '../../db/schema/index';

const ofCustomer = (agencyId: string, customerId: string) => and(eq(customerOrders.agencyId, agencyId), eq(customerOrders.customerId, customerId));

/** The ids of the customer's orders. */
export async function orderIdsOf(db: Db, agencyId: string, customerId: string): Promise<string[]> {
  const rows = await db.select({ id: customerOrders.orderId }).from(customerOrders).where(ofCustomer(agencyId, customerId)).orderBy(asc(customerOrders.orderId));
  return rows.map((r) => r.id);
}

/** Erasures still waiting on some of these orders (of any source: a shop's redaction too), oldest first. */
export async function erasuresWaitingOn(db: Db, agencyId: string, orderIds: readonly string[]): Promise<{ id: string; pending: string[] }[]> {
  if (orderIds.length === 0) return [];
  return executedRows<{ id: string; pending: string[] }>(await db.execute(sql`
    select id, pending_order_ids as pending from privacy_erasures
    where agency_id = ${agencyId} and status = 'waiting' and pending_order_ids ?| ${`{${orderIds.join(',')}}`}::text[]
    order by requested_at, id`));
}

/** The customer's orders as its data export shows them: the buyer's side only (no costs, charges or profit). */
export async function exportOrders(db: Db, agencyId: string, customerId: string) {
  return db
    .select({
      id: orders.id, orderName: orders.orderName, status: orders.status, storeName: stores.name, createdAt: orders.createdAt, updatedAt: orders.updatedAt,
      fullName: orders.fullName, email: orders.email, phone: orders.phone, address1: orders.address1, address2: orders.address2, city: orders.city,
      province: orders.province, zipCode: orders.zipCode, country: orders.country, countryCode: orders.countryCode, shippingMethod: orders.shippingMethod,
      subTotalPriceCents: orders.subTotalPriceCents, shippingFeeCents: orders.shippingFeeCents, totalDiscountCents: orders.totalDiscountCents,
      totalPriceCents: orders.totalPriceCents, totalRefundCents: orders.totalRefundCents,
    })
    .from(customerOrders)
    .innerJoin(orders, and(eq(orders.agencyId, agencyId), eq(orders.id, customerOrders.orderId)))
    .leftJoin(stores, and(eq(stores.agencyId, orders.agencyId), eq(stores.id, orders.storeId)))
    .where(ofCustomer(agencyId, customerId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** The items of the customer's orders, as the buyer bought them. */
export async function exportItems(db: Db, agencyId: string, customerId: string) {
  return db
    .select({
      orderId: orderItems.orderId, title: orderItems.title, color: orderItems.color, size: orderItems.size, sku: orderItems.sku,
      quantity: orderItems.quantity, priceCents: orderItems.priceCents, status: orderItems.status, refundedQuantity: orderItems.refundedQuantity,
    })
    .from(customerOrders)
    .innerJoin(orderItems, and(eq(orderItems.agencyId, agencyId), eq(orderItems.orderId, customerOrders.orderId)))
    .where(ofCustomer(agencyId, customerId))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
}

/** The shipments (tracking) of the customer's orders. */
export async function exportShipments(db: Db, agencyId: string, customerId: string) {
  return db
    .select({
      orderId: orderShipments.orderId, carrier: orderShipments.carrier, trackingNumber: orderShipments.trackingNumber,
      trackingUrl: orderShipments.trackingUrl, status: orderShipments.status, createdAt: orderShipments.createdAt,
    })
    .from(customerOrders)
    .innerJoin(orderShipments, and(eq(orderShipments.agencyId, agencyId), eq(orderShipments.orderId, customerOrders.orderId)))
    .where(ofCustomer(agencyId, customerId))
    .orderBy(asc(orderShipments.orderId), asc(orderShipments.createdAt));
}
