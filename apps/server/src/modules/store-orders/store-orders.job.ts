/**
 * The jobs that bring a store's orders in (docs/stores.md, "Orders from stores"):
 * - `store-orders.read` (ORDER_READ_JOB): a webhook delivered an order; apply the copy it carries (or the shop's).
 * - `store-orders.pull`: every order the shop updated since a date, page by page, each applied the same way
 *   (the daily reconciliation of every connected store, and "pull orders since" after Get order API is turned on).
 * One refused order never undoes the others: a pull applies each order in a transaction of its own, a read applies its
 * delivery with the store's other waiting deliveries (store-order-deliveries.ts), one savepoint each when one fails.
 */
import { and, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stores } from '../../db/schema/index';
import type { JobRun } from '../../jobs/queue';
import { ORDER_READ_JOB, endOnRefusedToken, openStoreApi, type StoreOrder, type StorePlatformApi } from '../stores';
import { applyStoreOrder, mappingOf, touchesStore, type ApplyOutcome } from './store-order-apply';
import { NOT_READ, answer, applyDeliveries, applyTogether } from './store-order-deliveries';
import { pullableCondition } from './pullable-stores';
import * as repo from './store-orders.repo';
import { SUBMIT_STORE_ORDER, afterCreate, runSubmit } from './store-order-submit';
import { registerEtsyPullJobs, scheduleEtsyPulls } from './etsy-receipt-pull';

export const PULL_STORE_ORDERS = 'store-orders.pull';
export const RECONCILE_STORE_ORDERS = 'store-orders.reconcile';
/** Every day at 03:17 UTC: orders whose webhooks were lost arrive within a day. */
const RECONCILE_CRON = '17 3 * * *';
/** The reconciliation looks back two days: a day between runs, and a day of margin for a run that failed. */
const RECONCILE_LOOKBACK_MS = 2 * 24 * 3600 * 1000;
/** Orders per page when the platform names none (StorePlatformApi.orderPageSize): Shopify's, about 60 cost points an order with up to 50 lines, well under its 1,000 a query. */
const PAGE_SIZE = 10;

/** What a pull writes in the import log: the orders that arrived, and the ones that did not with the reason. */
const LOGGED = new Set<ApplyOutcome['outcome']>(['created', 'linked', 'skipped']);

type Opened = { store: repo.StoreForOrders; api: StorePlatformApi } | { skipped: string };

async function open(ctx: AppContext, agencyId: string, storeId: string): Promise<Opened> {
  const store = await ctx.db.transaction((tx) => repo.storeForOrders(tx, agencyId, storeId));
  if (!store) return { skipped: 'Store not found' };
  if (store.isDemo) return { skipped: NOT_READ };
  const api = openStoreApi(ctx, store);
  return api ? { store, api } : { skipped: 'The store is not connected' };
}

/**
 * Applies one copy in its own transaction, with the store as it is now (its rules may have changed); a new
 * order whose lines are all mapped is then queued for its submit after the store's delay.
 */
async function apply(ctx: AppContext, store: repo.StoreForOrders, order: StoreOrder): Promise<ApplyOutcome> {
  const { result, current } = await ctx.db.transaction(async (tx) => {
    const now = (await repo.storeForOrders(tx, store.agencyId, store.id)) ?? store;
    const applied = await applyStoreOrder(tx, now, order);
    if (touchesStore(applied)) await repo.touchLastOrder(tx, now.agencyId, now.id);
    return { result: applied, current: now };
  });
  await afterCreate(ctx, ctx.db, current, result);
  return result;
}

/**
 * A pull's page in one transaction, as a read job applies its deliveries (store-order-deliveries.ts): the store as it is
 * now, the mapping read once, the orders found and inserted together, the submits queued, the page's import-log rows
 * written in one statement. Should the page throw (a bug, a lost connection), its orders are applied one by one, each
 * in its own transaction, so one order never holds back the others.
 */
async function applyPage(ctx: AppContext, store: repo.StoreForOrders, orders: StoreOrder[]): Promise<ApplyOutcome[]> {
  const logged = (results: ApplyOutcome[]) => results.flatMap((result, i) => (LOGGED.has(result.outcome) ? [{ order: orders[i]!, result }] : []));
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = (await repo.storeForOrders(tx, store.agencyId, store.id)) ?? store;
      const mapping = now.getOrderApi ? await mappingOf(tx, now, orders) : undefined;
      const results = await applyTogether(tx, now, orders, mapping, false);
      if (results.some(touchesStore)) await repo.touchLastOrder(tx, now.agencyId, now.id);
      for (const result of results) await afterCreate(ctx, tx, now, result);
      await repo.logPulledOrders(tx, now, logged(results));
      return results;
    });
  } catch {
    const results: ApplyOutcome[] = [];
    for (const order of orders) results.push(await apply(ctx, store, order));
    await repo.logPulledOrders(ctx.db, store, logged(results));
    return results;
  }
}

/**
 * One delivery of an order topic (or a read asked for by id): the order its body carries is applied; the shop is
 * asked only when there is no usable body, or when the body is exactly as old as the copy applied (Shopify's
 * timestamps have one-second steps: two changes in one second cannot be told apart by them).
 */
