/**
 * A read job applies its delivery together with the store's other waiting deliveries (docs/stores.md, "Orders from
 * stores"; docs/benchmarks.md, "Stores"): a burst of orders costs, per batch rather than per order, one job claim, one
 * read of the store and of the mapping, one lock of the orders' keys and one look-up of their orders, one insert each of
 * the new orders, their items and their timeline events, and one import-log update. The other deliveries' jobs are
 * taken (no worker claims them meanwhile) and end done with the delivery's outcome in the same transaction.
 *
 * Each order is applied as it would be alone: in received order, with the store as it is in this transaction. A first
 * pass runs without savepoints (an error is rare: a bug, a lost connection); when it throws, the batch is applied
 * again with a savepoint per delivery, so one failing order never undoes another: a failing delivery of another job
 * is left to that job (its own attempts and backoff), the job's own failure is thrown once the others are committed.
 */
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { MappedVariant } from '../products';
import { ORDER_READ_JOB, webhookOrderFor, type StoreOrder } from '../stores';
import { applyFound, applyStoreOrder, externalIdOf, insertCreated, mappingOf, touchesStore, type ApplyOutcome, type PendingCreate } from './store-order-apply';
import { afterCreate } from './store-order-submit';
import * as repo from './store-orders.repo';

/** Deliveries one read job applies at most (its own and the store's waiting ones). */
export const DELIVERY_BATCH = 50;

export const NOT_READ = 'A demo store: its orders are not read';

/** 'done': the job's delivery was handled already; null: the shop must be asked (no usable body, or a tie). */
export type DeliveryOutcome = ApplyOutcome | 'done' | null;

export const answer = (result: Pick<ApplyOutcome, 'outcome' | 'note'> & { orderId?: string }) => ({ ok: true, outcome: result.outcome, orderId: result.orderId, message: result.note });

type Delivery = NonNullable<Awaited<ReturnType<typeof repo.lockDelivery>>>;
type Pass = { own: DeliveryOutcome; ownError?: unknown };

/** Applies the job's delivery (and the store's waiting ones) and marks them; see the file's comment. */
export async function applyDeliveries(ctx: AppContext, agencyId: string, storeId: string, deliveryId: string): Promise<DeliveryOutcome> {
  let batched = false;
  let pass: Pass;
  try {
    pass = await ctx.db.transaction((tx) => applyBatch(ctx, tx, agencyId, storeId, deliveryId, false, (n) => (batched = n > 1)));
  } catch (err) {
    // Alone, the error is the job's own: thrown (the job is retried); in a batch, the batch again with savepoints.
    if (!batched) throw err;
    pass = await ctx.db.transaction((tx) => applyBatch(ctx, tx, agencyId, storeId, deliveryId, true, () => undefined));
  }
  if (pass.ownError !== undefined) throw pass.ownError;
  return pass.own;
}

