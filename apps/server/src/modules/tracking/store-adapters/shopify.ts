/**
 * Shopify: tracking goes in as a fulfilment of the order's fulfilment orders (Admin REST API,
 * https://shopify.dev/docs/api/admin-rest/latest/resources/fulfillment): read the open fulfilment
 * orders of the store's order, then POST /fulfillments.json with line_items_by_fulfillment_order
 * and tracking_info. One fulfilment per shipment (Shopify keeps one tracking number per fulfilment);
 * its id comes back so a cancelled shipment can later cancel it (POST /fulfillments/{id}/cancel.json).
 */
import { registerStoreAdapter, StoreSyncError, type PushedFulfillment, type StoreAdapter, type SyncOrder, type SyncShipment } from './store-adapter';

const API_VERSION = '2025-01';
const TIMEOUT_MS = 15_000;
/** Only a shop's own Admin API host receives its token (no token sent to an arbitrary host). */
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i;

interface FulfillmentOrder {
  id: number;
  status: string;
  line_items: { id: number; line_item_id: number; fulfillable_quantity: number }[];
}
interface LineItem {
  id: number;
  sku: string | null;
}
type FoLines = { fulfillment_order_id: number; fulfillment_order_line_items?: { id: number; quantity: number }[] }[];

export interface ShopifyOptions {
  /** The Admin API base of a shop; tests point it at a local fake. */
  baseUrl?: (shopDomain: string) => string;
  fetch?: typeof fetch;
}

function errorText(body: unknown): string {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (typeof errors === 'string') return errors;
  if (errors && typeof errors === 'object') return Object.entries(errors).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`).join('; ');
  return '';
}

export function createShopifyAdapter(options: ShopifyOptions = {}): StoreAdapter {
  const doFetch = options.fetch ?? fetch;
  const baseOf =
    options.baseUrl ??
    ((shopDomain: string) => {
      if (!SHOP_DOMAIN.test(shopDomain)) throw new StoreSyncError(`Shopify: ${shopDomain} is not a myshopify.com shop domain`, false);
      return `https://${shopDomain}/admin/api/${API_VERSION}`;
    });

  async function call<T>(order: SyncOrder, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    // Outside the try: a refused shop domain is not a network error and must not be retried.
    const url = `${baseOf(order.store.shopDomain)}${path}`;
    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        headers: { 'X-Shopify-Access-Token': order.store.accessToken, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new StoreSyncError(`Shopify could not be reached: ${err instanceof Error ? err.message : String(err)}`, true);
    }
    const json: unknown = await res.json().catch(() => null);
    if (res.ok) return json as T;
    const detail = errorText(json);
    const message = `Shopify answered ${res.status}${detail ? `: ${detail}` : ''}`;
    // Throttled or down: worth another try later. Anything else will not get better by itself.
    throw new StoreSyncError(message, res.status === 429 || res.status >= 500, res.status);
  }

  /** Which fulfilment order lines the shipment covers (by SKU), with the quantity still open. */
  async function linesOf(order: SyncOrder, shipment: SyncShipment, open: FulfillmentOrder[]): Promise<FoLines> {
    const live = order.items.filter((i) => i.status !== 'Cancel');
    const all = live.every((i) => shipment.itemIds.includes(i.id));
    // The whole order in one parcel: every open fulfilment order, every line.
    if (all) return open.map((fo) => ({ fulfillment_order_id: fo.id }));
    const { order: storeOrder } = await call<{ order: { line_items: LineItem[] } }>(order, 'GET', `/orders/${order.externalId}.json?fields=line_items`);
    const used = new Set<number>();
    const byFo = new Map<number, { id: number; quantity: number }[]>();
    for (const item of live.filter((i) => shipment.itemIds.includes(i.id))) {
      const line = storeOrder.line_items.find((l) => !used.has(l.id) && (l.sku ?? '') === item.sku);
      if (!line) continue;
      used.add(line.id);
      for (const fo of open) {
        const foLine = fo.line_items.find((l) => l.line_item_id === line.id && l.fulfillable_quantity > 0);
        if (!foLine) continue;
        const list = byFo.get(fo.id) ?? [];
        list.push({ id: foLine.id, quantity: Math.min(item.quantity, foLine.fulfillable_quantity) });
        byFo.set(fo.id, list);
        break;
      }
    }
    return [...byFo.entries()].map(([id, lines]) => ({ fulfillment_order_id: id, fulfillment_order_line_items: lines }));
  }

  return {
    platform: 'shopify',
    async pushFulfillment(order, shipments) {
      if (!order.externalId) throw new StoreSyncError("The order has no Shopify order id (external id): it cannot be synced", false);
      const pushed: PushedFulfillment[] = [];
      for (const shipment of shipments) {
        const { fulfillment_orders: fos } = await call<{ fulfillment_orders: FulfillmentOrder[] }>(
          order,
          'GET',
          `/orders/${order.externalId}/fulfillment_orders.json`,
        );
        const open = (fos ?? []).filter((fo) => fo.status === 'open' || fo.status === 'in_progress');
        const lines = open.length ? await linesOf(order, shipment, open) : [];
        // Nothing left open for these items: the store already has them fulfilled (a retry after a lost answer).
        if (lines.length === 0) {
          pushed.push({ shipmentId: shipment.id, storeFulfillmentId: null });
          continue;
        }
        const created = await call<{ fulfillment?: { id?: number | string } } | null>(order, 'POST', '/fulfillments.json', {
          fulfillment: {
            line_items_by_fulfillment_order: lines,
            tracking_info: { number: shipment.trackingNumber, company: shipment.carrier, ...(shipment.trackingUrl ? { url: shipment.trackingUrl } : {}) },
            notify_customer: true,
          },
        });
        const id = created?.fulfillment?.id;
        pushed.push({ shipmentId: shipment.id, storeFulfillmentId: id === undefined || id === null ? null : String(id) });
      }
      return pushed;
    },
    async cancelFulfillment(order, shipment) {
      try {
        await call(order, 'POST', `/fulfillments/${encodeURIComponent(shipment.storeFulfillmentId)}/cancel.json`, {});
        return 'cancelled';
      } catch (err) {
        // Shopify refuses to cancel a fulfilment that is cancelled already: the store is where we want it.
        if (err instanceof StoreSyncError && err.status === 422) return 'already-cancelled';
        throw err;
      }
    },
  };
}

registerStoreAdapter(createShopifyAdapter());
