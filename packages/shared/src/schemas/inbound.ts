/**
 * The seller's warehouses (/s/warehouses) and inbound shipments (docs/warehouses.md "Inbound shipments"). Fees travel in
 * dollars with at most two decimals, as every price of the API does (the same shape as the agency's warehouse rows).
 */
import { z } from 'zod';
import { SHIPPING_METHODS } from '../domain/catalog';
import { dateTime, listQuery, listResponse, text } from './common';

export const INBOUND_STATUS_VALUES = ['declared', 'in_transit', 'partly_received', 'received', 'closed'] as const;
export type InboundStatusValue = (typeof INBOUND_STATUS_VALUES)[number];
/** Statuses in which a shipment is still expected or being counted. */
export const OPEN_INBOUND_STATUSES: readonly InboundStatusValue[] = ['declared', 'in_transit', 'partly_received'];

export const INBOUND_LIMITS = {
  lines: 200,
  quantity: 100_000,
  carrier: 64,
  tracking: 128,
  note: 1000,
} as const;

export const INBOUND_MSG = {
  notFound: 'Inbound shipment not found',
  warehouseNotFound: 'Warehouse not found',
  warehouseClosed: 'This warehouse does not accept inbound shipments',
  notYourProduct: 'Not one of your warehouse products',
  duplicateProduct: 'This product is already on another line',
  duplicateLine: 'This line is counted twice',
  lineNotInShipment: 'This line is not on this shipment',
  linesRequired: 'Add at least one product',
  linesMax: `At most ${INBOUND_LIMITS.lines} lines`,
  quantity: `Quantity is 1 to ${INBOUND_LIMITS.quantity.toLocaleString('en-US')}`,
  declared: (reference: string) => `Inbound shipment ${reference} declared`,
  inTransit: (reference: string) => `Inbound shipment ${reference} is in transit`,
  cancelled: (reference: string) => `Inbound shipment ${reference} cancelled`,
  counted: (reference: string, units: number) => `${units.toLocaleString('en-US')} units of ${reference} received`,
  closed: (reference: string) => `Inbound shipment ${reference} closed`,
  notDeclared: 'Only a declared shipment can be marked in transit',
  cannotCancel: 'Only a declared or in-transit shipment with nothing received can be cancelled',
  isClosed: 'This shipment is closed',
  /** The note a cancelled shipment is closed with (its own note follows it). */
  cancelledNote: 'cancelled',
} as const;

const shippingBand = z.object({ method: z.enum(SHIPPING_METHODS), country: z.string(), upToGrams: z.number(), price: z.number() });
/** What the owning team pays at a warehouse, in dollars: per order, per extra unit, storage per unit-month, shipping bands. */
export const sellerWarehouseFees = z.object({
  perOrder: z.number(),
  perExtraUnit: z.number(),
  storagePerUnitMonth: z.number(),
  shipping: z.array(shippingBand),
});
export type SellerWarehouseFees = z.infer<typeof sellerWarehouseFees>;

/** The scope's stock at a warehouse: an owner team's own products, an operator's every product there. */
export const warehouseStockSummary = z.object({
  skus: z.number().int(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  /** Products at or under their low threshold (out of stock included). */
  low: z.number().int(),
});

export const sellerWarehouseItem = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  active: z.boolean(),
  address: z.record(z.string(), z.string()),
  fees: sellerWarehouseFees,
  stock: warehouseStockSummary,
  /** Inbound shipments of the scope still declared, in transit or partly received. */
  openInbound: z.number().int(),
});
export type SellerWarehouseItem = z.infer<typeof sellerWarehouseItem>;
export const sellerWarehousesResponse = z.object({ data: z.array(sellerWarehouseItem) });

// GET /api/seller-warehouses/{id}: the warehouse, one page of its stock, its inbound summary.
export const sellerWarehouseStockQuery = listQuery;
export type SellerWarehouseStockQuery = z.infer<typeof sellerWarehouseStockQuery>;

export const warehouseStockRow = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  /** This warehouse's threshold, else the product's. */
  threshold: z.number().int(),
  low: z.boolean(),
  out: z.boolean(),
});
export type WarehouseStockRow = z.infer<typeof warehouseStockRow>;

export const inboundSummary = z.object({
  open: z.number().int(),
  byStatus: z.object({ declared: z.number().int(), in_transit: z.number().int(), partly_received: z.number().int(), received: z.number().int(), closed: z.number().int() }),
});

