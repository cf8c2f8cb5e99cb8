/**
 * What the two store jobs share (store-sync.job.ts pushes fulfilments, store-cancel.job.ts cancels
 * them): the retry policy, the order as an adapter sees it, the timeline row, and the loop that
 * pushes shipments one at a time so a retry never repeats one that went through.
 */
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { JobRun } from '../../jobs/queue';
import { findStore, openStoreApi } from '../stores';
import * as repo from './tracking.repo';
import { StoreSyncError, type StoreAdapter, type SyncOrder } from './store-adapters/store-adapter';
import { platformAdapter } from './store-adapters/platform-adapter';

/** Tries per store job: the first and two retries (queue backoff 30 s, then 60 s). */
export const STORE_JOB_ATTEMPTS = 3;

export function syncOrderOf(order: repo.OrderRow, items: repo.ItemRow[]): SyncOrder {
  return {
    id: order.id,
    orderName: order.orderName,
    externalId: order.externalId,
    items: items.map((i) => ({ id: i.id, sku: i.sku, quantity: i.quantity, status: i.status, shipmentId: i.shipmentId })),
  };
}

/**
 * The order's store as an adapter (credentials opened, the platform's API behind it), or null: no store, a manual
 * one, or it was disconnected (the app was uninstalled: its token is void). With the local fakes configured
 * (STORE_FAKES_URL, refused in production) platform calls go there, as the stores module's do.
 */
export async function storeAdapterOf(ctx: AppContext, order: Pick<repo.OrderRow, 'agencyId' | 'storeId'>): Promise<StoreAdapter | null> {
  if (!order.storeId) return null;
  const store = await findStore(ctx.db, { agencyId: order.agencyId }, order.storeId);
  const api = store && openStoreApi(ctx, store);
  return api ? platformAdapter(store.platform, api) : null;
}

function asSyncError(err: unknown): StoreSyncError {
  if (err instanceof StoreSyncError) return err;
  return new StoreSyncError(err instanceof Error ? err.message : String(err), true);
}

/** A timeline row of the order (kind 'tracking'), written by the store jobs rather than a person. */
export async function storeEvent(tx: Tx, order: repo.OrderRow, action: string, message: string, data: { shipmentIds: string[] } & Record<string, unknown>) {
  await repo.insertEvent(tx, {
    orderId: order.id,
    agencyId: order.agencyId,
    kind: 'tracking',
    action,
    message,
    actorEmail: 'store sync',
    data,
  });
}

export interface PushStep<S extends repo.ShipmentRow, R> {
  /** The timeline action and message prefix when shipments end failed, e.g. ['store-sync-failed', 'Store sync failed']. */
  failure: [action: string, text: string];
  /** Talks to the store for one shipment; throws StoreSyncError. */
  push(shipment: S): Promise<R>;
  /** Records one shipment's success, in its own transaction (so a later failure does not undo it). */
  saved(tx: Tx, shipment: S, result: R): Promise<void>;
}

/**
 * Pushes the shipments one at a time. A retryable failure (network, 429, 5xx) before the last try
 * is thrown back to the queue, which tries again with its backoff; after the last try, or at once
 * for a failure that cannot get better, the shipments not done get sync_status 'failed' with the
 * error and a timeline row.
 */
export async function pushEach<S extends repo.ShipmentRow, R>(
  ctx: AppContext,
  run: JobRun,
  order: repo.OrderRow,
  shipments: S[],
  step: PushStep<S, R>,
): Promise<{ done: number; failed: number; message?: string }> {
  await run.progress({ total: shipments.length, processed: 0, failed: 0 });
  let done = 0;
  for (const [index, shipment] of shipments.entries()) {
    let result: R;
    try {
      result = await step.push(shipment);
    } catch (err) {
      const error = asSyncError(err);
      if (error.retryable && run.job.attempts < run.job.maxAttempts) throw error;
      const rest = shipments.slice(index).map((s) => s.id);
      await ctx.db.transaction(async (tx) => {
        await repo.markSyncFailed(tx, rest, error.message);
        await storeEvent(tx, order, step.failure[0], `${step.failure[1]}: ${error.message}`, { shipmentIds: rest });
      });
      await run.progress({ processed: index, failed: rest.length });
      return { done, failed: rest.length, message: error.message };
    }
    await ctx.db.transaction((tx) => step.saved(tx, shipment, result));
    done++;
    await run.progress({ processed: done });
  }
  return { done, failed: 0 };
}
