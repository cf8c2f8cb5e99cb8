/**
 * The SQL of warehouse products (docs/warehouses.md "Warehouse products"). Every read takes the scope
 * (warehouse-scope.ts): the products a scope sees (productsVisible) and, of their stock, only the levels and movements
 * in the warehouses it sees (warehousesVisible). Every query and join filters by agency_id (the tenant rule).
 */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { WarehouseProductListQuery } from '@fbo/shared';
import { executedRows as rowsOf, type Db, type Tx } from '../../db/client';
import { inboundShipments, orders, sellerTeams, stockLevels, stockMovements, users, warehouseProducts, warehouses } from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage, type ListPage } from '../../lib/list';
import { productsVisible, warehousesVisible, type WarehouseScope } from './warehouse-scope';

type Conn = Db | Tx;
export type WarehouseProductRow = typeof warehouseProducts.$inferSelect;
export type WarehouseProductWithTeam = WarehouseProductRow & { ownerTeamName: string };
export type ListFilters = Omit<WarehouseProductListQuery, 'page' | 'limit'>;

const idList = (ids: string[]) => sql`(select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`;

/** A PostgreSQL error's SQLSTATE (23505: a unique index refused the row). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * A level of the product in a warehouse the scope sees (and the filter's warehouse), in a given state: out (nothing
 * available), low (some, at or under its threshold: the level's own, else the product's), in (above it).
 */
function levelExists(scope: WarehouseScope, warehouseId: string | undefined, state: 'any' | 'in' | 'low' | 'out'): SQL {
  const available = sql`(l.on_hand - l.reserved)`;
  const threshold = sql`coalesce(l.low_threshold, ${warehouseProducts.lowThreshold})`;
  const condition = {
    any: sql`true`,
    out: sql`${available} <= 0`,
    low: sql`${available} > 0 and ${available} <= ${threshold}`,
    in: sql`${available} > ${threshold}`,
  }[state];
  return sql`exists (select 1 from stock_levels l join ${warehouses} on ${warehouses.agencyId} = l.agency_id and ${warehouses.id} = l.warehouse_id
    where l.agency_id = ${warehouseProducts.agencyId} and l.warehouse_product_id = ${warehouseProducts.id}
      and ${warehousesVisible(scope)} ${warehouseId ? sql`and l.warehouse_id = ${warehouseId}` : sql``} and ${condition})`;
}

function filters(scope: WarehouseScope, q: ListFilters): SQL {
  const stock = q.stock
    ? q.stock === 'out' && !q.warehouse
      // Out: a level with nothing available, or no level at all in the warehouses it sees (never stocked yet).
      ? or(levelExists(scope, undefined, 'out'), sql`not ${levelExists(scope, undefined, 'any')}`)
      : levelExists(scope, q.warehouse, q.stock)
    : q.warehouse
      ? levelExists(scope, q.warehouse, 'any')
      : undefined;
  return and(
    productsVisible(scope),
    q.search ? or(ilike(warehouseProducts.sku, likePattern(q.search)), ilike(warehouseProducts.name, likePattern(q.search))) : undefined,
    scope.kind === 'agency' && q.sellerTeam ? eq(warehouseProducts.ownerTeamId, q.sellerTeam) : undefined,
    stock,
  )!;
}

const teamOfProduct = and(eq(sellerTeams.agencyId, warehouseProducts.agencyId), eq(sellerTeams.id, warehouseProducts.ownerTeamId));

export async function listProducts(db: Db, scope: WarehouseScope, q: WarehouseProductListQuery) {
  const where = filters(scope, q);
  const { rows, count } = await pageWithCappedCount(db, sql`${warehouseProducts}`, where, q, (capped) =>
    withPage(
      db.select({ product: warehouseProducts, ownerTeamName: sellerTeams.name, ...capped }).from(warehouseProducts).innerJoin(sellerTeams, teamOfProduct),
      where,
      newestFirst(warehouseProducts),
      q,
    ),
  );
  return { rows: rows.map((r) => ({ ...r.product, ownerTeamName: r.ownerTeamName })), count };
}

