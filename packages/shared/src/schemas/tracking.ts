/**
 * Tracking: an agency's shipments (order_shipments), the tracking import and the sync of tracking
 * to the seller's store (docs/orders.md, "Tracking and store sync"). Item and order statuses come
 * from domain/order-machine.ts: a shipment moves its items to InTransit (then Fulfilled when
 * delivered) and the order's status is derivedShippingStatus() of its items.
 */
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../domain/orders';
import { ITEM_STATUSES } from '../domain/order-machine';
import { isoDate, listResponse } from './common';

/** The statuses the tracking list shows: from production to the end of shipping. */
export const TRACKING_ORDER_STATUSES = ['InProduction', 'PartiallyFulfilled', 'InTransit', 'Fulfilled', 'CancelShipment'] as const satisfies readonly OrderStatus[];
/** Tracking may be added only while something is still to ship. */
export const SHIPPABLE_STATUSES = ['InProduction', 'PartiallyFulfilled', 'InTransit'] as const satisfies readonly OrderStatus[];
/**
 * Store sync of a shipment. `not_applicable` is not stored: the row stays 'pending' and the API
 * shows not_applicable while the order has no store connection (orders.metadata.store).
 */
export const SYNC_STATUSES = ['pending', 'synced', 'failed', 'not_applicable'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
export const SYNC_STATUS_LABELS: Record<SyncStatus, string> = {
  pending: 'Pending',
  synced: 'Synced',
  failed: 'Failed',
  not_applicable: 'No store',
};
export const SHIPMENT_STATUSES = ['InTransit', 'Fulfilled', 'Cancel'] as const;
export const TRACKING_PAGE_SIZES = [10, 20, 50, 100, 200] as const;

/** Columns of the tracking import (template and report); SKU and Seller Team are optional. */
export const TRACKING_SHEET_COLUMNS = ['Order Name', 'Tracking Number', 'Carrier', 'Tracking URL', 'SKU', 'Seller Team'] as const;
export const TRACKING_REQUIRED_COLUMNS = ['Order Name', 'Tracking Number', 'Carrier'] as const;
export const TRACKING_TEMPLATE_PATH = '/api/tracking/import/template';
export const IMPORT_TRACKING = 'IMPORT_TRACKING';
export const SYNC_TRACKING_TO_STORE = 'SYNC_TRACKING_TO_STORE';
export const TRACKING_LIMITS = { importMaxBytes: 5 * 1024 * 1024, importMaxRows: 5000, trackingNumberMax: 100, carrierMax: 60, urlMax: 500, syncIdsMax: 200 } as const;

/** Every string the tracking screens and answers show. */
export const TRACKING_MSG = {
  notShippable: (status: string) =>
    `Tracking can be added only to an order In Production, Partially Fulfilled or In Transit; this order is ${status}.`,
  nothingToShip: 'Every item of this order already has tracking.',
  itemNotShippable: 'Choose items of this order that are not cancelled and have no tracking yet.',
  duplicateTracking: 'This tracking number is already on this order.',
  trackingNumberRequired: 'Please enter the tracking number',
  carrierRequired: 'Please enter the carrier',
  trackingUrl: 'Please enter a valid tracking URL (http or https)',
  notDeliverable: 'Only a shipment in transit can be marked delivered.',
  shipmentNotFound: 'Shipment not found',
  orderNotFound: 'Order not found',
  noShipments: 'This order has no tracking to sync.',
  syncQueued: 'Sync queued',
  syncIds: 'Choose between 1 and 200 orders',
  noStore: 'This order has no store connection: nothing to sync.',
  noFile: 'Please choose a file',
  wrongFile: 'Please upload one .xlsx or .csv file',
  fileTooLarge: 'The file is larger than 5 MB',
  unreadable: 'The file could not be read: please upload the template filled in as .xlsx or .csv',
  missingColumns: (cols: string[]) => `The file misses the column${cols.length > 1 ? 's' : ''} ${cols.join(', ')}`,
  emptyFile: 'The file has no rows',
  tooManyRows: 'The file has more than 5,000 rows',
  importQueued: 'Import started',
  rowOrderUnknown: 'No order of this agency has this name',
  rowOrderAmbiguous: 'Several seller teams have an order of this name: fill in Seller Team',
  rowSkuUnknown: 'This order has no item with this SKU',
  rowSkuShipped: 'The item with this SKU already has tracking',
  importDone: (shipments: number, skipped: number, failed: number) =>
    `${shipments} shipment${shipments === 1 ? '' : 's'} added, ${skipped} already there, ${failed} row${failed === 1 ? '' : 's'} failed`,
} as const;

const trimmed = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max);
const dateParam = isoDate('Invalid date').optional();

