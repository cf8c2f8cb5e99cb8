/**
 * The warehouse team's queue (docs/warehouses.md "Warehouse queue"): the fulfilment view of the orders routed to the
 * warehouses it runs. These schemas are the boundary of the one exception to tenant isolation (docs/decisions.md
 * "Warehouses"): the serializer writes only what they declare, so no price, cost, total, charge, wallet or store ever
 * leaves through them. Add nothing of money here.
 */
import { z } from 'zod';
import { SHIPPING_METHODS } from '../domain/catalog';
import { dateTime, listQuery, listResponse, text } from './common';
import { addShipmentBody } from './tracking';

export const WAREHOUSE_ORDER_STATUSES = ['to_pick', 'packed', 'shipped', 'cannot_ship', 'cancelled'] as const;
export type WarehouseOrderStatus = (typeof WAREHOUSE_ORDER_STATUSES)[number];

/** The tabs' labels, To pick first. */
export const WAREHOUSE_ORDER_STATUS_LABELS: Record<WarehouseOrderStatus, string> = {
  to_pick: 'To pick',
  packed: 'Packed',
  shipped: 'Shipped',
  cannot_ship: 'Cannot ship',
  cancelled: 'Cancelled',
};

export const WAREHOUSE_ORDER_LIMITS = { reasonMin: 3, reasonMax: 500 } as const;

export const WAREHOUSE_ORDER_MSG = {
  notFound: 'Warehouse order not found',
  notToPick: 'Only an order to pick can be packed',
  notShippable: 'Only an order to pick or packed can be shipped',
  notCannotShip: 'Only an order to pick or packed can be reported as cannot ship',
  notResumable: 'Only an order reported as cannot ship can be resumed',
  orderNotOpen: (status: string) => `The order is ${status}: the warehouse cannot work on it now`,
  nothingToShip: 'Every warehouse item of this order has shipped already',
  notReserved: 'The stock of this order is not reserved in this warehouse any more',
  reason: `Reason is ${WAREHOUSE_ORDER_LIMITS.reasonMin} to ${WAREHOUSE_ORDER_LIMITS.reasonMax} characters`,
  packed: (name: string) => `Order ${name} packed`,
  shipped: (name: string) => `Order ${name} shipped`,
  cannotShip: (name: string) => `Order ${name} cannot ship`,
  resumed: (name: string) => `Order ${name} is back to pick`,
} as const;

// GET /api/warehouse-orders/counts
export const warehouseOrderCountsQuery = z.object({
  warehouse: z.uuid().optional(),
  search: z.string().trim().max(200).optional(),
});
export type WarehouseOrderCountsQuery = z.infer<typeof warehouseOrderCountsQuery>;

export const warehouseOrderCountsResponse = z.object({
  data: z.object({ to_pick: z.number().int(), packed: z.number().int(), shipped: z.number().int(), cannot_ship: z.number().int(), cancelled: z.number().int() }),
});
export type WarehouseOrderCounts = z.infer<typeof warehouseOrderCountsResponse>['data'];

// GET /api/warehouse-orders
export const warehouseOrderListQuery = listQuery.extend({
  status: z.enum(WAREHOUSE_ORDER_STATUSES).optional(),
  warehouse: z.uuid().optional(),
});
export type WarehouseOrderListQuery = z.infer<typeof warehouseOrderListQuery>;

const warehouseRef = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const warehouseOrderItem = z.object({
  /** The fulfilment's id: the queue's row. */
  id: z.string(),
  orderId: z.string(),
  orderName: z.string(),
  warehouse: warehouseRef,
  status: z.enum(WAREHOUSE_ORDER_STATUSES),
  /** The order's warehouse lines and their units. */
  lines: z.number().int(),
  units: z.number().int(),
  shipTo: z.object({ name: z.string(), country: z.string(), countryCode: z.string() }),
  shippingMethod: z.enum(SHIPPING_METHODS),
  /** When the order was routed here (the fulfilment was made at approval). */
  routedAt: dateTime,
  packedAt: dateTime.nullable(),
  shippedAt: dateTime.nullable(),
});
export type WarehouseOrderItem = z.infer<typeof warehouseOrderItem>;
export const warehouseOrderListResponse = listResponse(warehouseOrderItem);

// GET /api/warehouse-orders/{id}: THE fulfilment view. Never money, never the store, never the team's other data.
export const warehouseOrderLine = z.object({
  itemId: z.string(),
  sku: z.string(),
  /** The warehouse product's name (what is on the shelf), not the store's title. */
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  /** The item's fulfilment status (Unfulfilled, InProduction, InTransit, Fulfilled, Cancel). */
  status: z.string(),
  shipmentId: z.string().nullable(),
});
export type WarehouseOrderLine = z.infer<typeof warehouseOrderLine>;

export const warehouseOrderShipment = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  carrier: z.string(),
  trackingUrl: z.string(),
  createdAt: dateTime,
});

export const warehouseOrderShipTo = z.object({
  name: z.string(),
  company: z.string().nullable(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  province: z.string(),
  zip: z.string(),
  country: z.string(),
  countryCode: z.string(),
  phone: z.string(),
});

export const warehouseOrderDetail = z.object({
  id: z.string(),
  orderId: z.string(),
  orderName: z.string(),
  status: z.enum(WAREHOUSE_ORDER_STATUSES),
  warehouse: warehouseRef,
  shipTo: warehouseOrderShipTo,
  shippingMethod: z.enum(SHIPPING_METHODS),
  lines: z.array(warehouseOrderLine),
  shipments: z.array(warehouseOrderShipment),
  /** Why the warehouse cannot ship it, in its words. */
  problem: z.string().nullable(),
  routedAt: dateTime,
  packedAt: dateTime.nullable(),
  shippedAt: dateTime.nullable(),
});
export type WarehouseOrderDetail = z.infer<typeof warehouseOrderDetail>;
export const warehouseOrderResponse = z.object({ data: warehouseOrderDetail });
export const warehouseOrderAnswer = z.object({ message: z.string(), data: warehouseOrderDetail });
export type WarehouseOrderAnswer = z.infer<typeof warehouseOrderAnswer>;

// POST /api/warehouse-orders/{id}/ship: the tracking feature's own fields and rules.
export const shipWarehouseOrderBody = addShipmentBody.pick({ trackingNumber: true, carrier: true, trackingUrl: true });
export type ShipWarehouseOrderBody = z.infer<typeof shipWarehouseOrderBody>;

// POST /api/warehouse-orders/{id}/cannot-ship
export const cannotShipWarehouseOrderBody = z.object({
  reason: text().pipe(z.string().trim().min(WAREHOUSE_ORDER_LIMITS.reasonMin, WAREHOUSE_ORDER_MSG.reason).max(WAREHOUSE_ORDER_LIMITS.reasonMax, WAREHOUSE_ORDER_MSG.reason)),
});
export type CannotShipWarehouseOrderBody = z.infer<typeof cannotShipWarehouseOrderBody>;
