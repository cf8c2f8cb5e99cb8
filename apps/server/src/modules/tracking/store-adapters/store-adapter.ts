/**
 * How tracking reaches a seller's store: the store's platform API (modules/stores openStoreApi) seen through
 * platform-adapter.ts. The sync jobs (store-sync.job.ts, store-cancel.job.ts) only talk to this interface.
 */

/** What an adapter needs of an order: its store, the store's own order id, and its items. */
export interface SyncOrder {
  id: string;
  orderName: string;
  /** The store's order id (orders.external_id). */
  externalId: string | null;
  items: { id: string; sku: string; quantity: number; status: string; shipmentId: string | null }[];
}

export interface SyncShipment {
  id: string;
  trackingNumber: string;
  carrier: string;
  trackingUrl: string;
  itemIds: string[];
}

/** What a push created for one shipment: the store's fulfilment id, or null when it created none. */
export interface PushedFulfillment {
  shipmentId: string;
  /**
   * Null when the store already had the items fulfilled (a retry after a lost answer): the sync
   * keeps the id it stored before, if any.
   */
  storeFulfillmentId: string | null;
}

/** A shipment whose store fulfilment is to be cancelled. */
export interface CancelShipment {
  id: string;
  trackingNumber: string;
  storeFulfillmentId: string;
}

export interface StoreAdapter {
  platform: string;
  /** Creates the store's fulfilment of each shipment, with its tracking; throws StoreSyncError. */
  pushFulfillment(order: SyncOrder, shipments: SyncShipment[]): Promise<PushedFulfillment[]>;
  /**
   * Cancels the store's fulfilment of a cancelled shipment; 'already-cancelled' when the store says
   * it was cancelled before (a retry after a lost answer, or a merchant who did it by hand). Throws
   * StoreSyncError.
   */
  cancelFulfillment(order: SyncOrder, shipment: CancelShipment): Promise<'cancelled' | 'already-cancelled'>;
}

/**
 * A failed push. `retryable` errors (network, timeouts, 429, 5xx) go back to the queue with its
 * backoff; the others (bad token, unknown order, refused payload) would fail the same way again.
 * `status` is the store's HTTP answer, when there was one.
 */
export class StoreSyncError extends Error {
  constructor(
    message: string,
    public readonly retryable: boolean,
    public readonly status?: number,
  ) {
    super(message);
  }
}
