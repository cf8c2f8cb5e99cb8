/**
 * What publishing reads and writes besides the products module's own writes (docs/publishing.md): the catalog as
 * the team may use it, the team's SKUs, the stores it may publish to, and the availability last pushed per variant.
 */
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { executedRows as rowsOf, type Db, type Tx } from '../../db/client';
import { productVariants, products, stores } from '../../db/schema/index';

type Conn = Db | Tx;
const idList = (ids: string[]) => sql`(select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`;

export interface PublishCatalog {
  id: string;
  name: string;
  description: string;
  productCode: string;
  mockupGallery: string[];
}

export interface PublishCatalogVariant {
  id: string;
  code: string;
  color: string | null;
  size: string | null;
  inStock: boolean;
  archived: boolean;
}

/** A catalog the agency offers (not deleted): the rule mapping and the order import follow. */
export async function offeredCatalog(db: Conn, agencyId: string, catalogId: string): Promise<PublishCatalog | undefined> {
  const [row] = rowsOf<PublishCatalog>(await db.execute(sql`
    select c.id, c.name, c.description, c.product_code as "productCode", c.mockup_gallery as "mockupGallery" from catalogs c
    join agency_catalogs ac on ac.catalog_id = c.id and ac.agency_id = ${agencyId}
    where c.id = ${catalogId} and c.deleted_at is null`));
  return row;
}

/** The catalog's variants, archived ones too (a published variant discontinued since is pushed unavailable). */
export async function catalogVariantsOf(db: Conn, catalogId: string): Promise<PublishCatalogVariant[]> {
  return rowsOf<PublishCatalogVariant>(await db.execute(sql`
    select id, catalog_variant_code as code, color, size, in_stock as "inStock", archived
    from catalog_variants where catalog_id = ${catalogId}
    order by created_at, catalog_variant_code`));
}

/** Which of these SKUs a variant of the team's products has already (case and spaces aside, as duplicates are found). */
export async function takenSkus(db: Conn, agencyId: string, sellerTeamId: string, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const wanted = skus.map((s) => s.trim().toLowerCase());
  const rows = await db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .innerJoin(products, and(eq(products.agencyId, productVariants.agencyId), eq(products.id, productVariants.productId)))
    .where(and(eq(productVariants.agencyId, agencyId), eq(products.sellerTeamId, sellerTeamId), isNotNull(productVariants.sku),
      inArray(sql`lower(trim(${productVariants.sku}))`, wanted)));
  return new Set(rows.map((r) => r.sku!.trim().toLowerCase()));
}

/** Where the team may publish: its manual stores, and its platform stores that are connected and not demo. */
export async function publishableStores(db: Conn, agencyId: string, sellerTeamId: string) {
  return db
    .select({ id: stores.id, name: stores.name, platform: stores.platform })
    .from(stores)
    .where(and(eq(stores.agencyId, agencyId), eq(stores.sellerTeamId, sellerTeamId),
      or(eq(stores.platform, 'manual'), and(ne(stores.platform, 'manual'), eq(stores.status, 'connected'), eq(stores.isDemo, false)))))
    .orderBy(stores.name);
}

export async function markPublished(tx: Tx, agencyId: string, productId: string, at: Date) {
  await tx.update(products).set({ publishedAt: at, productType: 'pod', updatedAt: at }).where(and(eq(products.agencyId, agencyId), eq(products.id, productId)));
}

/** What the shop was last told about each variant's availability. */
export async function setAvailable(tx: Conn, agencyId: string, variantIds: string[], available: boolean) {
  if (variantIds.length === 0) return;
  await tx.update(productVariants).set({ available }).where(and(eq(productVariants.agencyId, agencyId), inArray(productVariants.id, variantIds)));
}

export async function setPrices(tx: Tx, agencyId: string, productId: string, prices: { variantId: string; priceCents: number }[]) {
  for (const p of prices) {
    await tx.update(productVariants).set({ priceCents: p.priceCents })
      .where(and(eq(productVariants.agencyId, agencyId), eq(productVariants.productId, productId), eq(productVariants.id, p.variantId)));
  }
}

export type PublishedVariant = {
  id: string;
  productId: string;
  serverId: string | null;
  sku: string | null;
  priceCents: number;
  available: boolean;
  catalogVariantId: string | null;
};

export async function variantsOfProduct(db: Conn, agencyId: string, productId: string): Promise<PublishedVariant[]> {
  return db
    .select({ id: productVariants.id, productId: productVariants.productId, serverId: productVariants.serverId, sku: productVariants.sku, priceCents: productVariants.priceCents, available: productVariants.available, catalogVariantId: productVariants.catalogVariantId })
    .from(productVariants)
    .where(and(eq(productVariants.agencyId, agencyId), eq(productVariants.productId, productId)))
    .orderBy(productVariants.position);
}

