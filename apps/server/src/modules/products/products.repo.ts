/**
 * The SQL of products. Every function takes the scope (the agency and the seller team) first: there is
 * no unscoped path to another team's product. The store sync writes through `upsertStoreProduct`, keyed
 * by the shop's own ids, so any number of syncs and webhooks leave one row per product and variant.
 */
import { and, asc, count, eq, ilike, inArray, isNotNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { ProductListQuery } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { catalogVariants, files, productVariants, products, sellerTeams, stores } from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';
import type { StoreProduct } from '../stores';

type Conn = Db | Tx;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;

/** Whose products: one seller team within its agency. */
export interface ProductScope {
  agencyId: string;
  sellerTeamId: string;
}

const inScope = (scope: ProductScope) => and(eq(products.agencyId, scope.agencyId), eq(products.sellerTeamId, scope.sellerTeamId))!;

function filters(scope: ProductScope, q: Omit<ProductListQuery, 'page' | 'limit'>): SQL {
  return and(
    inScope(scope),
    q.storeId ? eq(products.storeId, q.storeId) : undefined,
    q.productType ? eq(products.productType, q.productType) : undefined,
    q.mappingStatus !== undefined ? eq(products.mappingStatus, q.mappingStatus) : undefined,
    q.search ? or(ilike(products.title, likePattern(q.search)), ilike(products.handle, likePattern(q.search)), eq(products.serverId, q.search)) : undefined,
  )!;
}

/** The columns a list row shows beside the product: its team, its store, its variant count. */
const listColumns = {
  teamName: sellerTeams.name,
  teamCode: sellerTeams.code,
  storeName: stores.name,
  storePlatform: stores.platform,
  variantCount: sql<number>`(select count(*)::int from ${productVariants} where ${productVariants.agencyId} = ${products.agencyId} and ${productVariants.productId} = ${products.id})`.mapWith(Number),
};
export type ProductWithRefs = ProductRow & { teamName: string; teamCode: string; storeName: string | null; storePlatform: string | null; variantCount: number };

const teamOfProduct = and(eq(sellerTeams.agencyId, products.agencyId), eq(sellerTeams.id, products.sellerTeamId));
const storeOfProduct = and(eq(stores.agencyId, products.agencyId), eq(stores.id, products.storeId));

/** A product with its team, store and variant count. */
const selectWithRefs = (db: Conn) =>
  db.select({ product: products, ...listColumns }).from(products).innerJoin(sellerTeams, teamOfProduct).leftJoin(stores, storeOfProduct);

const flatten = ({ product, teamName, teamCode, storeName, storePlatform, variantCount }: { product: ProductRow } & Omit<ProductWithRefs, keyof ProductRow>): ProductWithRefs =>
  ({ ...product, teamName, teamCode, storeName, storePlatform, variantCount });

export async function listProducts(db: Db, scope: ProductScope, q: ProductListQuery) {
  const where = filters(scope, q);
  const { rows, count: total } = await pageWithCappedCount(db, sql`${products}`, where, q, (capped) =>
    withPage(
      db.select({ product: products, ...listColumns, ...capped }).from(products).innerJoin(sellerTeams, teamOfProduct).leftJoin(stores, storeOfProduct),
      where,
      newestFirst(products),
      q,
    ),
  );
  return { rows: rows.map(flatten), count: total };
}

/** How many products match, in all and per mapping status. */
export async function countProducts(db: Db, scope: ProductScope, q: Omit<ProductListQuery, 'page' | 'limit' | 'mappingStatus'>) {
  const rows = await db
    .select({ status: products.mappingStatus, n: count() })
    .from(products)
    .where(filters(scope, q))
    .groupBy(products.mappingStatus);
  const by = { 0: 0, 1: 0, 2: 0 } as Record<0 | 1 | 2, number>;
  for (const r of rows) by[r.status as 0 | 1 | 2] = Number(r.n);
  return { total: by[0] + by[1] + by[2], byMappingStatus: by };
}

/** A short list for pickers: id, title, image and store. */
export async function pickProducts(db: Db, scope: ProductScope, q: Omit<ProductListQuery, 'page'>) {
  const rows = await selectWithRefs(db)
    .where(filters(scope, q))
    .orderBy(...newestFirst(products))
    .limit(q.limit);
  return rows.map(flatten);
}

export async function findProduct(db: Conn, scope: ProductScope, id: string, lock?: 'update'): Promise<ProductWithRefs | undefined> {
  const query = selectWithRefs(db).where(and(inScope(scope), eq(products.id, id)));
  const [row] = lock ? await query.for('update', { of: products }) : await query;
  return row && flatten(row);
}

export async function variantsOf(db: Conn, agencyId: string, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.agencyId, agencyId), eq(productVariants.productId, productId)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

export async function updateProduct(tx: Tx, scope: ProductScope, id: string, set: Partial<typeof products.$inferInsert>) {
  await tx.update(products).set({ ...set, updatedAt: new Date() }).where(and(inScope(scope), eq(products.id, id)));
}

/** The ids of `ids` that are the team's (the rest is another tenant's, or gone). */
export async function ownIds(tx: Tx, scope: ProductScope, ids: string[]): Promise<string[]> {
  const rows = await tx.select({ id: products.id }).from(products).where(and(inScope(scope), inArray(products.id, ids))).for('update');
  return rows.map((r) => r.id);
}

export async function deleteProducts(tx: Tx, agencyId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  await tx.delete(productVariants).where(and(eq(productVariants.agencyId, agencyId), inArray(productVariants.productId, ids)));
  const gone = await tx.delete(products).where(and(eq(products.agencyId, agencyId), inArray(products.id, ids))).returning({ id: products.id });
  return gone.length;
}

export async function setPersonalized(tx: Tx, agencyId: string, ids: string[], personalized: boolean): Promise<number> {
  if (!ids.length) return 0;
  const rows = await tx
    .update(products)
    .set({ personalized, updatedAt: new Date() })
    .where(and(eq(products.agencyId, agencyId), inArray(products.id, ids)))
    .returning({ id: products.id });
  return rows.length;
}

// ----- the store sync -----

export interface SyncStore {
  agencyId: string;
  id: string;
  sellerTeamId: string;
}

/**
 * Writes the shop's copy of a product and its variants: inserted the first time, updated after, unless
 * this copy is older than the one kept (a late webhook). Variants the shop no longer has are removed;
 * a variant keeps its row (and its mapping) by the shop's variant id, whatever its SKU becomes.
 */
export async function upsertStoreProduct(
  tx: Tx,
  store: SyncStore,
  p: StoreProduct,
  at: { now: Date; requestedAt: Date },
): Promise<{ outcome: 'created' | 'updated' | 'stale'; id: string | null }> {
  const now = at.now;
  const serverId = p.legacyId ?? p.id;
  const sourceUpdatedAt = new Date(p.updatedAt);
  const values = {
    title: p.title,
    handle: p.handle,
    description: p.descriptionHtml,
    mockup: p.images[0] ?? null,
    otherMockup: p.images,
    options: p.options,
    sourceUpdatedAt,
    syncedAt: now,
    updatedAt: now,
  };
  const [row] = await tx
    .insert(products)
    // A product the shop brings for the first time was asked for by the sync (or the webhook) that brought it.
    .values({ agencyId: store.agencyId, sellerTeamId: store.sellerTeamId, storeId: store.id, serverId, syncRequestedAt: at.requestedAt, ...values })
    .onConflictDoUpdate({
      target: [products.agencyId, products.storeId, products.serverId],
      targetWhere: isNotNull(products.serverId),
      set: values,
      // A copy older than the kept one changes nothing.
      setWhere: sql`${products.sourceUpdatedAt} is null or ${products.sourceUpdatedAt} <= ${sourceUpdatedAt}`,
    })
    .returning({ id: products.id, created: sql<boolean>`xmax = 0` });
  if (!row) return { outcome: 'stale', id: null };
  const variantIds = p.variants.map((v) => v.legacyId ?? v.id);
  await tx
    .delete(productVariants)
    .where(and(eq(productVariants.agencyId, store.agencyId), eq(productVariants.productId, row.id), variantIds.length ? notInArray(productVariants.serverId, variantIds) : undefined));
  for (const [position, v] of p.variants.entries()) {
    const option = (i: number) => v.selectedOptions[i]?.value ?? null;
    const set = { position, sku: v.sku, title: v.title, option1: option(0), option2: option(1), option3: option(2), priceCents: v.priceCents, image: v.image };
    await tx
      .insert(productVariants)
      .values({ agencyId: store.agencyId, productId: row.id, serverId: v.legacyId ?? v.id, ...set })
      .onConflictDoUpdate({ target: [productVariants.agencyId, productVariants.productId, productVariants.serverId], targetWhere: isNotNull(productVariants.serverId), set });
  }
  // The caller rolls the mapping status up (products of a page at once): an added variant is not mapped yet.
  return { outcome: row.created ? 'created' : 'updated', id: row.id };
}

/** Removes the shop's product by its id (the shop deleted it). */
export async function deleteStoreProduct(tx: Tx, store: SyncStore, serverId: string): Promise<number> {
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.agencyId, store.agencyId), eq(products.storeId, store.id), eq(products.serverId, serverId)));
  return deleteProducts(tx, store.agencyId, rows.map((r) => r.id));
}