export async function runOrderRead(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const agencyId = run.job.agencyId!;
  const storeId = String(run.job.payload['storeId'] ?? '');
  const orderId = String(run.job.payload['orderId'] ?? '');
  const deliveryId = typeof run.job.payload['deliveryId'] === 'string' ? run.job.payload['deliveryId'] : null;
  // The usual case, in one transaction: the delivery's body applied (with the store's other waiting deliveries),
  // and the deliveries marked with their outcomes.
  const fromBody = deliveryId ? await applyDeliveries(ctx, agencyId, storeId, deliveryId) : null;
  if (fromBody === 'done') return { ok: true, message: 'Already processed' };
  if (fromBody) return answer(fromBody);
  // No usable body (or one as old as the copy applied): the shop's copy, read outside any transaction.
  const opened = await open(ctx, agencyId, storeId);
  if ('skipped' in opened) return finish(ctx, agencyId, deliveryId, { outcome: 'skipped', note: opened.skipped });
  let order: StoreOrder | null;
  try {
    order = await opened.api.getOrder(orderId);
  } catch (err) {
    return endOnRefusedToken(ctx, opened.store, err);
  }
  if (!order) return finish(ctx, agencyId, deliveryId, { outcome: 'skipped', note: `The store no longer has order ${orderId}` });
  return finish(ctx, agencyId, deliveryId, await apply(ctx, opened.store, order));
}

/** The store's import log (its deliveries) says what became of the delivery; its body is not kept once applied. */
async function finish(ctx: AppContext, agencyId: string, deliveryId: string | null, result: Pick<ApplyOutcome, 'outcome' | 'note'> & { orderId?: string }) {
  if (deliveryId) await repo.markDelivery(ctx.db, agencyId, deliveryId, result);
  return answer(result);
}

export async function runOrderPull(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const opened = await open(ctx, run.job.agencyId!, String(run.job.payload['storeId'] ?? ''));
  if ('skipped' in opened) return { ok: false, message: opened.skipped };
  const since = new Date(String(run.job.payload['since'] ?? ''));
  const startedAt = new Date();
  const counts: Record<ApplyOutcome['outcome'], number> = { created: 0, linked: 0, updated: 0, unchanged: 0, skipped: 0, tie: 0 };
  let processed = 0;
  let after: string | null = null;
  try {
    for (;;) {
      const page = await opened.api.listOrders({ first: opened.api.orderPageSize ?? PAGE_SIZE, after, updatedAtMin: Number.isNaN(since.getTime()) ? undefined : since });
      for (const result of await applyPage(ctx, opened.store, page.items)) counts[result.outcome]++;
      processed += page.items.length;
      await run.progress({ processed });
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
  } catch (err) {
    return endOnRefusedToken(ctx, opened.store, err);
  }
  await repo.recordPull(ctx.db, opened.store, startedAt, { processed, created: counts.created, linked: counts.linked, updated: counts.updated });
  return { ok: true, processed, ...counts, message: `${processed} orders read: ${counts.created} created, ${counts.linked} linked, ${counts.updated} updated` };
}

/** Queues a pull of one store's orders since a date (one per store while it waits). */
export async function queuePull(ctx: AppContext, tx: Parameters<AppContext['jobs']['enqueue']>[0], store: { agencyId: string; id: string; sellerTeamId: string }, since: Date, userId: string | null) {
  return ctx.jobs.enqueue(tx, {
    kind: PULL_STORE_ORDERS, payload: { storeId: store.id, since: since.toISOString() }, agencyId: store.agencyId, sellerTeamId: store.sellerTeamId, userId,
    dedupeKey: `pull:${store.id}`,
  });
}

/** The daily reconciliation: a pull of the last two days for every connected platform store of a team that takes store orders. */
async function reconcileAll(ctx: AppContext): Promise<Record<string, unknown>> {
  const due = await ctx.db
    .select({ agencyId: stores.agencyId, id: stores.id, sellerTeamId: stores.sellerTeamId })
    .from(stores)
    .where(and(pullableCondition(),
      sql`exists (select 1 from seller_teams t where t.agency_id = ${stores.agencyId} and t.id = ${stores.sellerTeamId} and t.get_order_api)`));
  const since = new Date(Date.now() - RECONCILE_LOOKBACK_MS);
  for (const store of due) await queuePull(ctx, ctx.db, store, since, null);
  return { ok: true, queued: due.length };
}

export function registerStoreOrderJobs(ctx: AppContext): void {
  // Up to every slot of a process (JOB_CONCURRENCY): a burst of 1,000 orders is through in seconds (docs/benchmarks.md).
  ctx.jobs.register(ORDER_READ_JOB, (run) => runOrderRead(ctx, run), { concurrency: 4 });
  ctx.jobs.register(PULL_STORE_ORDERS, (run) => runOrderPull(ctx, run));
  ctx.jobs.register(RECONCILE_STORE_ORDERS, () => reconcileAll(ctx));
  ctx.jobs.register(SUBMIT_STORE_ORDER, (run) => runSubmit(ctx, run));
  registerEtsyPullJobs(ctx);
}

export async function scheduleStoreOrders(ctx: AppContext): Promise<void> {
  await ctx.jobs.schedule({ name: RECONCILE_STORE_ORDERS, kind: RECONCILE_STORE_ORDERS, cron: RECONCILE_CRON });
  await scheduleEtsyPulls(ctx);
}
