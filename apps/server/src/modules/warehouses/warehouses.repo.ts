/**
 * The SQL of the agency's warehouses. Every function takes the agency id first; the figures of a row (stock value,
 * units, open orders and inbound, low stock) are correlated subqueries on the (agency_id, warehouse_id, ...) indexes,
 * so a page of warehouses costs one statement whatever the stock.
 */
import { and, asc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import { executedRows, type Db, type Tx } from '../../db/client';
import { sellerTeams, warehouses } from '../../db/schema/index';
import { likePattern, pageWithCappedCount, withPage } from '../../lib/list';

type Conn = Db | Tx;
export type WarehouseRecord = typeof warehouses.$inferSelect;

const figures = {
  teamName: sellerTeams.name,
  teamCode: sellerTeams.code,
  stockValueCents: sql<number>`(select coalesce(sum(l.on_hand::bigint * p.declared_value_cents), 0) from stock_levels l
      join warehouse_products p on p.agency_id = l.agency_id and p.id = l.warehouse_product_id
     where l.agency_id = ${warehouses.agencyId} and l.warehouse_id = ${warehouses.id})`.mapWith(Number),
  units: sql<number>`(select coalesce(sum(l.on_hand), 0) from stock_levels l
     where l.agency_id = ${warehouses.agencyId} and l.warehouse_id = ${warehouses.id})`.mapWith(Number),
  openOrders: sql<number>`(select count(*) from warehouse_fulfilments f
     where f.agency_id = ${warehouses.agencyId} and f.warehouse_id = ${warehouses.id} and f.status in ('to_pick', 'packed'))`.mapWith(Number),
  openInbound: sql<number>`(select count(*) from inbound_shipments s
     where s.agency_id = ${warehouses.agencyId} and s.warehouse_id = ${warehouses.id} and s.status in ('declared', 'in_transit', 'partly_received'))`.mapWith(Number),
  lowStock: sql<number>`(select count(*) from stock_levels l
      join warehouse_products p on p.agency_id = l.agency_id and p.id = l.warehouse_product_id
     where l.agency_id = ${warehouses.agencyId} and l.warehouse_id = ${warehouses.id}
       and l.on_hand - l.reserved <= coalesce(l.low_threshold, p.low_threshold))`.mapWith(Number),
};
export type WarehouseWithFigures = WarehouseRecord & { teamName: string; teamCode: string; stockValueCents: number; units: number; openOrders: number; openInbound: number; lowStock: number };

const teamOf = and(eq(sellerTeams.agencyId, warehouses.agencyId), eq(sellerTeams.id, warehouses.warehouseTeamId));

export async function listWarehouses(db: Db, where: SQL, q: { page: number; limit: number; search?: string; active?: 'true' | 'false' }) {
  const filter = and(
    where,
    q.active ? eq(warehouses.active, q.active === 'true') : undefined,
    q.search ? or(ilike(warehouses.name, likePattern(q.search)), ilike(warehouses.code, likePattern(q.search))) : undefined,
  );
  return pageWithCappedCount(db, sql`${warehouses}`, filter, q, (total) =>
    withPage(db.select({ ...getTableColumns(warehouses), ...figures, ...total }).from(warehouses).innerJoin(sellerTeams, teamOf), filter,
      [asc(warehouses.priority), asc(warehouses.code), asc(warehouses.id)], q),
  );
}

export async function findWarehouse(db: Conn, where: SQL, id: string): Promise<WarehouseWithFigures | undefined> {
  const [row] = await db.select({ ...getTableColumns(warehouses), ...figures }).from(warehouses).innerJoin(sellerTeams, teamOf)
    .where(and(where, eq(warehouses.id, id)));
  return row;
}

export async function codeTaken(db: Conn, agencyId: string, code: string, exceptId?: string): Promise<boolean> {
  const rows = await db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.agencyId, agencyId), eq(warehouses.code, code)));
  return rows.some((r) => r.id !== exceptId);
}

/** The agency's seller teams of type warehouse (not deleted). */
export async function warehouseTeams(db: Conn, agencyId: string) {
  return db.select({ id: sellerTeams.id, name: sellerTeams.name, code: sellerTeams.code }).from(sellerTeams)
    .where(and(eq(sellerTeams.agencyId, agencyId), eq(sellerTeams.sellerType, 'warehouse'), sql`${sellerTeams.deletedAt} is null`))
    .orderBy(asc(sellerTeams.name));
}

export async function insertWarehouse(tx: Tx, values: typeof warehouses.$inferInsert) {
  const [row] = await tx.insert(warehouses).values(values).returning();
  return row!;
}

export async function updateWarehouse(tx: Tx, agencyId: string, id: string, values: Partial<typeof warehouses.$inferInsert>) {
  await tx.update(warehouses).set({ ...values, updatedAt: new Date() }).where(and(eq(warehouses.agencyId, agencyId), eq(warehouses.id, id)));
}

/** Whether a seller team runs a warehouse (it may not switch back to default). */
export async function teamRunsWarehouse(db: Conn, agencyId: string, teamId: string): Promise<boolean> {
  const rows = await db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.agencyId, agencyId), eq(warehouses.warehouseTeamId, teamId))).limit(1);
  return rows.length > 0;
}

/** Whether a seller team owns stock anywhere (on hand or reserved): it may not be deleted. */
export async function teamOwnsStock(db: Conn, agencyId: string, teamId: string): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from stock_levels l join warehouse_products p on p.agency_id = l.agency_id and p.id = l.warehouse_product_id
    where l.agency_id = ${agencyId} and p.owner_team_id = ${teamId} and (l.on_hand > 0 or l.reserved > 0) limit 1`);
  return executedRows(rows).length > 0;
}