/** Every product of the filters, up to `limit` (the export). */
export async function exportProducts(db: Db, scope: WarehouseScope, q: ListFilters, limit: number): Promise<WarehouseProductWithTeam[]> {
  const rows = await db
    .select({ product: warehouseProducts, ownerTeamName: sellerTeams.name })
    .from(warehouseProducts)
    .innerJoin(sellerTeams, teamOfProduct)
    .where(filters(scope, q))
    .orderBy(asc(warehouseProducts.sku), asc(warehouseProducts.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.product, ownerTeamName: r.ownerTeamName }));
}

export async function findProduct(db: Conn, scope: WarehouseScope, id: string, lock?: 'update'): Promise<WarehouseProductWithTeam | undefined> {
  const query = db
    .select({ product: warehouseProducts, ownerTeamName: sellerTeams.name })
    .from(warehouseProducts)
    .innerJoin(sellerTeams, teamOfProduct)
    .where(and(productsVisible(scope), eq(warehouseProducts.id, id)));
  const [row] = lock ? await query.for('update', { of: warehouseProducts }) : await query;
  return row && { ...row.product, ownerTeamName: row.ownerTeamName };
}

export interface LevelRow {
  warehouseProductId: string;
  warehouseId: string;
  code: string;
  name: string;
  onHand: number;
  reserved: number;
  lowThreshold: number | null;
}

/** The levels of these products in the warehouses the scope sees, by warehouse priority. */
export async function levelsOf(db: Conn, scope: WarehouseScope, productIds: string[]): Promise<LevelRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      warehouseProductId: stockLevels.warehouseProductId,
      warehouseId: stockLevels.warehouseId,
      code: warehouses.code,
      name: warehouses.name,
      onHand: stockLevels.onHand,
      reserved: stockLevels.reserved,
      lowThreshold: stockLevels.lowThreshold,
    })
    .from(stockLevels)
    .innerJoin(warehouses, and(eq(warehouses.agencyId, stockLevels.agencyId), eq(warehouses.id, stockLevels.warehouseId)))
    .where(and(eq(stockLevels.agencyId, scope.agencyId), inArray(stockLevels.warehouseProductId, productIds), warehousesVisible(scope)))
    .orderBy(asc(warehouses.priority), asc(warehouses.code));
}

/** The warehouses the scope sees, by priority (the export's columns). */
export async function visibleWarehouses(db: Conn, scope: WarehouseScope) {
  return db
    .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name })
    .from(warehouses)
    .where(warehousesVisible(scope))
    .orderBy(asc(warehouses.priority), asc(warehouses.code));
}

export async function skuTaken(db: Conn, agencyId: string, teamId: string, sku: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: warehouseProducts.id })
    .from(warehouseProducts)
    .where(and(
      eq(warehouseProducts.agencyId, agencyId),
      eq(warehouseProducts.ownerTeamId, teamId),
      eq(warehouseProducts.sku, sku),
      exceptId ? sql`${warehouseProducts.id} <> ${exceptId}` : undefined,
    ))
    .limit(1);
  return !!row;
}

export type ProductValues = Omit<typeof warehouseProducts.$inferInsert, 'agencyId' | 'id' | 'ownerTeamId' | 'createdAt' | 'updatedAt'>;

export async function insertProduct(tx: Tx, agencyId: string, ownerTeamId: string, values: ProductValues): Promise<string> {
  const [row] = await tx.insert(warehouseProducts).values({ ...values, agencyId, ownerTeamId }).returning({ id: warehouseProducts.id });
  return row!.id;
}

export async function updateProduct(tx: Tx, agencyId: string, id: string, values: ProductValues): Promise<void> {
  await tx.update(warehouseProducts).set({ ...values, updatedAt: new Date() }).where(and(eq(warehouseProducts.agencyId, agencyId), eq(warehouseProducts.id, id)));
}

