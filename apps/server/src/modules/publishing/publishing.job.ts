/**
 * The publishing jobs (docs/publishing.md):
 * - `publishing.publish`: the product made in the shop through its adapter (a manual store: here only), written to
 *   products/product_variants as the sync writes a shop's product, marked published, every variant mapped to the
 *   catalog variant it was made from with the seller's artwork; its result carries the product's id.
 * - `publishing.push`: a published product's prices and availability sent to its shop.
 * - `publishing.catalog-changed`: catalog variants out of stock, back in stock or discontinued: a published variant
 *   whose catalog variant names an alternative in stock is made as the alternative (publishing-alternatives.ts);
 *   then each published product whose variants the shop was told otherwise gets them pushed.
 */
import { ARTWORK_SLOTS, PUBLISH_MSG, handleFromTitle, type PublishProductBody } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { JobRun } from '../../jobs/queue';
import { writeAudit } from '../audit';
import { queueImageCopy } from '../product-images';
import { insertProduct, upsertStoreProduct } from '../products';
import { saveMapping } from '../mapping';
import { StoreApiError, endOnRefusedToken, findStore, openStoreApi, type StorePlatformApi, type StoreProduct } from '../stores';
import { remapToAlternatives } from './publishing-alternatives';
import { CATALOG_CHANGED_JOB, PUBLISH_JOB, PUSH_JOB } from './publishing.kinds';
import * as repo from './publishing.repo';

type Result = Record<string, unknown>;
type PublishProductInput = Parameters<StorePlatformApi['createProduct']>[0];
type Store = NonNullable<Awaited<ReturnType<typeof findStore>>>;

