/**
 * Shopify: tracking goes in as a fulfilment of the order's fulfilment orders, through the stores
 * module's GraphQL adapter (modules/stores/shopify: `pushFulfillment` reads the order's
 * fulfillmentOrders, then `fulfillmentCreate` with lineItemsByFulfillmentOrder and trackingInfo).
 * One fulfilment per shipment (Shopify keeps one tracking number per fulfilment); its gid comes back
 * so a cancelled shipment can later cancel it (`fulfillmentCancel`). Fulfilment ids stored before the
 * move to GraphQL (REST numbers) are read as gids.
 */
import { createShopifyApi, ShopifyError } from '../../stores';
import { registerStoreAdapter, StoreSyncError, type PushedFulfillment, type StoreAdapter, type SyncOrder, type SyncShipment } from './store-adapter';

export interface ShopifyOptions {
  /** What stands for `https://{shop}` (origin and path prefix); tests point it at the local fake. */
  baseUrl?: (shopDomain: string) => string;
  fetch?: typeof fetch;
}

/** The adapter's errors as the sync job's: the message, and whether another try may help. */
function asSyncError(err: unknown): never {
  if (err instanceof ShopifyError) throw new StoreSyncError(err.message, err.retryable, err.status);
  throw err;
}

/** The lines a parcel holds: every live item -> the whole order; otherwise its items by SKU. */
function linesOf(order: SyncOrder, shipment: SyncShipment) {
  const live = order.items.filter((i) => i.status !== 'Cancel');
  if (live.every((i) => shipment.itemIds.includes(i.id))) return 'all' as const;
  return live.filter((i) => shipment.itemIds.includes(i.id)).map((i) => ({ sku: i.sku, quantity: i.quantity }));
}

export function createShopifyAdapter(options: ShopifyOptions = {}): StoreAdapter {
  const shopify = createShopifyApi({ baseUrl: options.baseUrl, fetch: options.fetch });
  const shopOf = (order: SyncOrder) => shopify({ shopDomain: order.store.shopDomain, accessToken: order.store.accessToken });

  return {
    platform: 'shopify',
    async pushFulfillment(order, shipments) {
      if (!order.externalId) throw new StoreSyncError('The order has no Shopify order id (external id): it cannot be synced', false);
      const shop = shopOf(order);
      const pushed: PushedFulfillment[] = [];
      for (const shipment of shipments) {
        const created = await shop
          .pushFulfillment({
            orderId: order.externalId,
            lines: linesOf(order, shipment),
            tracking: { number: shipment.trackingNumber, company: shipment.carrier, url: shipment.trackingUrl || undefined },
            notifyCustomer: true,
          })
          .catch(asSyncError);
        // A null id: nothing was left open for these items (a retry after a lost answer).
        pushed.push({ shipmentId: shipment.id, storeFulfillmentId: created.id });
      }
      return pushed;
    },
    async cancelFulfillment(order, shipment) {
      return shopOf(order).cancelFulfillment(shipment.storeFulfillmentId).catch(asSyncError);
    },
  };
}

registerStoreAdapter(createShopifyAdapter());