/** GET /api/tracking (/ag/tracking). */
export const trackingListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
  /** Order name or tracking number (contains; carrier too). */
  search: z.string().trim().max(200).optional(),
  carrier: z.string().trim().max(TRACKING_LIMITS.carrierMax).optional(),
  syncStatus: z.enum(SYNC_STATUSES).optional(),
  status: z.enum(TRACKING_ORDER_STATUSES).optional(),
  /** Created from / to: a date (whole UTC day) or a date-time. */
  from: dateParam,
  to: dateParam,
  sellerTeam: z.uuid().optional(),
});
export type TrackingListQuery = z.infer<typeof trackingListQuery>;

export const trackingShipment = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  carrier: z.string(),
  trackingUrl: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  syncStatus: z.enum(SYNC_STATUSES),
  syncError: z.string().nullable(),
  syncedAt: z.string().nullable(),
  itemIds: z.array(z.string()),
  createdDate: z.string(),
});
export type TrackingShipment = z.infer<typeof trackingShipment>;

export const trackingListItem = z.object({
  id: z.string(),
  orderName: z.string(),
  status: z.enum(ORDER_STATUSES),
  sellerTeam: z.object({ id: z.string(), name: z.string() }),
  fullName: z.string(),
  country: z.string(),
  itemCount: z.number().int(),
  /** The order has a store connection the tracking syncs to. */
  storePlatform: z.string().nullable(),
  syncAt: z.string().nullable(),
  createdDate: z.string(),
  shipments: z.array(trackingShipment),
});
export type TrackingListItem = z.infer<typeof trackingListItem>;
export const trackingListResponse = listResponse(trackingListItem);

export const trackingOrderItem = z.object({
  id: z.string(),
  position: z.number().int(),
  sku: z.string(),
  title: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  status: z.enum(ITEM_STATUSES),
  shipmentId: z.string().nullable(),
});
export type TrackingOrderItem = z.infer<typeof trackingOrderItem>;

/** GET /api/tracking/:orderId. */
export const trackingDetail = z.object({
  order: trackingListItem.omit({ shipments: true }).extend({
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    province: z.string(),
    zipCode: z.string(),
    countryCode: z.string(),
    shippingMethod: z.string(),
  }),
  items: z.array(trackingOrderItem),
  shipments: z.array(trackingShipment),
  /** The order may take tracking now (its status is shippable and an item is left). */
  canAddTracking: z.boolean(),
});
export type TrackingDetail = z.infer<typeof trackingDetail>;
export const trackingDetailResponse = z.object({ data: trackingDetail });

export const trackingOrderParams = z.object({ orderId: z.uuid() });

/** POST /api/tracking/:orderId/shipments; itemIds default to every live item without a shipment. */
export const addShipmentBody = z.object({
  trackingNumber: trimmed(TRACKING_LIMITS.trackingNumberMax, TRACKING_MSG.trackingNumberRequired),
  carrier: trimmed(TRACKING_LIMITS.carrierMax, TRACKING_MSG.carrierRequired),
  trackingUrl: z
    .string()
    .trim()
    .max(TRACKING_LIMITS.urlMax)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), TRACKING_MSG.trackingUrl)
    .optional(),
  itemIds: z.array(z.uuid()).min(1).max(500).optional(),
});
export type AddShipmentBody = z.infer<typeof addShipmentBody>;

/** A shipment change answers the shipment and the order's (derived) status. */
export const shipmentAnswer = z.object({ data: z.object({ shipment: trackingShipment, status: z.enum(ORDER_STATUSES) }) });
export type ShipmentAnswer = z.infer<typeof shipmentAnswer>;

/** POST /api/orders/synced-track-to-store?ids=a,b,c */
export const syncTrackQuery = z.object({
  ids: z
    .string({ error: TRACKING_MSG.syncIds })
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.uuid()).min(1, TRACKING_MSG.syncIds).max(TRACKING_LIMITS.syncIdsMax, TRACKING_MSG.syncIds)),
});
export const syncTrackAnswer = z.object({
  data: z.object({
    results: z.array(z.object({ id: z.string(), ok: z.boolean(), message: z.string().optional() })),
    succeeded: z.number().int(),
    failed: z.number().int(),
  }),
});
export type SyncTrackAnswer = z.infer<typeof syncTrackAnswer>;

export const trackingImportAnswer = z.object({ data: z.object({ jobId: z.string(), message: z.string() }) });

/** The result an IMPORT_TRACKING job leaves (GET /api/jobs/:id `result`). */
export interface TrackingImportResult {
  message: string;
  /** false when the file itself could not be used (no row was looked at). */
  ok: boolean;
  rows: number;
  shipments: number;
  skipped: number;
  failed: number;
  reportFileId?: string;
}

/**
 * What the tracking push needs of an order's store: its platform, shop and opened credentials
 * (modules/stores storeConnection; never sent to a browser). The legacy `orders.metadata.store` had this
 * shape: the stores migration moves it into the stores table (docs/stores.md).
 */
export const storeConnection = z.object({
  platform: z.literal('shopify'),
  shopDomain: z.string().min(1),
  accessToken: z.string().min(1),
});
export type StoreConnection = z.infer<typeof storeConnection>;