/** Color and Size as the catalog's variants have them; a catalog without either names its variants by code. */
function optionsOf(variants: repo.PublishCatalogVariant[]) {
  const options: { name: string; value: (v: repo.PublishCatalogVariant) => string }[] = [];
  if (variants.some((v) => v.color)) options.push({ name: 'Color', value: (v) => v.color || 'Default' });
  if (variants.some((v) => v.size)) options.push({ name: 'Size', value: (v) => v.size || 'One size' });
  if (options.length === 0) options.push({ name: 'Style', value: (v) => v.code });
  return options;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** The dialog's plain text as the shop's HTML description: paragraphs at blank lines, line breaks kept. */
export const plainToHtml = (text: string) =>
  text.trim() ? text.trim().split(/\n\s*\n/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('') : '';

/**
 * Each store variant's SKU: the team's code before the catalog variant's code, so a CSV order line with it resolves
 * to this product. When the team has one of those SKUs already (the catalog published before), the whole product
 * takes the first free suffix (-2, -3, ...), so no SKU of the team is ambiguous.
 */
async function skusFor(ctx: AppContext, store: Store, codes: string[]): Promise<(code: string) => string> {
  for (let n = 1; ; n++) {
    const sku = (code: string) => `${store.teamCode}-${code}${n > 1 ? `-${n}` : ''}`;
    const taken = await repo.takenSkus(ctx.db, store.agencyId, store.sellerTeamId, codes.map(sku));
    if (taken.size === 0) return sku;
  }
}

/** Library and catalog images are stored as paths on this site: the shop fetches them at the public address. */
const publicAddress = (ctx: AppContext, url: string) => (url.startsWith('/') && ctx.publicUrl ? new URL(url, ctx.publicUrl).href : url);

/** An adapter's refusal ends the job with the platform's words; a refused token also marks the store. */
async function refused(ctx: AppContext, store: Store, err: unknown): Promise<{ ok: false; message: string }> {
  if (err instanceof StoreApiError && err.kind === 'unauthorized') return endOnRefusedToken(ctx, store, err);
  if (err instanceof StoreApiError) return { ok: false, message: err.message };
  throw err;
}

export async function runPublish(ctx: AppContext, run: JobRun): Promise<Result> {
  const body = run.job.payload as unknown as PublishProductBody;
  const scope = { agencyId: run.job.agencyId!, sellerTeamId: run.job.sellerTeamId! };
  const store = await findStore(ctx.db, scope, body.storeId);
  if (!store) return { ok: false, message: PUBLISH_MSG.storeNotFound };
  const catalog = await repo.offeredCatalog(ctx.db, scope.agencyId, body.catalogId);
  if (!catalog) return { ok: false, message: PUBLISH_MSG.variantNotSellable };
  const byId = new Map((await repo.catalogVariantsOf(ctx.db, catalog.id)).map((v) => [v.id, v]));
  const picked = body.variants.map((p) => ({ ...p, variant: byId.get(p.catalogVariantId) }));
  if (picked.some((p) => !p.variant || p.variant.archived)) return { ok: false, message: PUBLISH_MSG.variantNotSellable };
  const options = optionsOf(picked.map((p) => p.variant!));
  const sku = await skusFor(ctx, store, picked.map((p) => p.variant!.code));
  const input: PublishProductInput = {
    title: body.title,
    descriptionHtml: plainToHtml(body.description),
    options: options.map((o) => o.name),
    variants: picked.map((p) => ({
      sku: sku(p.variant!.code),
      optionValues: options.map((o) => o.value(p.variant!)),
      priceCents: p.priceCents,
      available: p.variant!.inStock,
    })),
    images: catalog.mockupGallery.map((url) => publicAddress(ctx, url)),
    productType: catalog.name,
  };
  await run.progress({ total: 3, processed: 0 });

  let made: StoreProduct | null = null;
  if (store.platform !== 'manual') {
    const api = openStoreApi(ctx, store);
    if (!api) return { ok: false, message: PUBLISH_MSG.storeNotReady };
    try {
      made = await api.createProduct(input);
    } catch (err) {
      return refused(ctx, store, err);
    }
  }
  await run.progress({ processed: 1 });

  const catalogVariantOfSku = new Map(picked.map((p) => [sku(p.variant!.code).toLowerCase(), p.variant!]));
  const now = new Date();
  const productId = await ctx.db.transaction(async (tx) => {
    const id = made
      ? (await upsertStoreProduct(tx, store, made, { now, requestedAt: now })).id!
      : await insertProduct(tx, scope, {
        storeId: store.id, title: input.title, handle: `${handleFromTitle(input.title)}-${now.getTime().toString(36)}`, description: input.descriptionHtml,
        productType: 'pod', mockup: input.images[0] ?? null, otherMockup: input.images, options: options.map((o) => ({ name: o.name, values: [...new Set(picked.map((p) => o.value(p.variant!)))] })),
      }, input.variants.map((v) => ({ sku: v.sku, title: v.optionValues.join(' / '), option1: v.optionValues[0] ?? null, option2: v.optionValues[1] ?? null, option3: v.optionValues[2] ?? null, priceCents: v.priceCents })));
    await repo.markPublished(tx, scope.agencyId, id, now);
    const rows = await repo.variantsOfProduct(tx, scope.agencyId, id);
    const artwork = Object.fromEntries(ARTWORK_SLOTS.map((k) => [k, body.artwork?.[k] ?? null])) as Record<(typeof ARTWORK_SLOTS)[number], string | null>;
    const inputs = new Map<string, { catalogVariantId: string | null; ignored: boolean } & typeof artwork>();
    const soldOut: string[] = [];
    for (const [i, row] of rows.entries()) {
      // A shop's variant by the id it gave; a manual store's rows are in the input's order (insertProduct keeps positions).
      const rowSku = made ? made.variants.find((v) => (v.legacyId ?? v.id) === row.serverId)?.sku : input.variants[i]?.sku;
      const cv = catalogVariantOfSku.get((rowSku ?? '').toLowerCase());
      if (!cv) continue;
      inputs.set(row.id, { catalogVariantId: cv.id, ignored: false, ...artwork });
      if (!cv.inStock) soldOut.push(row.id);
    }
    await saveMapping(tx, scope, run.job.userId!, id, catalog.id, inputs);
    await repo.setAvailable(tx, scope.agencyId, soldOut, false);
    await writeAudit(tx, {
      actorId: run.job.userId, agencyId: scope.agencyId, entity: 'product', entityId: id, action: 'publish',
      after: { storeId: store.id, platform: store.platform, serverId: made?.legacyId ?? made?.id ?? null, catalogId: catalog.id, variants: input.variants.map((v) => ({ sku: v.sku, priceCents: v.priceCents })) },
    });
    // The shop's images are copied to our storage as the sync's are.
    if (made) await queueImageCopy(ctx, scope.agencyId, [id], tx);
    return id;
  });
  await run.progress({ processed: 3 });
  return { ok: true, productId, message: PUBLISH_MSG.done };
}

async function openPublished(ctx: AppContext, agencyId: string, productId: string) {
  const product = await repo.publishedProduct(ctx.db, { agencyId }, productId);
  if (!product?.publishedAt || !product.storeId) return null;
  const store = await findStore(ctx.db, { agencyId }, product.storeId);
  return store ? { product, store, api: store.platform === 'manual' ? null : openStoreApi(ctx, store) } : null;
}

export async function runPush(ctx: AppContext, run: JobRun): Promise<Result> {
  const agencyId = run.job.agencyId!;
  const opened = await openPublished(ctx, agencyId, String(run.job.payload['productId'] ?? ''));
  if (!opened) return { ok: false, message: PUBLISH_MSG.productNotFound };
  const { product, store, api } = opened;
  if (store.platform === 'manual') return { ok: true, pushed: 0 };
  if (!api || !product.serverId) return { ok: false, message: PUBLISH_MSG.storeNotReady };
  const variants = (await repo.variantsOfProduct(ctx.db, agencyId, product.id)).filter((v) => v.serverId);
  try {
    await api.updateVariants(product.serverId, variants.map((v) => ({ variantId: v.serverId!, sku: v.sku ?? undefined, priceCents: v.priceCents, available: v.available })));
    await rekeyAfterPush(ctx, store, api, product);
  } catch (err) {
    // Throttling, 5xx and the network are thrown: the queue tries again.
    if (err instanceof StoreApiError && err.retryable) throw err;
    return refused(ctx, store, err);
  }
  return { ok: true, pushed: variants.length };
}

export async function runCatalogChanged(ctx: AppContext, run: JobRun): Promise<Result> {
  const catalogId = String(run.job.payload['catalogId'] ?? '');
  const variantIds = (await repo.catalogVariantsOf(ctx.db, catalogId)).map((v) => v.id);
  const counts = { products: 0, pushed: 0, failed: 0, remapped: 0 };
  const messages: string[] = [];
  let retry: unknown = null;
  for (const agencyId of await repo.agenciesOfCatalog(ctx.db, catalogId)) {
    // First the variants that switch to their alternative: they stay sellable, so below they need no push.
    counts.remapped += await remapToAlternatives(ctx, agencyId, variantIds, run.job.userId ?? null);
    const rows = await repo.publishedVariantsOfCatalog(ctx.db, agencyId, variantIds);
    const byProduct = new Map<string, typeof rows>();
    for (const r of rows) if (r.available !== r.sellable) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r]);
    for (const [productId, changed] of byProduct) {
      counts.products++;
      const opened = await openPublished(ctx, agencyId, productId);
      if (!opened) continue;
      try {
        if (opened.store.platform !== 'manual') {
          await pushAvailability(opened.api, opened.product.serverId, changed);
          await rekeyAfterPush(ctx, opened.store, opened.api!, opened.product);
        }
        for (const available of [true, false]) await repo.setAvailable(ctx.db, agencyId, changed.filter((c) => c.sellable === available).map((c) => c.variantId), available);
        counts.pushed += changed.length;
      } catch (err) {
        counts.failed++;
        if (err instanceof StoreApiError && err.retryable) retry = err;
        else messages.push((await refused(ctx, opened.store, err)).message);
      }
    }
  }
  // What the shop could not take now is tried again; what was pushed is not pushed twice (available is kept per variant).
  if (retry) throw retry;
  return { ok: counts.failed === 0, ...counts, message: messages.length ? messages.join('; ') : `${counts.pushed} variants pushed` };
}

