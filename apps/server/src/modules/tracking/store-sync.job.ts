/**
 * The SYNC_TRACKING_TO_STORE job: pushes an order's shipments that are not synced yet to its store
 * through the platform's StoreAdapter, one shipment at a time so a retry does not repeat the ones
 * that went through. A retryable failure (network, 429, 5xx) is thrown back to the queue, which
 * tries again with its backoff (30 s, 60 s, ...); after the last try, or at once for a failure that
 * cannot get better (401, unknown order), the shipments get sync_status 'failed' with the error and
 * the job ends with ok: false. Success sets 'synced', synced_at and orders.sync_at.
 */
import { SYNC_TRACKING_TO_STORE, TRACKING_MSG } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { JobRun } from '../../jobs/queue';
import * as repo from './tracking.repo';
import { StoreSyncError, readStoreConnection, storeAdapterFor, type SyncOrder } from './store-adapters/store-adapter';
import './store-adapters/shopify';

/** Tries per sync job: the first and two retries (queue backoff 30 s, then 60 s). */
const SYNC_ATTEMPTS = 3;

export async function enqueueStoreSync(
  ctx: AppContext,
  tx: Tx,
  job: { orderId: string; agencyId: string; sellerTeamId?: string; userId: string; resetFailed?: boolean },
): Promise<void> {
  if (job.resetFailed) await repo.resetFailedSync(tx, job.orderId);
  if (await repo.hasOpenSyncJob(tx, SYNC_TRACKING_TO_STORE, job.orderId)) return;
  await ctx.jobs.enqueue(tx, {
    kind: SYNC_TRACKING_TO_STORE,
    payload: { orderId: job.orderId },
    agencyId: job.agencyId,
    sellerTeamId: job.sellerTeamId ?? null,
    userId: job.userId,
    maxAttempts: SYNC_ATTEMPTS,
  });
}

export function registerStoreSync(ctx: AppContext): void {
  ctx.jobs.register(SYNC_TRACKING_TO_STORE, (run) => runStoreSync(ctx, run));
}

function asSyncError(err: unknown): StoreSyncError {
  if (err instanceof StoreSyncError) return err;
  return new StoreSyncError(err instanceof Error ? err.message : String(err), true);
}

export async function runStoreSync(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const orderId = String(run.job.payload['orderId'] ?? '');
  const order = await repo.orderForSync(ctx.db, orderId);
  if (!order) return { ok: false, message: TRACKING_MSG.orderNotFound };
  const store = readStoreConnection(order.metadata);
  if (!store) return { ok: true, applicable: false, synced: 0, message: TRACKING_MSG.noStore };
  const shipments = await repo.unsyncedShipments(ctx.db, orderId);
  if (shipments.length === 0) return { ok: true, synced: 0, message: 'Nothing to sync' };
  const adapter = storeAdapterFor(store.platform);
  const items = await repo.itemsOf(ctx.db, orderId);
  const syncOrder: SyncOrder = {
    id: order.id,
    orderName: order.orderName,
    externalId: order.externalId,
    store,
    items: items.map((i) => ({ id: i.id, sku: i.sku, quantity: i.quantity, status: i.status, shipmentId: i.shipmentId })),
  };
  await run.progress({ total: shipments.length, processed: 0, failed: 0 });

  let synced = 0;
  for (const [index, shipment] of shipments.entries()) {
    try {
      if (!adapter) throw new StoreSyncError(`No store adapter for ${store.platform}`, false);
      const itemIds = items.filter((i) => i.shipmentId === shipment.id).map((i) => i.id);
      await adapter.pushFulfillment(syncOrder, [{ id: shipment.id, trackingNumber: shipment.trackingNumber, carrier: shipment.carrier, trackingUrl: shipment.trackingUrl, itemIds }]);
    } catch (err) {
      const error = asSyncError(err);
      if (error.retryable && run.job.attempts < run.job.maxAttempts) throw error;
      const rest = shipments.slice(index);
      await ctx.db.transaction(async (tx) => {
        await repo.markSyncFailed(tx, rest.map((s) => s.id), error.message);
        await syncEvent(tx, order, 'store-sync-failed', `Store sync failed: ${error.message}`, rest.map((s) => s.id));
      });
      await run.progress({ processed: index, failed: rest.length });
      return { ok: false, synced, failed: rest.length, message: error.message };
    }
    await ctx.db.transaction(async (tx) => {
      await repo.markSynced(tx, shipment.id, order.id, new Date());
      await syncEvent(tx, order, 'store-sync', `Tracking ${shipment.trackingNumber} synced to the ${store.platform} store`, [shipment.id]);
    });
    synced++;
    await run.progress({ processed: synced });
  }
  return { ok: true, synced, failed: 0, message: `${synced} shipment${synced === 1 ? '' : 's'} synced` };
}

async function syncEvent(tx: Tx, order: repo.OrderRow, action: string, message: string, shipmentIds: string[]) {
  await repo.insertEvent(tx, {
    orderId: order.id,
    agencyId: order.agencyId,
    kind: 'tracking',
    action,
    message,
    actorEmail: 'store sync',
    data: { shipmentIds },
  });
}
