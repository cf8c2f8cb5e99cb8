/**
 * Publishing a catalog product to a seller's store (docs/publishing.md): what the routes ask. The request is checked
 * here (the store and the catalog the team may use, the picked variants sellable), then a job does the work
 * (publishing.job.ts): the platform call may take seconds per image.
 */
import { PUBLISH_MSG, type Actor, type PublishPricesBody, type PublishProductBody } from '@fbo/shared';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { productScope } from '../products';
import { findStore } from '../stores';
import { PUBLISH_JOB, PUSH_JOB } from './publishing.kinds';
import * as repo from './publishing.repo';

/** GET /api/publishing/stores: where the team may publish. */
export async function stores(ctx: AppContext, actor: Actor) {
  const scope = productScope(actor);
  return { data: await repo.publishableStores(ctx.db, scope.agencyId, scope.sellerTeamId) };
}

/** POST /api/publishing/products: checks the request and queues the publishing job. */
export async function startPublish(ctx: AppContext, actor: Actor, body: PublishProductBody) {
  const scope = productScope(actor);
  const store = await findStore(ctx.db, scope, body.storeId);
  if (!store) throw notFound(PUBLISH_MSG.storeNotFound);
  // A manual store takes products whatever its kind; a demo platform store has no shop behind it.
  if (store.platform !== 'manual' && store.isDemo) throw badRequest(PUBLISH_MSG.storeDemo, { storeId: PUBLISH_MSG.storeDemo });
  if (store.platform !== 'manual' && store.status !== 'connected') throw badRequest(PUBLISH_MSG.storeNotReady, { storeId: PUBLISH_MSG.storeNotReady });
  const catalog = await repo.offeredCatalog(ctx.db, scope.agencyId, body.catalogId);
  // A catalog the agency does not offer is not one the team can see: as another team's, not found.
  if (!catalog) throw notFound();
  const sellable = new Set((await repo.catalogVariantsOf(ctx.db, catalog.id)).filter((v) => v.inStock && !v.archived).map((v) => v.id));
  if (body.variants.some((v) => !sellable.has(v.catalogVariantId))) throw badRequest(PUBLISH_MSG.variantNotSellable, { variants: PUBLISH_MSG.variantNotSellable });
  const job = await ctx.jobs.enqueue(ctx.db, {
    kind: PUBLISH_JOB,
    payload: { ...body },
    agencyId: scope.agencyId,
    sellerTeamId: scope.sellerTeamId,
    userId: actor.userId,
    total: 3,
    // A retry after a lost answer could make the product twice in the shop: a failure ends the job, the seller tries again.
    maxAttempts: 1,
  });
  ctx.jobs.kick();
  return { message: PUBLISH_MSG.started, jobId: job.id };
}

/** PUT /api/publishing/products/{id}/prices: saves the new retail prices and queues their push to the shop. */
export async function savePrices(ctx: AppContext, actor: Actor, productId: string, body: PublishPricesBody) {
  const scope = productScope(actor);
  const product = await repo.publishedProduct(ctx.db, scope, productId);
  if (!product) throw notFound(PUBLISH_MSG.productNotFound);
  if (!product.publishedAt) throw badRequest(PUBLISH_MSG.notPublished);
  const job = await ctx.db.transaction(async (tx) => {
    const own = new Map((await repo.variantsOfProduct(tx, scope.agencyId, productId)).map((v) => [v.id, v]));
    if (body.variants.some((v) => !own.has(v.variantId))) throw badRequest(PUBLISH_MSG.variantNotInProduct, { variants: PUBLISH_MSG.variantNotInProduct });
    await repo.setPrices(tx, scope.agencyId, productId, body.variants);
    await writeAudit(tx, {
      actorId: actor.userId, agencyId: scope.agencyId, entity: 'product', entityId: productId, action: 'prices',
      before: body.variants.map((v) => ({ id: v.variantId, priceCents: own.get(v.variantId)!.priceCents })), after: body.variants,
    });
    // The push reads the prices when it runs: pushing twice is harmless, pushing none is not (no de-duplication).
    return ctx.jobs.enqueue(tx, { kind: PUSH_JOB, payload: { productId }, agencyId: scope.agencyId, sellerTeamId: scope.sellerTeamId, userId: actor.userId });
  });
  ctx.jobs.kick();
  return { message: PUBLISH_MSG.pricesSaved, jobId: job.id };
}