/** A published product of the team (another team's or one not published: undefined). */
export async function publishedProduct(db: Conn, scope: { agencyId: string; sellerTeamId?: string }, productId: string) {
  const [row] = await db
    .select({ id: products.id, agencyId: products.agencyId, sellerTeamId: products.sellerTeamId, storeId: products.storeId, serverId: products.serverId, publishedAt: products.publishedAt })
    .from(products)
    .where(and(eq(products.agencyId, scope.agencyId), eq(products.id, productId), scope.sellerTeamId ? eq(products.sellerTeamId, scope.sellerTeamId) : undefined));
  return row;
}

/** The agencies a catalog may have published products in: its owner and those offering it (a master catalog: many). */
export async function agenciesOfCatalog(db: Conn, catalogId: string): Promise<string[]> {
  const rows = rowsOf<{ agencyId: string }>(await db.execute(sql`
    select agency_id as "agencyId" from agency_catalogs where catalog_id = ${catalogId}
    union select agency_id as "agencyId" from catalogs where id = ${catalogId} and agency_id is not null`));
  return rows.map((r) => r.agencyId);
}

/** One agency's published products' variants mapped to these catalog variants, each with whether it should be sellable now. */
export async function publishedVariantsOfCatalog(db: Conn, agencyId: string, catalogVariantIds: string[]) {
  if (catalogVariantIds.length === 0) return [];
  return rowsOf<{ productId: string; variantId: string; serverId: string | null; sku: string | null; available: boolean; sellable: boolean }>(await db.execute(sql`
    select pv.product_id as "productId", pv.id as "variantId", pv.server_id as "serverId", pv.sku, pv.available,
           (cv.in_stock and not cv.archived) as sellable
    from product_variants pv
    join products p on p.agency_id = pv.agency_id and p.id = pv.product_id and p.published_at is not null
    join catalog_variants cv on cv.id = pv.catalog_variant_id
    where pv.agency_id = ${agencyId} and pv.catalog_variant_id in ${idList(catalogVariantIds)}
    order by pv.product_id, pv.position`));
}

export interface AlternativeRemap {
  productId: string;
  productTitle: string;
  sellerTeamId: string;
  variantId: string;
  variantTitle: string;
  fromId: string;
  fromCode: string;
  fromArchived: boolean;
  toId: string;
  toCode: string;
}

/**
 * One agency's published variants mapped to one of these catalog variants that is out of stock or archived and names
 * an alternative of the same catalog that is in stock and live (docs/publishing.md "Alternative variants").
 */
export async function remapsToAlternatives(db: Conn, agencyId: string, catalogVariantIds: string[]): Promise<AlternativeRemap[]> {
  if (catalogVariantIds.length === 0) return [];
  return rowsOf<AlternativeRemap>(await db.execute(sql`
    select pv.product_id as "productId", p.title as "productTitle", p.seller_team_id as "sellerTeamId", pv.id as "variantId",
           pv.title as "variantTitle", cv.id as "fromId", cv.catalog_variant_code as "fromCode", cv.archived as "fromArchived",
           alt.id as "toId", alt.catalog_variant_code as "toCode"
    from product_variants pv
    join products p on p.agency_id = pv.agency_id and p.id = pv.product_id and p.published_at is not null
    join catalog_variants cv on cv.id = pv.catalog_variant_id
    join catalog_variants alt on alt.id = cv.alternative_variant_id and alt.catalog_id = cv.catalog_id and alt.in_stock and not alt.archived
    where pv.agency_id = ${agencyId} and pv.catalog_variant_id in ${idList(catalogVariantIds)} and not (cv.in_stock and not cv.archived)
    order by pv.product_id, pv.position`));
}

/** The store variant made as another catalog variant, if it is still made as the one read (a mapping saved meanwhile wins). */
export async function remapVariant(tx: Tx, agencyId: string, variantId: string, fromId: string, toId: string): Promise<boolean> {
  const rows = await tx.update(productVariants).set({ catalogVariantId: toId, mappedAt: new Date() })
    .where(and(eq(productVariants.agencyId, agencyId), eq(productVariants.id, variantId), eq(productVariants.catalogVariantId, fromId)))
    .returning({ id: productVariants.id });
  return rows.length > 0;
}

/**
 * Etsy gives a listing's variants new ids on every inventory write: after a push the rows take the ids the shop
 * answers, found by SKU (our SKUs are unique in a published product), so orders and the mapping keep finding them.
 */
export async function rekeyBySku(db: Conn, agencyId: string, productId: string, shopVariants: { id: string; sku: string | null }[]) {
  for (const v of shopVariants) {
    if (!v.sku) continue;
    await db.update(productVariants).set({ serverId: v.id })
      .where(and(eq(productVariants.agencyId, agencyId), eq(productVariants.productId, productId), eq(productVariants.sku, v.sku), ne(productVariants.serverId, v.id)));
  }
}
