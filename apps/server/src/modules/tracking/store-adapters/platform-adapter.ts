/**
 * Tracking through a store's platform API (modules/stores, StorePlatformApi): one fulfilment per shipment, as
 * every platform keeps one tracking number per fulfilment (Shopify: fulfilmentCreate on the order's fulfilment
 * orders; WooCommerce: a Shipment Tracking item, the order completed, a customer note; Etsy: a receipt
 * shipment). The platform's id of it comes back so a cancelled shipment can cancel it later.
 */
import { StoreApiError, type StorePlatformApi } from '../../stores';
import { StoreSyncError, type PushedFulfillment, type StoreAdapter, type SyncOrder, type SyncShipment } from './store-adapter';

/** The platform's errors as the sync job's: the message, and whether another try may help. */
function asSyncError(err: unknown): never {
  if (err instanceof StoreApiError) throw new StoreSyncError(err.message, err.retryable, err.status);
  throw err;
}

/** The lines a parcel holds: every live item -> the whole order; otherwise its items by SKU. */
function linesOf(order: SyncOrder, shipment: SyncShipment) {
  const live = order.items.filter((i) => i.status !== 'Cancel');
  if (live.every((i) => shipment.itemIds.includes(i.id))) return 'all' as const;
  return live.filter((i) => shipment.itemIds.includes(i.id)).map((i) => ({ sku: i.sku, quantity: i.quantity }));
}

export function platformAdapter(platform: string, api: StorePlatformApi): StoreAdapter {
  return {
    platform,
    async pushFulfillment(order, shipments) {
      if (!order.externalId) throw new StoreSyncError(`The order has no ${platform} order id (external id): it cannot be synced`, false);
      const pushed: PushedFulfillment[] = [];
      for (const shipment of shipments) {
        const created = await api
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
    async cancelFulfillment(_order, shipment) {
      return api.cancelFulfillment(shipment.storeFulfillmentId).catch(asSyncError);
    },
  };
}