async function pushAvailability(api: StorePlatformApi | null, serverId: string | null, changed: { serverId: string | null; sku: string | null; sellable: boolean }[]) {
  if (!api || !serverId) throw new StoreApiError(PUBLISH_MSG.storeNotReady, { kind: 'not-found', retryable: false });
  await api.updateVariants(serverId, changed.filter((c) => c.serverId).map((c) => ({ variantId: c.serverId!, sku: c.sku ?? undefined, available: c.sellable })));
}

/** Etsy renews its variant ids on each inventory write: our rows follow (repo.rekeyBySku); the other platforms keep theirs. */
async function rekeyAfterPush(ctx: AppContext, store: Store, api: StorePlatformApi, product: { agencyId: string; id: string; serverId: string | null }) {
  if (store.platform !== 'etsy' || !product.serverId) return;
  const fresh = await api.getProduct(product.serverId);
  if (fresh) await repo.rekeyBySku(ctx.db, product.agencyId, product.id, fresh.variants.map((v) => ({ id: v.legacyId ?? v.id, sku: v.sku })));
}

export function registerPublishingJobs(ctx: AppContext): void {
  ctx.jobs.register(PUBLISH_JOB, (run) => runPublish(ctx, run));
  ctx.jobs.register(PUSH_JOB, (run) => runPush(ctx, run));
  ctx.jobs.register(CATALOG_CHANGED_JOB, (run) => runCatalogChanged(ctx, run));
}