/** Marks the sync tracker's "requested" on every product of a store. */
export async function markSyncRequested(tx: Tx, store: SyncStore, at: Date) {
  await tx.update(products).set({ syncRequestedAt: at }).where(and(eq(products.agencyId, store.agencyId), eq(products.storeId, store.id)));
}

// ----- exports -----

/** Where an export's keyset walk stopped: the last product's (created_at as text, to the microsecond; id). */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

/** How many products the export of these filters holds. */
export async function countForExport(db: Db, scope: ProductScope, q: Omit<ProductListQuery, 'page' | 'limit'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(filters(scope, q));
  return Number(row?.n ?? 0);
}

/** The export's products, newest first like the list, in keyset pages: products made meanwhile never shift a page. */
export async function exportProductBatch(db: Db, scope: ProductScope, q: Omit<ProductListQuery, 'page' | 'limit'>, after: ExportCursor | null, size: number) {
  const where = and(filters(scope, q), after ? sql`(${products.createdAt}, ${products.id}) < (${after.createdAt}::timestamptz, ${after.id})` : undefined);
  const rows = await db
    .select({ product: products, ...listColumns, cursorAt: sql<string>`${products.createdAt}::text` })
    .from(products)
    .innerJoin(sellerTeams, teamOfProduct)
    .leftJoin(stores, storeOfProduct)
    .where(where)
    .orderBy(...newestFirst(products))
    .limit(size);
  return rows.map(({ cursorAt, ...row }) => ({ ...flatten(row), cursorAt }));
}

