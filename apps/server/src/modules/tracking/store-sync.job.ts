/**
 * The SYNC_TRACKING_TO_STORE job: pushes an order's live shipments that are not synced yet to its
 * store through the platform's StoreAdapter, one shipment at a time (store-jobs.ts: retries with the
 * queue's backoff, then 'failed' with the error). Success sets 'synced', synced_at, orders.sync_at
 * and the store's fulfilment id (store_fulfillment_id), which a later shipment-cancel needs.
 */
import { SYNC_TRACKING_TO_STORE, TRACKING_MSG } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { JobRun } from '../../jobs/queue';
import * as repo from './tracking.repo';
import { pushEach, storeAdapterOf, STORE_JOB_ATTEMPTS, storeEvent, syncOrderOf } from './store-jobs';
import { enqueueStoreCancel, queueStoreCancels, registerStoreCancel } from './store-cancel.job';

export async function enqueueStoreSync(
  ctx: AppContext,
  tx: Tx,
  job: { orderId: string; agencyId: string; sellerTeamId?: string; userId: string; resetFailed?: boolean },
): Promise<void> {
  if (job.resetFailed) {
    await repo.resetFailedSync(tx, job.orderId);
    // A manual sync also (re)tries the store cancels: they have their own job.
    if ((await repo.pendingStoreCancels(tx, job.orderId)).length > 0) await enqueueStoreCancel(ctx, tx, job);
  }
  if ((await repo.unsyncedShipments(tx, job.orderId)).length === 0) return;
  // One sync per order at a time: while one is queued or running, this request is that job.
  await ctx.jobs.enqueue(tx, {
    kind: SYNC_TRACKING_TO_STORE,
    dedupeKey: `order:${job.orderId}`,
    payload: { orderId: job.orderId },
    agencyId: job.agencyId,
    sellerTeamId: job.sellerTeamId ?? null,
    userId: job.userId,
    maxAttempts: STORE_JOB_ATTEMPTS,
  });
}

/** Registers both store jobs (the sync and the store cancel). */
export function registerStoreSync(ctx: AppContext): void {
  ctx.jobs.register(SYNC_TRACKING_TO_STORE, (run) => runStoreSync(ctx, run));
  registerStoreCancel(ctx);
}

export async function runStoreSync(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const orderId = String(run.job.payload['orderId'] ?? '');
  const order = await repo.orderForSync(ctx.db, orderId);
  if (!order) return { ok: false, message: TRACKING_MSG.orderNotFound };
  const store = await storeAdapterOf(ctx, order);
  if (!store) return { ok: true, applicable: false, synced: 0, message: TRACKING_MSG.noStore };
  const shipments = await repo.unsyncedShipments(ctx.db, orderId);
  if (shipments.length === 0) return { ok: true, synced: 0, message: 'Nothing to sync' };
  const items = await repo.itemsOf(ctx.db, orderId);
  const syncOrder = syncOrderOf(order, items);

  const outcome = await pushEach(ctx, run, order, shipments, {
    failure: ['store-sync-failed', 'Store sync failed'],
    async push(shipment) {
      const itemIds = items.filter((i) => i.shipmentId === shipment.id).map((i) => i.id);
      const [pushed] = await store.pushFulfillment(syncOrder, [
        { id: shipment.id, trackingNumber: shipment.trackingNumber, carrier: shipment.carrier, trackingUrl: shipment.trackingUrl, itemIds },
      ]);
      return pushed?.storeFulfillmentId ?? null;
    },
    async saved(tx, shipment, storeFulfillmentId) {
      const row = await repo.markSynced(tx, shipment.id, order.id, new Date(), storeFulfillmentId);
      const message = `Tracking ${shipment.trackingNumber} synced to the ${store.platform} store`;
      await storeEvent(tx, order, 'store-sync', message, { shipmentIds: [shipment.id], storeFulfillmentId: row.storeFulfillmentId });
      // Cancelled while its fulfilment was being created: the store now has a fulfilment to cancel.
      if (row.status === 'Cancel') await queueStoreCancels(ctx, tx, order, [row.id], run.job.userId);
    },
  });
  if (outcome.failed) return { ok: false, synced: outcome.done, failed: outcome.failed, message: outcome.message };
  return { ok: true, synced: outcome.done, failed: 0, message: `${outcome.done} shipment${outcome.done === 1 ? '' : 's'} synced` };
}
