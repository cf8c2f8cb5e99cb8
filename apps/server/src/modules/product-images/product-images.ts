/**
 * Product images copied to our storage (docs/stores.md "Products", "Images"): a product's mockup and otherMockup
 * come from the shop's CDN; the `products.copy-images` job (one per product at a time) downloads each one
 * (safe-fetch.ts), resizes it to 992 x 992 (resize.ts), stores it under the agency's prefix and points the
 * product at the stored copy. The copy is a `files` row whose path is made from the shop's address
 * (`agencies/<agency>/product-images/<sha256 of the address>.jpg`) and whose name is that address: a re-sync that
 * writes the same shop address back finds the copy and points at it again without a download. An image that
 * cannot be taken (not http(s), a private address on any hop, not an image, too large, an error answer, no answer
 * in time) is left as the shop's address, with the reason in the job's result.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { files, products } from '../../db/schema/index';
import type { JobRun } from '../../jobs/queue';
import type { LocalStorage } from '../../storage/local-storage';
import type { FileStorage } from '../../storage/storage';
import { PRODUCT_IMAGE_TYPE, productImage } from './resize';
import { IMAGE_FETCH_DEFAULTS, ImageRefused, fetchImage, type ImageFetchOptions } from './safe-fetch';

export const COPY_PRODUCT_IMAGES = 'products.copy-images';

/** Where the copies live: the agency's prefix in the upload storage (local disk or S3). */
const prefixOf = (agencyId: string) => `agencies/${agencyId}/product-images/`;
export const copyPathOf = (agencyId: string, source: string) =>
  `${prefixOf(agencyId)}${createHash('sha256').update(source).digest('hex')}.jpg`;

/** Queues the copy of these products' images: one job per product, joined while one is queued or running. */
export async function queueImageCopy(ctx: AppContext, agencyId: string, productIds: string[], db: Db = ctx.db): Promise<void> {
  for (const productId of new Set(productIds)) {
    await ctx.jobs.enqueue(db, { kind: COPY_PRODUCT_IMAGES, payload: { productId }, agencyId, dedupeKey: `product-images:${productId}` });
  }
  if (db === ctx.db && productIds.length) ctx.jobs.kick();
}

/** The storage the copies go to: S3 when configured, else the local disk that /files/... serves. */
export interface ImageStorage {
  storage: FileStorage;
  local: LocalStorage;
  /** Tests: fetch limits and the origins of the local fakes. */
  fetch?: Partial<ImageFetchOptions>;
}

async function put(target: ImageStorage, path: string, bytes: Buffer): Promise<void> {
  if (target.storage.kind === 'local') {
    return target.local.writeStream(path, (async function* () {
      yield bytes;
    })());
  }
  const url = await target.storage.presignPut({ fileId: path, path, contentType: PRODUCT_IMAGE_TYPE, size: bytes.length, expiresAt: new Date(Date.now() + 5 * 60_000) });
  const res = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': PRODUCT_IMAGE_TYPE, 'content-length': String(bytes.length) } });
  if (!res.ok) throw new Error(`storage refused the copy: ${res.status}`);
}

/** Only absolute http(s) addresses are the shop's; a relative path (/files/..., /cms/demo/...) is ours already. */
const isShopAddress = (url: string) => /^https?:\/\//i.test(url);

function fetchOptions(ctx: AppContext, target: ImageStorage): ImageFetchOptions {
  const fakes = ctx.platforms.fakesUrl ? new URL(ctx.platforms.fakesUrl).origin : undefined;
  return { ...IMAGE_FETCH_DEFAULTS, allowedOrigins: new Set(fakes ? [fakes] : []), ...target.fetch };
}

export async function runCopyImages(ctx: AppContext, target: ImageStorage, run: JobRun): Promise<Record<string, unknown>> {
  const agencyId = run.job.agencyId!;
  const productId = String(run.job.payload['productId'] ?? '');
  const [product] = await ctx.db
    .select({ mockup: products.mockup, otherMockup: products.otherMockup, sellerTeamId: products.sellerTeamId })
    .from(products)
    .where(and(eq(products.agencyId, agencyId), eq(products.id, productId)));
  if (!product) return { ok: true, message: 'The product is gone' };
  const ours = target.storage.publicUrl(prefixOf(agencyId));
  const sources = [...new Set([product.mockup, ...product.otherMockup])].filter(
    (url): url is string => !!url && isShopAddress(url) && !url.startsWith(ours),
  );
  if (!sources.length) return { ok: true, copied: 0, reused: 0, refused: 0 };

  const paths = new Map(sources.map((source) => [source, copyPathOf(agencyId, source)]));
  const stored = await ctx.db
    .select({ path: files.path })
    .from(files)
    .where(and(inArray(files.path, [...paths.values()]), eq(files.status, 'uploaded')));
  const have = new Set(stored.map((f) => f.path));
  const copies = new Map<string, string>();
  const refused: { source: string; reason: string }[] = [];
  let copied = 0;
  const options = fetchOptions(ctx, target);
  for (const [source, path] of paths) {
    if (!have.has(path)) {
      try {
        const image = await productImage((await fetchImage(source, options)).bytes);
        await put(target, path, image);
        await ctx.db
          .insert(files)
          .values({ agencyId, sellerTeamId: product.sellerTeamId, path, name: source, size: image.length, contentType: PRODUCT_IMAGE_TYPE, status: 'uploaded' })
          .onConflictDoNothing();
        copied++;
      } catch (err) {
        // A network failure is as final as a refusal for this run: the next sync queues the image again.
        refused.push({ source, reason: err instanceof ImageRefused ? err.message : `download failed (${err instanceof Error ? err.message : String(err)})` });
        continue;
      }
    }
    copies.set(source, target.storage.publicUrl(path));
  }
  // Point the product at the copies, under its lock: a sync that wrote other images meanwhile keeps them.
  if (copies.size) {
    await ctx.db.transaction(async (tx) => {
      const [now] = await tx
        .select({ mockup: products.mockup, otherMockup: products.otherMockup })
        .from(products)
        .where(and(eq(products.agencyId, agencyId), eq(products.id, productId)))
        .for('update');
      if (!now) return;
      const swap = (url: string) => copies.get(url) ?? url;
      await tx
        .update(products)
        .set({ mockup: now.mockup ? swap(now.mockup) : now.mockup, otherMockup: now.otherMockup.map(swap) })
        .where(and(eq(products.agencyId, agencyId), eq(products.id, productId)));
    });
  }
  return { ok: true, copied, reused: copies.size - copied, refused: refused.length, reasons: refused.slice(0, 20) };
}

export function registerProductImageJobs(ctx: AppContext, target: ImageStorage): void {
  ctx.jobs.register(COPY_PRODUCT_IMAGES, (run) => runCopyImages(ctx, target, run));
}