export const sellerWarehouseDetailResponse = z.object({
  data: z.object({
    warehouse: sellerWarehouseItem,
    stock: listResponse(warehouseStockRow),
    inbound: inboundSummary,
  }),
});
export type SellerWarehouseDetail = z.infer<typeof sellerWarehouseDetailResponse>['data'];

// GET /api/inbound-shipments
export const inboundListQuery = listQuery.extend({
  warehouseId: z.uuid().optional(),
  status: z.enum(INBOUND_STATUS_VALUES).optional(),
});
export type InboundListQuery = z.infer<typeof inboundListQuery>;

export const inboundItem = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(INBOUND_STATUS_VALUES),
  /** Closed by its team before anything arrived. */
  cancelled: z.boolean(),
  warehouse: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  ownerTeam: z.object({ id: z.string(), name: z.string() }),
  carrier: z.string(),
  trackingNumber: z.string(),
  note: z.string(),
  lineCount: z.number().int(),
  declaredUnits: z.number().int(),
  receivedUnits: z.number().int(),
  createdAt: dateTime,
  receivedAt: dateTime.nullable(),
  closedAt: dateTime.nullable(),
});
export type InboundItem = z.infer<typeof inboundItem>;
export const inboundListResponse = listResponse(inboundItem);

export const inboundLine = z.object({
  id: z.string(),
  warehouseProductId: z.string(),
  sku: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  declared: z.number().int(),
  received: z.number().int(),
  /** received - declared: above 0 more arrived than declared, below 0 fewer (so far). */
  discrepancy: z.number().int(),
});
export type InboundLine = z.infer<typeof inboundLine>;

export const inboundDetail = inboundItem.extend({ lines: z.array(inboundLine) });
export type InboundDetail = z.infer<typeof inboundDetail>;
export const inboundResponse = z.object({ data: inboundDetail });
export const inboundAnswer = z.object({ message: z.string(), data: inboundDetail });
export type InboundAnswer = z.infer<typeof inboundAnswer>;

const quantity = z.number({ error: INBOUND_MSG.quantity }).int(INBOUND_MSG.quantity).min(1, INBOUND_MSG.quantity).max(INBOUND_LIMITS.quantity, INBOUND_MSG.quantity);
const optionalText = (max: number, label: string) =>
  text().pipe(z.string().trim().max(max, `${label} is at most ${max} characters`)).optional().default('');

// POST /api/inbound-shipments
export const createInboundBody = z.strictObject({
  warehouseId: z.uuid('Choose a warehouse'),
  carrier: optionalText(INBOUND_LIMITS.carrier, 'Carrier'),
  trackingNumber: optionalText(INBOUND_LIMITS.tracking, 'Tracking number'),
  note: optionalText(INBOUND_LIMITS.note, 'Note'),
  lines: z
    .array(z.strictObject({ warehouseProductId: z.uuid('Choose a product'), quantity }))
    .min(1, INBOUND_MSG.linesRequired)
    .max(INBOUND_LIMITS.lines, INBOUND_MSG.linesMax)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((l, i) => {
        if (seen.has(l.warehouseProductId)) ctx.addIssue({ code: 'custom', path: [i, 'warehouseProductId'], message: INBOUND_MSG.duplicateProduct });
        seen.add(l.warehouseProductId);
      });
    }),
});
export type CreateInboundBody = z.input<typeof createInboundBody>;

// POST /api/inbound-shipments/{id}/receive: what arrived now, per line (called again for later arrivals).
export const receiveInboundBody = z.strictObject({
  /** One per count the client makes (a UUID): a retried count with the same id is answered once, never counted twice. */
  countId: z.uuid().optional(),
  counts: z
    .array(z.strictObject({ lineId: z.uuid(), quantity }))
    .min(1, 'Count at least one line')
    .max(INBOUND_LIMITS.lines, INBOUND_MSG.linesMax)
    .superRefine((counts, ctx) => {
      const seen = new Set<string>();
      counts.forEach((c, i) => {
        if (seen.has(c.lineId)) ctx.addIssue({ code: 'custom', path: [i, 'lineId'], message: INBOUND_MSG.duplicateLine });
        seen.add(c.lineId);
      });
    }),
});
export type ReceiveInboundBody = z.input<typeof receiveInboundBody>;
