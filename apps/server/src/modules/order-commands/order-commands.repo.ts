import { and, eq, inArray, ne } from 'drizzle-orm';
import type { ItemStatus, OrderStatus } from '@fbo/shared';
import type { Tx } from '../../db/client';
import { orderEvents, orderItems, orderShipments, orders } from '../../db/schema/index';
import type { OrderRow } from '../order-core';
import { linkCustomers, touchesCustomer } from '../customers';

export async function updateOrder(tx: Tx, id: string, changes: Partial<typeof orders.$inferInsert>) {
  const [row] = await tx.update(orders).set(changes).where(eq(orders.id, id)).returning({ agencyId: orders.agencyId });
  // A cancel takes the order's total out of its buyer's spending (docs/customers.md).
  if (row && touchesCustomer(changes)) await linkCustomers(tx, row.agencyId, [id]);
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
  e: { order: OrderRow; action: string; from: OrderStatus; to: OrderStatus; message: string; actorId: string | null; actorEmail: string; data?: Record<string, unknown> },
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
