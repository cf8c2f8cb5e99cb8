/**
 * The SQL of the seller's warehouses page (/s/warehouses): the warehouses a scope sees (warehousesVisible) and the
 * scope's stock there. An owner team counts its own products only (productsVisible); an operator every product in the
 * warehouses it runs. Every query and join is filtered by agency_id.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inboundShipments, stockLevels, warehouseProducts, warehouses } from '../../db/schema/index';
import { likePattern, pageWithCappedCount, withPage, type ListPage } from '../../lib/list';
import { productsVisible, warehousesVisible, type WarehouseScope } from './warehouse-scope';

export type WarehouseRow = typeof warehouses.$inferSelect;

const OPEN_STATUSES = ['declared', 'in_transit', 'partly_received'] as const;

/** The products whose stock a scope counts: an operator's warehouses are its own, so every product there. */
function stockProducts(scope: WarehouseScope): SQL | undefined {
  return scope.kind === 'operator' ? undefined : productsVisible(scope);
}

/** The inbound shipments a scope sees (to be joined with their warehouse): its own, or those to its warehouses. */
export function shipmentsVisible(scope: WarehouseScope): SQL {
  switch (scope.kind) {
    case 'agency':
      return eq(inboundShipments.agencyId, scope.agencyId);
    case 'owner':
      return and(eq(inboundShipments.agencyId, scope.agencyId), eq(inboundShipments.ownerTeamId, scope.teamId))!;
    case 'operator':
      return and(eq(inboundShipments.agencyId, scope.agencyId), eq(warehouses.warehouseTeamId, scope.teamId))!;
  }
}

const productOfLevel = and(eq(warehouseProducts.agencyId, stockLevels.agencyId), eq(warehouseProducts.id, stockLevels.warehouseProductId));
const warehouseOfShipment = and(eq(warehouses.agencyId, inboundShipments.agencyId), eq(warehouses.id, inboundShipments.warehouseId));
const threshold = sql<number>`coalesce(${stockLevels.lowThreshold}, ${warehouseProducts.lowThreshold})`;
const available = sql<number>`(${stockLevels.onHand} - ${stockLevels.reserved})`;

export async function visibleWarehouses(db: Db, scope: WarehouseScope, id?: string): Promise<WarehouseRow[]> {
  return db
    .select()
    .from(warehouses)
    .where(and(warehousesVisible(scope), id ? eq(warehouses.id, id) : undefined))
    .orderBy(desc(warehouses.active), asc(warehouses.priority), asc(warehouses.name), asc(warehouses.id));
}

export interface StockSummary {
  skus: number;
  onHand: number;
  reserved: number;
  low: number;
}

/** Per warehouse: the scope's SKUs, units on hand and reserved, and how many are at or under their threshold. */
export async function stockSummaries(db: Db, scope: WarehouseScope, warehouseIds: string[]): Promise<Map<string, StockSummary>> {
  if (warehouseIds.length === 0) return new Map();
  const rows = await db
    .select({
      warehouseId: stockLevels.warehouseId,
      skus: sql<number>`count(*)::int`.mapWith(Number),
      onHand: sql<number>`coalesce(sum(${stockLevels.onHand}), 0)::int`.mapWith(Number),
      reserved: sql<number>`coalesce(sum(${stockLevels.reserved}), 0)::int`.mapWith(Number),
      low: sql<number>`(count(*) filter (where ${available} <= ${threshold}))::int`.mapWith(Number),
    })
    .from(stockLevels)
    .innerJoin(warehouseProducts, productOfLevel)
    .where(and(eq(stockLevels.agencyId, scope.agencyId), inArray(stockLevels.warehouseId, warehouseIds), stockProducts(scope)))
    .groupBy(stockLevels.warehouseId);
  return new Map(rows.map(({ warehouseId, ...s }) => [warehouseId, s]));
}

/** Per warehouse and status: how many inbound shipments of the scope. */
export async function inboundCounts(db: Db, scope: WarehouseScope, warehouseIds: string[]): Promise<Map<string, Map<string, number>>> {
  if (warehouseIds.length === 0) return new Map();
  const rows = await db
    .select({ warehouseId: inboundShipments.warehouseId, status: inboundShipments.status, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(inboundShipments)
    .innerJoin(warehouses, warehouseOfShipment)
    .where(and(shipmentsVisible(scope), inArray(inboundShipments.warehouseId, warehouseIds)))
    .groupBy(inboundShipments.warehouseId, inboundShipments.status);
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const of = out.get(r.warehouseId) ?? new Map<string, number>();
    of.set(r.status, r.n);
    out.set(r.warehouseId, of);
  }
  return out;
}

export function openOf(counts: Map<string, number> | undefined): number {
  return OPEN_STATUSES.reduce((sum, s) => sum + (counts?.get(s) ?? 0), 0);
}

/** One page of the scope's stock at a warehouse, by SKU. */
export async function stockPage(db: Db, scope: WarehouseScope, warehouseId: string, q: ListPage & { search?: string }) {
  const where = and(
    eq(stockLevels.agencyId, scope.agencyId),
    eq(stockLevels.warehouseId, warehouseId),
    stockProducts(scope),
    q.search ? or(ilike(warehouseProducts.sku, likePattern(q.search)), ilike(warehouseProducts.name, likePattern(q.search))) : undefined,
  );
  return pageWithCappedCount(db, sql`${stockLevels} inner join ${warehouseProducts} on ${productOfLevel}`, where, q, (capped) =>
    withPage(
      db
        .select({
          productId: warehouseProducts.id,
          sku: warehouseProducts.sku,
          name: warehouseProducts.name,
          image: sql<string | null>`${warehouseProducts.images}->>0`,
          onHand: stockLevels.onHand,
          reserved: stockLevels.reserved,
          threshold: threshold.mapWith(Number),
          ...capped,
        })
        .from(stockLevels)
        .innerJoin(warehouseProducts, productOfLevel),
      where,
      [asc(warehouseProducts.sku), asc(warehouseProducts.id)],
      q,
    ),
  );
}