/** The variants of several products of one agency, each product's in its order. */
export type ExportVariantRow = VariantRow & { catalogVariantCode: string | null };

/** The variants of these products for the list export (the bulk-mapping template), each with its mapped catalog variant's code. */
export async function variantsOfProducts(db: Conn, agencyId: string, productIds: string[]): Promise<Map<string, ExportVariantRow[]>> {
  const byProduct = new Map<string, ExportVariantRow[]>();
  if (!productIds.length) return byProduct;
  const rows = await db
    .select({ variant: productVariants, catalogVariantCode: catalogVariants.catalogVariantCode })
    .from(productVariants)
    .leftJoin(catalogVariants, eq(catalogVariants.id, productVariants.catalogVariantId))
    .where(and(eq(productVariants.agencyId, agencyId), inArray(productVariants.productId, productIds)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const { variant, catalogVariantCode } of rows) {
    const row = { ...variant, catalogVariantCode };
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }
  return byProduct;
}

/** One product's variants for its export, each with the code of the catalog variant it is mapped to (null: none). */
export async function variantsWithMappedCode(db: Conn, agencyId: string, productId: string): Promise<ExportVariantRow[]> {
  const rows = await db
    .select({ variant: productVariants, catalogVariantCode: catalogVariants.catalogVariantCode })
    .from(productVariants)
    .leftJoin(catalogVariants, eq(catalogVariants.id, productVariants.catalogVariantId))
    .where(and(eq(productVariants.agencyId, agencyId), eq(productVariants.productId, productId)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return rows.map((r) => ({ ...r.variant, catalogVariantCode: r.catalogVariantCode }));
}

// ----- made by hand -----

/** The team's manual stores (where products are made by hand), by name. */
export async function manualStores(db: Conn, scope: ProductScope) {
  return db
    .select({ id: stores.id, name: stores.name, platform: stores.platform })
    .from(stores)
    .where(and(eq(stores.agencyId, scope.agencyId), eq(stores.sellerTeamId, scope.sellerTeamId), eq(stores.platform, 'manual')))
    .orderBy(asc(stores.name), asc(stores.id));
}

/** The handles of a store that are `base` or `base-<n>` (what a new handle must not repeat). */
export async function handlesLike(tx: Tx, agencyId: string, storeId: string, base: string): Promise<string[]> {
  const rows = await tx
    .select({ handle: products.handle })
    .from(products)
    .where(and(eq(products.agencyId, agencyId), eq(products.storeId, storeId), or(eq(products.handle, base), sql`${products.handle} ~ ${`^${base}-[0-9]+$`}`)));
  return rows.map((r) => r.handle);
}

/**
 * Whether `url` is an image of the team's library, as the library lists it (its storage address,
 * which ends with '/' and the file's storage path).
 */
export async function isLibraryImage(db: Conn, scope: ProductScope, url: string): Promise<boolean> {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(
      eq(files.agencyId, scope.agencyId), eq(files.sellerTeamId, scope.sellerTeamId), eq(files.inLibrary, 'yes'), eq(files.status, 'uploaded'),
      sql`right(${url}, length(${files.path}) + 1) = '/' || ${files.path}`,
    ))
    .limit(1);
  return !!row;
}

export interface NewVariant {
  sku: string;
  title: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  priceCents: number;
}

/** Inserts a product made by hand (no shop ids) and its variants; answers its id. */
export async function insertProduct(tx: Tx, scope: ProductScope, p: Omit<typeof products.$inferInsert, 'agencyId' | 'sellerTeamId'>, variants: NewVariant[]): Promise<string> {
  const [row] = await tx.insert(products).values({ ...p, agencyId: scope.agencyId, sellerTeamId: scope.sellerTeamId }).returning({ id: products.id });
  await tx.insert(productVariants).values(variants.map((v, position) => ({ agencyId: scope.agencyId, productId: row!.id, position, ...v })));
  return row!.id;
}
