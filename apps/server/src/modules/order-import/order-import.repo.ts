/**
 * The only Drizzle of the order import. Lists of values travel as one parameter each: a JSON
 * array for a lookup (json_array_elements_text), one array literal per column for the inserts
 * (lib/pg-array.ts, unnest): a 100,000-row file would pass PostgreSQL's 65,535-parameter cap as
 * separate parameters, and a fixed parameter count plans the same way on both drivers.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ArtworkValues } from '@fbo/shared';
import { mappedVariants, type CatalogVariantRef, type MappedVariant } from '../products';
import { executedRows as rowsOf, type Db, type Tx } from '../../db/client';
import { agencies, agencyCatalogs, catalogs, catalogVariants, orderImports, orders, users } from '../../db/schema/index';
import { readJobFile } from '../jobs';
import { unnestRows, type PgArrayType } from '../../lib/pg-array';

export interface ResolvedVariant extends CatalogVariantRef {
  /** Set when the SKU resolved through the team's mapping: the store variant, and its artwork for empty slots. */
  productVariantId?: string;
  artworks?: (string | null)[];
}

/** The team's store variants with these SKUs (the SKUs that are no catalog variant code), by SKU. */
export async function mappedBySku(db: Db | Tx, scope: { agencyId: string; sellerTeamId: string }, skus: string[]): Promise<Map<string, MappedVariant[]>> {
  const bySku = new Map<string, MappedVariant[]>();
  for (const v of await mappedVariants(db, scope, { skus })) bySku.set(v.sku, [...(bySku.get(v.sku) ?? []), v]);
  return bySku;
}

/** The team's own warehouse products by SKU (a file may name what the team stocks directly). */
export async function warehouseProductsBySku(db: Db | Tx, scope: { agencyId: string; sellerTeamId: string }, skus: string[]): Promise<Map<string, { id: string; name: string }>> {
  if (skus.length === 0) return new Map();
  const result = await db.execute(sql`
    select sku, id, name from warehouse_products
     where agency_id = ${scope.agencyId} and owner_team_id = ${scope.sellerTeamId} and sku in (select json_array_elements_text(${JSON.stringify(skus)}::json))`);
  return new Map(rowsOf<{ sku: string; id: string; name: string }>(result).map((r) => [r.sku, { id: r.id, name: r.name }]));
}

/** The SKUs that are variants of catalogs the agency offers (one query per file). */
export async function variantsBySku(db: Db | Tx, agencyId: string, skus: string[]): Promise<Map<string, ResolvedVariant>> {
  if (skus.length === 0) return new Map();
  const result = await db.execute(sql`
    select cv.id, cv.catalog_variant_code as code, cv.color, cv.size, c.id as "catalogId", c.name as "catalogName", c.type as "catalogType"
    from catalog_variants cv
    join catalogs c on c.id = cv.catalog_id and c.deleted_at is null
    join agency_catalogs ac on ac.catalog_id = c.id and ac.agency_id = ${agencyId}
    where cv.catalog_variant_code in (select json_array_elements_text(${JSON.stringify(skus)}::json))`);
  return new Map(rowsOf<ResolvedVariant>(result).map((v) => [v.code, v]));
}

/** Which of these order names the team already has, from any source (a file, a store). */
export async function existingNames(db: Db | Tx, scope: { agencyId: string; sellerTeamId: string }, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const result = await db.execute(sql`
    select order_name as name from orders
    where agency_id = ${scope.agencyId} and seller_team_id = ${scope.sellerTeamId} and order_name <> '' and order_name in (select json_array_elements_text(${JSON.stringify(names)}::json))`);
  return new Set(rowsOf<{ name: string }>(result).map((r) => r.name));
}

export async function agencySettingsRow(db: Db | Tx, agencyId: string): Promise<unknown> {
  const [row] = await db.select({ settings: agencies.settings }).from(agencies).where(eq(agencies.id, agencyId));
  return row?.settings;
}

