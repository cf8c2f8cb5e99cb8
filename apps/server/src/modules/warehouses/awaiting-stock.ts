/**
 * Orders held with the reason 'awaiting stock' are re-checked after every receipt (docs/warehouses.md "Orders"): a
 * receipt enqueues one job per agency (a second receipt while it waits joins it); the order module runs it
 * (order-commands registers the handler: it owns the order's transitions and charge).
 */
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';

export const AWAITING_STOCK_JOB = 'warehouses.awaiting-stock';

export async function recheckAwaitingStock(ctx: AppContext, agencyId: string, db: Db | Tx = ctx.db): Promise<void> {
  await ctx.jobs.enqueue(db, { kind: AWAITING_STOCK_JOB, payload: { agencyId }, agencyId, dedupeKey: agencyId });
}
