/**
 * The CANCEL_STORE_FULFILLMENT job: when a shipment-cancel cancels parcels whose fulfilment the
 * store already has (synced, with store_fulfillment_id), the store's fulfilments are cancelled too,
 * with the same queue and retry policy as the sync (store-jobs.ts).
 *
 * sync_status of a cancelled shipment says whether the store knows of the cancel: 'pending' while
 * the cancel waits, 'synced' (with synced_at) once the store's fulfilment is cancelled (or was
 * already), 'failed' with sync_error when the store refused it or kept failing.
 */
import { TRACKING_MSG } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { JobRun } from '../../jobs/queue';
import * as repo from './tracking.repo';
import { pushEach, storeAdapterOf, STORE_JOB_ATTEMPTS, storeEvent, syncOrderOf } from './store-jobs';

export const CANCEL_STORE_FULFILLMENT = 'CANCEL_STORE_FULFILLMENT';

/**
 * Inside the transaction that cancelled these shipments: those the store has a fulfilment of wait
 * for the store cancel, and the job is queued. An order without a store connection pushes nothing.
 * Answers how many shipments wait.
 */
export async function queueStoreCancels(
  ctx: AppContext,
  tx: Tx,
  order: Pick<repo.OrderRow, 'id' | 'agencyId' | 'sellerTeamId' | 'storeId'>,
  shipmentIds: string[],
  userId: string | null,
): Promise<number> {
  if (shipmentIds.length === 0 || !order.storeId) return 0;
  const waiting = await repo.markCancelPending(tx, shipmentIds);
  if (waiting.length > 0) await enqueueStoreCancel(ctx, tx, { orderId: order.id, agencyId: order.agencyId, sellerTeamId: order.sellerTeamId, userId });
  return waiting.length;
}

export async function enqueueStoreCancel(
  ctx: AppContext,
  tx: Tx,
  job: { orderId: string; agencyId: string; sellerTeamId?: string; userId: string | null },
): Promise<void> {
  // Only a queued job makes another one useless: a running one may have read its list before these
  // shipments joined it. Two at once are harmless, a second cancel of a fulfilment is "already cancelled".
  if (await repo.hasOpenSyncJob(tx, CANCEL_STORE_FULFILLMENT, job.orderId, ['queued'])) return;
  await ctx.jobs.enqueue(tx, {
    kind: CANCEL_STORE_FULFILLMENT,
    payload: { orderId: job.orderId },
    agencyId: job.agencyId,
    sellerTeamId: job.sellerTeamId ?? null,
    userId: job.userId,
    maxAttempts: STORE_JOB_ATTEMPTS,
  });
}

export function registerStoreCancel(ctx: AppContext): void {
  ctx.jobs.register(CANCEL_STORE_FULFILLMENT, (run) => runStoreCancel(ctx, run));
}

export async function runStoreCancel(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const orderId = String(run.job.payload['orderId'] ?? '');
  const order = await repo.orderForSync(ctx.db, orderId);
  if (!order) return { ok: false, message: TRACKING_MSG.orderNotFound };
  const store = await storeAdapterOf(ctx, order);
  if (!store) return { ok: true, applicable: false, cancelled: 0, message: TRACKING_MSG.noStore };
  const shipments = await repo.pendingStoreCancels(ctx.db, orderId);
  if (shipments.length === 0) return { ok: true, cancelled: 0, message: 'Nothing to cancel' };
  const syncOrder = syncOrderOf(order, await repo.itemsOf(ctx.db, orderId));

  const outcome = await pushEach(ctx, run, order, shipments, {
    failure: ['store-cancel-failed', 'Store cancel failed'],
    push: (shipment) =>
      store.cancelFulfillment(syncOrder, { id: shipment.id, trackingNumber: shipment.trackingNumber, storeFulfillmentId: shipment.storeFulfillmentId }),
    async saved(tx, shipment, how) {
      await repo.markCancelSynced(tx, shipment.id, new Date());
      const message =
        how === 'already-cancelled'
          ? `The ${store.platform} store's fulfilment of tracking ${shipment.trackingNumber} was already cancelled`
          : `Fulfilment of tracking ${shipment.trackingNumber} cancelled in the ${store.platform} store`;
      await storeEvent(tx, order, 'store-cancel', message, { shipmentIds: [shipment.id], storeFulfillmentId: shipment.storeFulfillmentId });
    },
  });
  if (outcome.failed) return { ok: false, cancelled: outcome.done, failed: outcome.failed, message: outcome.message };
  return { ok: true, cancelled: outcome.done, failed: 0, message: `${outcome.done} store fulfilment${outcome.done === 1 ? '' : 's'} cancelled` };
}