export async function userEmail(db: Db | Tx, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

/** One example SKU for the template: a variant of a catalog the agency offers. */
export async function exampleSku(db: Db, agencyId: string | null): Promise<string | undefined> {
  if (!agencyId) return undefined;
  const [row] = await db
    .select({ code: catalogVariants.catalogVariantCode })
    .from(catalogVariants)
    .innerJoin(agencyCatalogs, and(eq(agencyCatalogs.catalogId, catalogVariants.catalogId), eq(agencyCatalogs.agencyId, agencyId)))
    // The same catalogs the import resolves SKUs in: offered and not deleted.
    .innerJoin(catalogs, and(eq(catalogs.id, catalogVariants.catalogId), isNull(catalogs.deletedAt)))
    .where(eq(catalogVariants.archived, false))
    .orderBy(catalogVariants.catalogVariantCode)
    .limit(1);
  return row?.code;
}

export interface BatchScope {
  agencyId: string;
  sellerTeamId: string;
  sellerId: string;
  importId: string;
  actorEmail: string;
}
export interface OrderRecord {
  id: string;
  event_id: string;
  order_name: string;
  order_type: string;
  reference_id1: string;
  reference_id2: string;
  full_name: string;
  email: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip_code: string;
  country: string;
  country_code: string;
  address_status: number;
  cannot_ship: boolean;
  shipping_method: string;
  sub_total_price_cents: number;
  shipping_fee_cents: number;
  total_discount_cents: number;
  total_price_cents: number;
  item_count: number;
  metadata: Record<string, unknown>;
  external_id: string | null;
}
export interface ItemRecord extends ArtworkValues {
  id: string;
  order_id: string;
  position: number;
  sku: string;
  /** Null on a line waiting for its mapping (createProduct). */
  catalog_variant_id: string | null;
  catalog_id: string | null;
  product_variant_id: string | null;
  /** A line picked from a warehouse's stock (docs/warehouses.md): exclusive with catalog_variant_id. */
  warehouse_product_id: string | null;
  title: string;
  color: string;
  size: string;
  quantity: number;
  price_cents: number;
}

const ORDER_COLUMNS = [
  ['id', 'uuid'], ['event_id', 'uuid'], ['order_name', 'text'], ['order_type', 'text'], ['reference_id1', 'text'],
  ['reference_id2', 'text'], ['full_name', 'text'], ['email', 'text'], ['phone', 'text'], ['address1', 'text'],
  ['address2', 'text'], ['city', 'text'], ['province', 'text'], ['zip_code', 'text'], ['country', 'text'],
  ['country_code', 'text'], ['address_status', 'smallint'], ['cannot_ship', 'boolean'], ['shipping_method', 'text'],
  ['sub_total_price_cents', 'bigint'], ['shipping_fee_cents', 'bigint'], ['total_discount_cents', 'bigint'],
  ['total_price_cents', 'bigint'], ['item_count', 'integer'], ['metadata', 'jsonb'], ['external_id', 'text'],
] as const satisfies readonly (readonly [keyof OrderRecord, PgArrayType])[];

const ITEM_COLUMNS = [
  ['id', 'uuid'], ['order_id', 'uuid'], ['position', 'smallint'], ['sku', 'text'], ['catalog_variant_id', 'uuid'],
  ['catalog_id', 'uuid'], ['product_variant_id', 'uuid'], ['warehouse_product_id', 'uuid'], ['title', 'text'], ['color', 'text'], ['size', 'text'], ['quantity', 'integer'],
  ['price_cents', 'bigint'], ['artwork1', 'text'], ['artwork2', 'text'], ['artwork3', 'text'], ['artwork4', 'text'],
  ['artwork5', 'text'], ['artwork6', 'text'],
] as const satisfies readonly (readonly [keyof ItemRecord, PgArrayType])[];

/**
 * One batch in ONE statement: the orders from typed arrays (unnest, one parameter per column), then
 * only the created orders' items and 'import' timeline rows, through data-modifying CTEs. A name the
 * team already has from any source is skipped: a store's order (store_id set) by the lateral probe of
 * orders_source_name_uq's prefix, one index lookup per row (a NOT EXISTS pre-filter was tried: the planner
 * hashes all of the team's orders for it, slower as the team grows); a file's by ON CONFLICT DO NOTHING on
 * the same index, which also holds when two imports race.
 * sale_total_cents / sale_price_cents are left null on purpose: a file the seller uploads is no
 * record of a sale, so its orders earn no order profit (docs/money.md, "Sale price").
 * Answers the ids of the orders created.
 */
export async function insertBatch(tx: Tx, scope: BatchScope, orderRows: OrderRecord[], itemRows: ItemRecord[]): Promise<string[]> {
  const result = await tx.execute(sql`
    with input as (
      select x.* from ${unnestRows(orderRows, 'x', ORDER_COLUMNS)}
      left join lateral (
        select true as taken from orders o
        -- o.order_name <> '' is the partial index's own predicate: without it the planner may not use the index and
        -- walks the team's orders for every row (246 s instead of 4 s for 50,000 orders).
        where o.agency_id = ${scope.agencyId}::uuid and o.seller_team_id = ${scope.sellerTeamId}::uuid and o.order_name = x.order_name
          and o.order_name <> '' and o.store_id is not null
        limit 1
      ) existing on true
      where existing.taken is null
    ),
    created as (
      insert into orders (id, agency_id, seller_team_id, seller_id, order_name, order_type, status, reference_id1, reference_id2,
        full_name, email, phone, address1, address2, city, province, zip_code, country, country_code, address_status, cannot_ship,
        shipping_method, sub_total_price_cents, shipping_fee_cents, total_discount_cents, total_price_cents, item_count, metadata,
        import_id, external_id)
      select id, ${scope.agencyId}::uuid, ${scope.sellerTeamId}::uuid, ${scope.sellerId}::uuid, order_name, order_type, 'Unfulfilled', reference_id1,
        reference_id2, full_name, email, phone, address1, address2, city, province, zip_code, country, country_code, address_status,
        cannot_ship, shipping_method, sub_total_price_cents, shipping_fee_cents, total_discount_cents, total_price_cents, item_count,
        metadata, ${scope.importId}::uuid, external_id
      from input
      on conflict (agency_id, seller_team_id, order_name, (coalesce(store_id, '00000000-0000-0000-0000-000000000000'::uuid)))
        where order_name <> '' do nothing
      returning id
    ),
    items as (
      insert into order_items (id, order_id, agency_id, seller_team_id, position, sku, catalog_variant_id, catalog_id, product_variant_id, warehouse_product_id,
        title, color, size, quantity, price_cents, artwork1, artwork2, artwork3, artwork4, artwork5, artwork6)
      select i.id, i.order_id, ${scope.agencyId}::uuid, ${scope.sellerTeamId}::uuid, i.position, i.sku, i.catalog_variant_id, i.catalog_id, i.product_variant_id,
        i.warehouse_product_id, i.title,
        i.color, i.size, i.quantity, i.price_cents, i.artwork1, i.artwork2, i.artwork3, i.artwork4, i.artwork5, i.artwork6
      from ${unnestRows(itemRows, 'i', ITEM_COLUMNS)}
      where i.order_id in (select id from created)
    ),
    events as (
      insert into order_events (id, order_id, agency_id, kind, action, to_status, message, actor_id, actor_email, data)
      select x.event_id, x.id, ${scope.agencyId}::uuid, 'import', 'import', 'Unfulfilled', 'Imported from a file', ${scope.sellerId}::uuid,
        ${scope.actorEmail}::text, json_build_object('importId', ${scope.importId}::text)::jsonb
      from input x where x.id in (select id from created)
    )
    select id from created`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

export type ImportRow = typeof orderImports.$inferSelect;

export async function createImport(tx: Tx, values: typeof orderImports.$inferInsert): Promise<ImportRow> {
  const [row] = await tx.insert(orderImports).values(values).returning();
  return row!;
}

export async function updateImport(db: Db | Tx, id: string, patch: Partial<typeof orderImports.$inferInsert>): Promise<void> {
  await db.update(orderImports).set(patch).where(eq(orderImports.id, id));
}

export async function findImport(db: Db | Tx, id: string, sellerTeamId?: string): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(orderImports)
    .where(sellerTeamId ? and(eq(orderImports.id, id), eq(orderImports.sellerTeamId, sellerTeamId)) : eq(orderImports.id, id));
  return row;
}

export async function listImports(db: Db, sellerTeamId: string, page: number, limit: number) {
  const where = eq(orderImports.sellerTeamId, sellerTeamId);
  const [rows, [total]] = await Promise.all([
    db.select().from(orderImports).where(where).orderBy(desc(orderImports.createdAt), desc(orderImports.id)).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(orderImports).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Refreshes the planner's statistics of the columns the order lists and exports filter and sort on.
 * For PGlite, which runs no autovacuum: after a bulk import its statistics still describe the table as
 * it was (41 rows estimated of 65,000), so the export's batch read chose a bitmap scan of every
 * remaining order and a sort, ~200 ms a batch, instead of the index walk of ~5 ms. A few columns
 * only: ~110 ms on 66,000 orders (the sample is capped), where ANALYZE of the whole table took 780 ms.
 */
export async function refreshOrderStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze orders (agency_id, seller_team_id, status, created_at)`);
  await db.execute(sql`analyze order_items (order_id)`);
}

/** The orders an import created, over all of its job's attempts (index orders_import_idx). */
export async function countImportedOrders(db: Db | Tx, importId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.importId, importId));
  return Number(row?.n ?? 0);
}

export async function importedOrders(db: Db, importId: string, sellerTeamId: string, limit: number) {
  const where = and(eq(orders.importId, importId), eq(orders.sellerTeamId, sellerTeamId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: orders.id, orderName: orders.orderName, fullName: orders.fullName, status: orders.status, itemCount: orders.itemCount, totalPriceCents: orders.totalPriceCents })
      .from(orders)
      .where(where)
      .orderBy(orders.createdAt, orders.id)
      .limit(limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The uploaded file the job reads (kept as a job file so any replica can run the job). */
export async function jobFileData(db: Db, fileId: string): Promise<{ name: string; data: Buffer } | undefined> {
  return readJobFile(db, fileId);
}
