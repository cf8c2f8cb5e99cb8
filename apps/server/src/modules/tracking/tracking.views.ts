/** Rows to API shapes (never a raw row out of the server). */
import type { ItemStatus, TrackingListItem, TrackingShipment } from '@fbo/shared';
import type { ItemRow, OrderRow, ShipmentRow } from './tracking.repo';

export function shipmentView(row: ShipmentRow, itemIds: string[], hasStore: boolean): TrackingShipment {
  return {
    id: row.id,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    trackingUrl: row.trackingUrl,
    status: row.status as TrackingShipment['status'],
    // A pending shipment of an order with no store will never sync: say so instead of "pending".
    syncStatus: !hasStore && row.syncStatus === 'pending' ? 'not_applicable' : row.syncStatus,
    syncError: row.syncError,
    syncedAt: row.syncedAt?.toISOString() ?? null,
    itemIds,
    createdDate: row.createdAt.toISOString(),
  };
}

export function orderSummary(order: OrderRow, team: { id: string; name: string }, storePlatform: string | null): Omit<TrackingListItem, 'shipments'> {
  return {
    id: order.id,
    orderName: order.orderName,
    status: order.status as TrackingListItem['status'],
    sellerTeam: { id: team.id, name: team.name },
    fullName: order.fullName,
    country: order.country,
    itemCount: order.itemCount,
    storePlatform,
    syncAt: order.syncAt?.toISOString() ?? null,
    createdDate: order.createdAt.toISOString(),
  };
}

export function itemView(row: ItemRow) {
  return {
    id: row.id,
    position: row.position,
    sku: row.sku,
    title: row.title,
    color: row.color,
    size: row.size,
    quantity: row.quantity,
    status: row.status as ItemStatus,
    shipmentId: row.shipmentId,
  };
}

/** shipment id -> the ids of the items it carries. */
export function itemsByShipment(pairs: { id: string; shipmentId: string | null }[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const p of pairs) {
    if (!p.shipmentId) continue;
    const list = map.get(p.shipmentId) ?? [];
    list.push(p.id);
    map.set(p.shipmentId, list);
  }
  return map;
}