/** Whether the product has a history: stock movements, inbound lines or order lines naming it. */
export async function hasHistory(db: Conn, agencyId: string, id: string): Promise<boolean> {
  const [row] = rowsOf<{ used: boolean }>(await db.execute(sql`select
    exists (select 1 from stock_movements where agency_id = ${agencyId} and warehouse_product_id = ${id})
    or exists (select 1 from inbound_lines where agency_id = ${agencyId} and warehouse_product_id = ${id})
    or exists (select 1 from order_items where agency_id = ${agencyId} and warehouse_product_id = ${id}) as used`));
  return !!row?.used;
}

/** Deletes a product without history: its empty levels, its store variants let go (unmapped). The products touched. */
export async function deleteProduct(tx: Tx, agencyId: string, id: string): Promise<string[]> {
  const released = await releaseVariants(tx, agencyId, id, []);
  await tx.delete(stockLevels).where(and(eq(stockLevels.agencyId, agencyId), eq(stockLevels.warehouseProductId, id)));
  await tx.delete(warehouseProducts).where(and(eq(warehouseProducts.agencyId, agencyId), eq(warehouseProducts.id, id)));
  return released;
}

/** Sets the levels' own thresholds; answers the warehouses that have no level of the product (nothing is written then). */
export async function setThresholds(tx: Tx, scope: WarehouseScope, productId: string, thresholds: { warehouseId: string; threshold: number | null }[]): Promise<string[]> {
  if (thresholds.length === 0) return [];
  const levels = await tx
    .select({ id: stockLevels.id, warehouseId: stockLevels.warehouseId })
    .from(stockLevels)
    .innerJoin(warehouses, and(eq(warehouses.agencyId, stockLevels.agencyId), eq(warehouses.id, stockLevels.warehouseId)))
    .where(and(eq(stockLevels.agencyId, scope.agencyId), eq(stockLevels.warehouseProductId, productId), warehousesVisible(scope)));
  const byWarehouse = new Map(levels.map((l) => [l.warehouseId, l.id]));
  const missing = thresholds.filter((t) => !byWarehouse.has(t.warehouseId)).map((t) => t.warehouseId);
  if (missing.length > 0) return missing;
  for (const t of thresholds) {
    await tx
      .update(stockLevels)
      .set({ lowThreshold: t.threshold })
      .where(and(eq(stockLevels.agencyId, scope.agencyId), eq(stockLevels.id, byWarehouse.get(t.warehouseId)!)));
  }
  return [];
}

// ----- movements -----

export async function movementsOf(db: Db, scope: WarehouseScope, productId: string, page: ListPage) {
  const where = and(
    eq(stockMovements.agencyId, scope.agencyId),
    eq(stockMovements.warehouseProductId, productId),
    sql`${stockMovements.warehouseId} in (select ${warehouses.id} from ${warehouses} where ${warehousesVisible(scope)})`,
  );
  return pageWithCappedCount(db, sql`${stockMovements}`, where, page, (capped) =>
    withPage(
      db
        .select({
          id: stockMovements.id,
          kind: stockMovements.kind,
          warehouseId: stockMovements.warehouseId,
          warehouseCode: warehouses.code,
          onHandDelta: stockMovements.onHandDelta,
          reservedDelta: stockMovements.reservedDelta,
          orderId: stockMovements.orderId,
          orderName: orders.orderName,
          inboundShipmentId: stockMovements.inboundShipmentId,
          inboundReference: inboundShipments.reference,
          reason: stockMovements.reason,
          actorName: users.fullName,
          createdAt: stockMovements.createdAt,
          ...capped,
        })
        .from(stockMovements)
        .innerJoin(warehouses, and(eq(warehouses.agencyId, stockMovements.agencyId), eq(warehouses.id, stockMovements.warehouseId)))
        .leftJoin(orders, and(eq(orders.agencyId, stockMovements.agencyId), eq(orders.id, stockMovements.orderId)))
        .leftJoin(inboundShipments, and(eq(inboundShipments.agencyId, stockMovements.agencyId), eq(inboundShipments.id, stockMovements.inboundShipmentId)))
        .leftJoin(users, eq(users.id, stockMovements.actorId)),
      where,
      [desc(stockMovements.createdAt), desc(stockMovements.id)],
      page,
    ),
  );
}

// ----- store variants -----

