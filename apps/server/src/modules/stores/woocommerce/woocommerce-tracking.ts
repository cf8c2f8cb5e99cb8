/**
 * Tracking as the WooCommerce Shipment Tracking extension keeps it: the order meta
 * `_wc_shipment_tracking_items`, a list of parcels. The extension shows them on the order, in the
 * customer's account and in the "completed" email; stores without it keep the meta harmlessly and
 * the customer note carries the tracking anyway.
 * https://woocommerce.com/document/shipment-tracking/ (REST: /orders/{id}/shipment-trackings, the same items)
 */
import { createHash } from 'node:crypto';
import type { TrackingInput } from '../shopify/shopify-types';
import type { WooMeta } from './woocommerce-raw';

export const TRACKING_META_KEY = '_wc_shipment_tracking_items';

export interface TrackingItem {
  /** The extension's slug of a provider it knows; '' with a custom provider, as here (the carrier's name as given). */
  tracking_provider: string;
  custom_tracking_provider: string;
  tracking_number: string;
  custom_tracking_link: string;
  /** Unix seconds, as a string (the extension's own format). */
  date_shipped: string;
  tracking_id: string;
}

export function trackingMeta(meta: WooMeta[] | null | undefined): { metaId: number | null; items: TrackingItem[] } {
  const entry = (meta ?? []).find((m) => m.key === TRACKING_META_KEY);
  const items = Array.isArray(entry?.value) ? (entry.value as TrackingItem[]).filter((i) => i && typeof i.tracking_number === 'string') : [];
  return { metaId: entry?.id ?? null, items };
}

/** Same parcel, same id: a retry after a lost answer finds its item by number. */
export function newTrackingItem(tracking: TrackingInput, now: Date = new Date()): TrackingItem {
  return {
    tracking_provider: '',
    custom_tracking_provider: tracking.company,
    tracking_number: tracking.number,
    custom_tracking_link: tracking.url ?? '',
    date_shipped: String(Math.floor(now.getTime() / 1000)),
    tracking_id: createHash('md5').update(`${tracking.company}-${tracking.number}`).digest('hex'),
  };
}

/** The meta entry to PUT (its id when the order has one, so WooCommerce updates rather than adds). */
export function trackingMetaUpdate(metaId: number | null, items: TrackingItem[]): WooMeta {
  return { ...(metaId === null ? {} : { id: metaId }), key: TRACKING_META_KEY, value: items };
}

/** A pushed parcel's id for cancelFulfillment: the order and the tracking item ("123:ab12..."). */
export const fulfillmentIdOf = (orderId: string | number, trackingId: string) => `${orderId}:${trackingId}`;

export function parseFulfillmentId(id: string): { orderId: string; trackingId: string } | null {
  const match = /^(\d+):([A-Za-z0-9_-]+)$/.exec(id.trim());
  return match ? { orderId: match[1]!, trackingId: match[2]! } : null;
}

export function trackingNote(item: TrackingItem): string {
  const link = item.custom_tracking_link ? ` ${item.custom_tracking_link}` : '';
  return `Your order has shipped with ${item.custom_tracking_provider || item.tracking_provider}: tracking number ${item.tracking_number}.${link}`;
}
