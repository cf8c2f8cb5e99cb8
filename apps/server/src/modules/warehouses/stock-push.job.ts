/**
 * Stock pushed to the shops (docs/warehouses.md "Alerts and store stock"): every movement batch that changes what is
 * available queues, in its own transaction, one job per owning team (a second batch while it waits joins it). The job
 * sets each of the team's store variants mapped to a warehouse product to that product's available units, summed over
 * the agency's active warehouses, through the store's platform (`pushInventory`, absolute values: a retry is
 * harmless), one call per store. Manual stores and stores not connected are skipped; throttling, 5xx and the network
 * are thrown once every store was tried (the queue tries again); a refusal is the job's result (a refused token also
 * marks the store).
 */
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { products, productVariants, stockLevels, stores, warehouseProducts, warehouses } from '../../db/schema/index';
import { insertJob } from '../../jobs/enqueue';
import type { JobRun } from '../../jobs/queue';
import { LOW_STOCK_MAIL_JOB, runLowStockMail } from './stock-alerts';
import { StoreApiError, endOnRefusedToken, openStoreApi, type InventoryUpdate, type StorePlatformApi } from '../stores';

export const STOCK_PUSH_JOB = 'warehouses.stock-push';

const pushKey = (agencyId: string, ownerTeamId: string) => `${agencyId}:${ownerTeamId}`;

/**
 * Queues the team's push in the caller's transaction. A push already running may have read the levels before this
 * batch commits, so joining it would lose the batch: then one follow-up waits behind it (its own key), which reads
 * after this commit.
 */
export async function queueStockPush(tx: Db | Tx, agencyId: string, ownerTeamId: string): Promise<void> {
  const base = { kind: STOCK_PUSH_JOB, agencyId, sellerTeamId: ownerTeamId, payload: { agencyId, ownerTeamId } };
  const job = await insertJob(tx, { ...base, dedupeKey: pushKey(agencyId, ownerTeamId) });
  if (job.status === 'running') await insertJob(tx, { ...base, dedupeKey: `${pushKey(agencyId, ownerTeamId)}:next` });
}

/** The team's store variants mapped to a warehouse product, with their shop's ids. */
async function mappedVariants(db: Db, agencyId: string, ownerTeamId: string) {
  return db
    .select({
      storeId: products.storeId, productId: products.id, productServerId: products.serverId, variantServerId: productVariants.serverId,
      sku: productVariants.sku, warehouseProductId: productVariants.warehouseProductId,
    })
    .from(productVariants)
    .innerJoin(products, and(eq(products.agencyId, productVariants.agencyId), eq(products.id, productVariants.productId)))
    .innerJoin(warehouseProducts, and(eq(warehouseProducts.agencyId, productVariants.agencyId), eq(warehouseProducts.id, productVariants.warehouseProductId)))
    .where(and(
      eq(productVariants.agencyId, agencyId), isNotNull(productVariants.warehouseProductId), eq(warehouseProducts.ownerTeamId, ownerTeamId),
      eq(products.sellerTeamId, ownerTeamId), isNotNull(products.storeId),
    ));
}

/** Available units of each product: on hand less reserved, summed over the agency's active warehouses. */
export async function availableInActiveWarehouses(db: Db | Tx, agencyId: string, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: stockLevels.warehouseProductId, available: sql<number>`coalesce(sum(${stockLevels.onHand} - ${stockLevels.reserved}), 0)::int` })
    .from(stockLevels)
    .innerJoin(warehouses, and(eq(warehouses.agencyId, stockLevels.agencyId), eq(warehouses.id, stockLevels.warehouseId), eq(warehouses.active, true)))
    .where(and(eq(stockLevels.agencyId, agencyId), inArray(stockLevels.warehouseProductId, productIds)))
    .groupBy(stockLevels.warehouseProductId);
  return new Map(rows.map((r) => [r.id, Math.max(0, Number(r.available))]));
}

/** Etsy renews its variant ids on each inventory write: our rows follow by SKU (the other platforms keep theirs). */
async function followEtsyIds(ctx: AppContext, agencyId: string, api: StorePlatformApi, pushed: { productId: string; productServerId: string }[]) {
  for (const { productId, productServerId } of new Map(pushed.map((p) => [p.productId, p])).values()) {
    const fresh = await api.getProduct(productServerId);
    for (const v of fresh?.variants ?? []) {
      const id = v.legacyId ?? v.id;
      if (!v.sku) continue;
      await ctx.db.update(productVariants).set({ serverId: id })
        .where(and(eq(productVariants.agencyId, agencyId), eq(productVariants.productId, productId), eq(productVariants.sku, v.sku), ne(productVariants.serverId, id)));
    }
  }
}

export async function runStockPush(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const agencyId = String(run.job.payload['agencyId'] ?? run.job.agencyId ?? '');
  const ownerTeamId = String(run.job.payload['ownerTeamId'] ?? run.job.sellerTeamId ?? '');
  const variants = (await mappedVariants(ctx.db, agencyId, ownerTeamId)).filter((v) => v.productServerId && v.variantServerId);
  if (variants.length === 0) return { ok: true, stores: 0, pushed: 0 };
  const available = await availableInActiveWarehouses(ctx.db, agencyId, [...new Set(variants.map((v) => v.warehouseProductId!))]);
  const storeRows = await ctx.db.select().from(stores)
    .where(and(eq(stores.agencyId, agencyId), eq(stores.sellerTeamId, ownerTeamId), inArray(stores.id, [...new Set(variants.map((v) => v.storeId!))])));
  const counts = { stores: 0, skipped: 0, pushed: 0, failed: 0 };
  const messages: string[] = [];
  let retry: unknown = null;
  for (const store of storeRows) {
    const api = store.platform === 'manual' || store.status !== 'connected' ? null : openStoreApi(ctx, store);
    if (!api) {
      counts.skipped++;
      continue;
    }
    const mine = variants.filter((v) => v.storeId === store.id);
    const items: InventoryUpdate[] = mine.map((v) => ({
      productId: v.productServerId!, variantId: v.variantServerId!, sku: v.sku ?? undefined, quantity: available.get(v.warehouseProductId!) ?? 0,
    }));
    try {
      await api.pushInventory(items);
      if (store.platform === 'etsy') await followEtsyIds(ctx, agencyId, api, mine.map((v) => ({ productId: v.productId, productServerId: v.productServerId! })));
      counts.stores++;
      counts.pushed += items.length;
    } catch (err) {
      counts.failed++;
      if (err instanceof StoreApiError && err.retryable) retry = err;
      else if (err instanceof StoreApiError) messages.push(`${store.name}: ${(await endOnRefusedToken(ctx, store, err).catch(() => ({ message: err.message }))).message}`);
      else throw err;
    }
  }
  // Every store was tried; what a shop could not take now is tried again (absolute values: the others take it twice harmlessly).
  if (retry) throw retry;
  return { ok: counts.failed === 0, ...counts, message: messages.length ? messages.join('; ') : `${counts.pushed} variants pushed` };
}

/** The stock push and the low-stock mail (stock-alerts.ts): both queued by the stock ledger. */
export function registerStockJobs(ctx: AppContext): void {
  ctx.jobs.register(STOCK_PUSH_JOB, (run) => runStockPush(ctx, run));
  ctx.jobs.register(LOW_STOCK_MAIL_JOB, (run) => runLowStockMail(ctx, run));
}