export interface VariantRow {
  id: string;
  productId: string;
  productTitle: string;
  storeName: string | null;
  sku: string | null;
  title: string;
  catalogVariantId: string | null;
  warehouseProductId: string | null;
}

const variantColumns = sql`v.id, v.product_id as "productId", p.title as "productTitle", s.name as "storeName", v.sku, v.title,
  v.catalog_variant_id as "catalogVariantId", v.warehouse_product_id as "warehouseProductId"`;
const variantFrom = sql`from product_variants v
  join products p on p.agency_id = v.agency_id and p.id = v.product_id
  left join stores s on s.agency_id = p.agency_id and s.id = p.store_id`;

/** The team's store variants mapped to the product. */
export async function variantsOfProduct(db: Conn, agencyId: string, teamId: string, productId: string): Promise<VariantRow[]> {
  return rowsOf<VariantRow>(await db.execute(sql`select ${variantColumns} ${variantFrom}
    where v.agency_id = ${agencyId} and p.seller_team_id = ${teamId} and v.warehouse_product_id = ${productId}
    order by p.title, v.position, v.id`));
}

/** The team's store variants among `ids` (another team's are simply absent). */
export async function teamVariants(db: Conn, agencyId: string, teamId: string, ids: string[]): Promise<VariantRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<VariantRow>(await db.execute(sql`select ${variantColumns} ${variantFrom}
    where v.agency_id = ${agencyId} and p.seller_team_id = ${teamId} and v.id in ${idList(ids)}`));
}

/** A page of the team's store variants to pick from, searched by product title, variant SKU or title. */
export async function variantOptions(db: Db, agencyId: string, teamId: string, search: string | undefined, page: ListPage) {
  const where = sql`v.agency_id = ${agencyId} and p.seller_team_id = ${teamId}
    ${search ? sql`and (p.title ilike ${likePattern(search)} or v.sku ilike ${likePattern(search)} or v.title ilike ${likePattern(search)})` : sql``}`;
  const rows = rowsOf<VariantRow & { total: number }>(await db.execute(sql`select ${variantColumns}, count(*) over ()::int as total ${variantFrom}
    where ${where} order by p.title, v.position, v.id limit ${page.limit} offset ${(page.page - 1) * page.limit}`));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.page > 1) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${variantFrom} where ${where}`));
    total = Number(row?.n ?? 0);
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total: Number(total) };
}

/**
 * The variants become this product's: the warehouse product is their source, so their catalog mapping and artwork go
 * (the check constraint allows one source) and they count as mapped (1: mapped, no artwork; a stocked good needs none).
 */
export async function takeVariants(tx: Tx, agencyId: string, productId: string, variantIds: string[], at: Date): Promise<void> {
  if (variantIds.length === 0) return;
  await tx.execute(sql`update product_variants set warehouse_product_id = ${productId}, catalog_variant_id = null, ignored = false,
      artwork1 = null, artwork2 = null, artwork3 = null, artwork4 = null, artwork5 = null, artwork6 = null,
      mapping_status = 1, mapped_at = ${at}
    where agency_id = ${agencyId} and id in ${idList(variantIds)}`);
}

/** Lets go of the product's variants not in `keep`: they are unmapped (status 0). Answers their store products. */
export async function releaseVariants(tx: Tx, agencyId: string, productId: string, keep: string[]): Promise<string[]> {
  const rows = rowsOf<{ productId: string }>(await tx.execute(sql`update product_variants set warehouse_product_id = null, mapping_status = 0
    where agency_id = ${agencyId} and warehouse_product_id = ${productId}
      ${keep.length > 0 ? sql`and id not in ${idList(keep)}` : sql``}
    returning product_id as "productId"`));
  return [...new Set(rows.map((r) => r.productId))];
}

/** The store products whose variants the product fulfils now (locked before the variants change). */
export async function storeProductsOf(db: Conn, agencyId: string, productId: string): Promise<string[]> {
  const rows = rowsOf<{ productId: string }>(await db.execute(sql`select distinct product_id as "productId" from product_variants
    where agency_id = ${agencyId} and warehouse_product_id = ${productId}`));
  return rows.map((r) => r.productId);
}