async function applyBatch(
  ctx: AppContext, tx: Tx, agencyId: string, storeId: string, deliveryId: string, savepoints: boolean, sized: (n: number) => void,
): Promise<Pass> {
  const own = await repo.lockDelivery(tx, agencyId, deliveryId);
  if (own?.status !== 'received') return { own: 'done' };
  // The store's other deliveries waiting for their job, oldest first; their jobs are held by this transaction.
  const taken = await ctx.jobs.take(tx, ORDER_READ_JOB, { agencyId, payload: { storeId } }, DELIVERY_BATCH - 1);
  const jobOf = new Map(taken.flatMap((j) => (typeof j.payload['deliveryId'] === 'string' ? [[j.payload['deliveryId'], j.id] as const] : [])));
  const others = (await repo.lockDeliveries(tx, agencyId, [...jobOf.keys()])).filter((d) => d.id !== deliveryId);
  const deliveries = [own, ...others].sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.id.localeCompare(b.id));
  sized(deliveries.length);

  const jobsDone: { id: string; result: Record<string, unknown> }[] = [];
  // A delivery another job's batch handled meanwhile: its job has nothing left to do.
  for (const d of others) if (d.status !== 'received') jobsDone.push({ id: jobOf.get(d.id)!, result: { ok: true, message: 'Already processed' } });
  const store = await repo.storeForOrders(tx, agencyId, storeId);
  const waiting = deliveries.flatMap((d) => {
    const order = store && d.status === 'received' && d.payload ? webhookOrderFor(store.platform, d.payload) : null;
    return order ? [{ delivery: d, order }] : [];
  });

  const orders = waiting.map((w) => w.order);
  let results: (ApplyOutcome | { error: unknown })[];
  if (!store || store.isDemo) {
    results = orders.map(() => ({ outcome: 'skipped', note: NOT_READ }));
  } else {
    const mapping = store.getOrderApi ? await mappingOf(tx, store, orders) : undefined;
    if (savepoints) {
      results = [];
      for (const order of orders) {
        results.push(await tx.transaction(async (sp) => {
          const result = await applyStoreOrder(sp, store, order, { fromWebhook: true, mapping });
          await afterCreate(ctx, sp, store, result);
          return result;
        }).catch((error: unknown) => ({ error })));
      }
    } else {
      const together = await applyTogether(tx, store, orders, mapping);
      for (const result of together) await afterCreate(ctx, tx, store, result);
      results = together;
    }
  }

  const handled: { delivery: Delivery; result: ApplyOutcome }[] = [];
  let ownError: unknown;
  for (const [i, { delivery }] of waiting.entries()) {
    const result = results[i]!;
    if ('error' in result) {
      if (delivery.id === deliveryId) ownError = result.error;
    } else if (result.outcome !== 'tie') {
      // A tie is left unmarked: the delivery's job asks the shop (for this job's own, runOrderRead does).
      handled.push({ delivery, result });
    }
  }

  if (store && handled.some((h) => touchesStore(h.result))) await repo.touchLastOrder(tx, agencyId, storeId);
  await repo.markDeliveries(tx, agencyId, handled.map((h) => ({ id: h.delivery.id, result: h.result })));
  for (const h of handled) if (h.delivery.id !== deliveryId) jobsDone.push({ id: jobOf.get(h.delivery.id)!, result: answer(h.result) });
  await ctx.jobs.completeTaken(tx, jobsDone);
  const mine = handled.find((h) => h.delivery.id === deliveryId);
  return { own: mine?.result ?? null, ownError };
}

/**
 * The batch's orders applied in received order with few statements: their keys locked and their orders (or file
 * twins) found in one statement each, their new orders inserted together (a read job's deliveries, a pull's page:
 * `fromWebhook` false, a copy read from the shop is applied on a tie). A second copy of an order (or of a name)
 * in the batch first writes what is pending, then finds its order again, so it sees what the first copy did.
 */
export async function applyTogether(
  tx: Tx, store: repo.StoreForOrders, orders: StoreOrder[], mapping: Map<string, MappedVariant> | undefined, fromWebhook = true,
): Promise<ApplyOutcome[]> {
  const keys = orders.map(externalIdOf);
  await repo.lockStoreOrderKeys(tx, store.id, keys);
  const found = await repo.lockKnownOrTwins(tx, store, keys, orders.map((o) => o.name));
  const results: ApplyOutcome[] = [];
  let pending: { index: number; create: PendingCreate }[] = [];
  const flush = async () => {
    const created = await insertCreated(tx, pending.map((p) => p.create));
    pending.forEach((p, i) => (results[p.index] = created[i]!));
    pending = [];
  };
  const seen = new Set<string>();
  for (const [index, order] of orders.entries()) {
    const key = keys[index]!;
    const again = seen.has(`id:${key}`) || (!!order.name && seen.has(`name:${order.name}`));
    seen.add(`id:${key}`).add(`name:${order.name}`);
    if (again) await flush();
    const known = again ? await repo.lockKnownOrTwin(tx, store, key, order.name) : { known: found.known.get(key), twin: found.twins.get(order.name) };
    const next = await applyFound(tx, store, order, known, { fromWebhook, mapping });
    if ('pending' in next) pending.push({ index, create: next.pending });
    else results[index] = next;
  }
  await flush();
  return results;
}
