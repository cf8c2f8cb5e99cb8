/**
 * Products from the shops (docs/stores.md, "Products"): a store's sync job pulls every product page by
 * page (a progress bar: the shop's count is its total), and a webhook's product is read again by a job of
 * its own (`products/create`, `products/update` and `products/delete` all say only "look at product N").
 * Writes are keyed by the shop's ids (products.repo upsertStoreProduct): any number, and any order, of
 * syncs and deliveries leaves one row per product, with the shop's latest copy.
 */
import { and, eq, isNotNull, lt, or, isNull } from 'drizzle-orm';
import { PRODUCT_MSG, STORE_MSG, type Actor } from '@fbo/shared';
import type { AppContext } from '../../context';
import { products, stores } from '../../db/schema/index';
import { rollUpMappingStatus } from './product-mapping-status';
import { queueImageCopy } from '../product-images';
import { badRequest, notFound } from '../../lib/errors';
import type { JobRun } from '../../jobs/queue';
import { PRODUCT_READ_JOB, endOnRefusedToken, findStore, openStoreApi, sellerScope, type StorePlatformApi, type StoreProduct } from '../stores';
import * as repo from './products.repo';
import { registerProductExports } from './product-export';

export const SYNC_STORE_PRODUCTS = 'products.sync-store';

/**
 * Products per page read from the shop: Shopify refuses a query whose requested cost passes 1,000 points,
 * and each product asks for up to 50 variants and its images (about 61 points): 10 a page costs ~612.
 */
const PAGE_SIZE = 10;

/** POST /api/stores/{id}/sync-products: the seller asks for a sync of its store's products. */
export async function requestStoreSync(ctx: AppContext, actor: Actor, storeId: string) {
  const scope = sellerScope(actor);
  const store = await findStore(ctx.db, scope, storeId);
  if (!store) throw notFound(STORE_MSG.notFound);
  if (store.platform === 'manual') throw badRequest(PRODUCT_MSG.syncManual);
  if (store.isDemo) throw badRequest(PRODUCT_MSG.syncDemo);
  if (store.status !== 'connected') throw badRequest(PRODUCT_MSG.syncNotConnected);
  const job = await ctx.db.transaction(async (tx) => {
    await repo.markSyncRequested(tx, store, new Date());
    // A second click while it runs answers the running job.
    return ctx.jobs.enqueue(tx, {
      kind: SYNC_STORE_PRODUCTS, payload: { storeId }, agencyId: store.agencyId, sellerTeamId: store.sellerTeamId, userId: actor.userId, dedupeKey: `store:${storeId}`,
    });
  });
  ctx.jobs.kick();
  return { message: PRODUCT_MSG.syncStarted, jobId: job.id };
}

type Loaded = { store: repo.SyncStore; api: StorePlatformApi } | { skipped: string };

async function open(ctx: AppContext, agencyId: string, storeId: string): Promise<Loaded> {
  const store = await findStore(ctx.db, { agencyId }, storeId);
  if (!store) return { skipped: STORE_MSG.notFound };
  const api = openStoreApi(ctx, store);
  return api ? { store, api } : { skipped: PRODUCT_MSG.syncNotConnected };
}

/** A product page can hold a product with more variants than one read returns: that one is read alone. */
async function complete(api: Extract<Loaded, { api: unknown }>['api'], p: StoreProduct): Promise<StoreProduct> {
  if (!p.variantsTruncated) return p;
  return (await api.getProduct(p.legacyId ?? p.id)) ?? p;
}

export async function runStoreSync(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const loaded = await open(ctx, run.job.agencyId!, String(run.job.payload['storeId'] ?? ''));
  if ('skipped' in loaded) return { ok: false, message: loaded.skipped };
  const { store, api } = loaded;
  const startedAt = new Date();
  const counts = { created: 0, updated: 0, unchanged: 0, removed: 0 };
  let processed = 0;
  try {
    await run.progress({ total: await api.countProducts(), processed: 0 });
    let after: string | null = null;
    for (;;) {
      const page = await api.listProducts({ first: PAGE_SIZE, after });
      const full = await Promise.all(page.items.map((p) => complete(api, p)));
      await ctx.db.transaction(async (tx) => {
        const written: string[] = [];
        for (const p of full) {
          const { outcome, id } = await repo.upsertStoreProduct(tx, store, p, { now: new Date(), requestedAt: run.job.createdAt });
          counts[outcome === 'stale' ? 'unchanged' : outcome]++;
          if (id) written.push(id);
        }
        // A variant the shop added is not mapped yet, one it removed no longer counts.
        await rollUpMappingStatus(tx, store.agencyId, written);
        // The shop's images are copied to our storage at 992 x 992 (a copy already made is found again, not fetched).
        await queueImageCopy(ctx, store.agencyId, written, tx);
      });
      processed += page.items.length;
      await run.progress({ processed });
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
  } catch (err) {
    return endOnRefusedToken(ctx, store, err);
  }
  // Products this run did not see are gone from the shop; so is a product deleted while no webhook came.
  counts.removed = await ctx.db.transaction(async (tx) => {
    const gone = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.agencyId, store.agencyId), eq(products.storeId, store.id), isNotNull(products.serverId),
        or(isNull(products.syncedAt), lt(products.syncedAt, startedAt))));
    await tx.update(stores).set({ lastProductSyncAt: new Date(), updatedAt: new Date() }).where(and(eq(stores.agencyId, store.agencyId), eq(stores.id, store.id)));
    return repo.deleteProducts(tx, store.agencyId, gone.map((g) => g.id));
  });
  return { ok: true, processed, ...counts, message: `${processed} products synced` };
}

export async function runProductRead(ctx: AppContext, run: JobRun): Promise<Record<string, unknown>> {
  const loaded = await open(ctx, run.job.agencyId!, String(run.job.payload['storeId'] ?? ''));
  if ('skipped' in loaded) return { ok: false, message: loaded.skipped };
  const { store, api } = loaded;
  const serverId = String(run.job.payload['serverId'] ?? '');
  let found: StoreProduct | null;
  try {
    const product = await api.getProduct(serverId);
    found = product && (await complete(api, product));
  } catch (err) {
    return endOnRefusedToken(ctx, store, err);
  }
  return ctx.db.transaction(async (tx) => {
    if (!found) return { ok: true, removed: await repo.deleteStoreProduct(tx, store, serverId) };
    const { outcome, id } = await repo.upsertStoreProduct(tx, store, found, { now: new Date(), requestedAt: run.job.createdAt });
    if (id) {
      await rollUpMappingStatus(tx, store.agencyId, [id]);
      await queueImageCopy(ctx, store.agencyId, [id], tx);
    }
    return { ok: true, outcome };
  });
}

export function registerProductJobs(ctx: AppContext): void {
  ctx.jobs.register(SYNC_STORE_PRODUCTS, (run) => runStoreSync(ctx, run));
  ctx.jobs.register(PRODUCT_READ_JOB, (run) => runProductRead(ctx, run), { concurrency: 2 });
  registerProductExports(ctx);
}
