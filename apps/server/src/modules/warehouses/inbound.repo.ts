/**
 * The SQL of inbound shipments (docs/warehouses.md "Inbound shipments"). Reads take the scope (shipmentsVisible: an
 * owner team's own shipments, an operator's to the warehouses it runs); every query and join is filtered by agency_id.
 */
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { InboundListQuery } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { inboundLines, inboundShipments, sellerTeams, warehouseProducts, warehouses } from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';
import { shipmentsVisible } from './seller-warehouses.repo';
import type { WarehouseScope } from './warehouse-scope';

type Conn = Db | Tx;
export type ShipmentRow = typeof inboundShipments.$inferSelect;

const warehouseOfShipment = and(eq(warehouses.agencyId, inboundShipments.agencyId), eq(warehouses.id, inboundShipments.warehouseId));
const teamOfShipment = and(eq(sellerTeams.agencyId, inboundShipments.agencyId), eq(sellerTeams.id, inboundShipments.ownerTeamId));
const linesOfShipment = sql`${inboundLines.agencyId} = ${inboundShipments.agencyId} and ${inboundLines.inboundShipmentId} = ${inboundShipments.id}`;

/** A shipment with its warehouse, its team and its line totals. */
const columns = {
  shipment: inboundShipments,
  warehouseName: warehouses.name,
  warehouseCode: warehouses.code,
  warehouseTeamId: warehouses.warehouseTeamId,
  teamName: sellerTeams.name,
  lineCount: sql<number>`(select count(*)::int from ${inboundLines} where ${linesOfShipment})`.mapWith(Number),
  declaredUnits: sql<number>`(select coalesce(sum(${inboundLines.declaredQuantity}), 0)::int from ${inboundLines} where ${linesOfShipment})`.mapWith(Number),
  receivedUnits: sql<number>`(select coalesce(sum(${inboundLines.receivedQuantity}), 0)::int from ${inboundLines} where ${linesOfShipment})`.mapWith(Number),
};
export interface ShipmentWithRefs {
  shipment: ShipmentRow;
  warehouseName: string;
  warehouseCode: string;
  warehouseTeamId: string;
  teamName: string;
  lineCount: number;
  declaredUnits: number;
  receivedUnits: number;
}

export async function listShipments(db: Db, scope: WarehouseScope, q: InboundListQuery) {
  const where = and(
    shipmentsVisible(scope),
    q.warehouseId ? eq(inboundShipments.warehouseId, q.warehouseId) : undefined,
    q.status ? eq(inboundShipments.status, q.status) : undefined,
    q.search ? or(ilike(inboundShipments.reference, likePattern(q.search)), ilike(inboundShipments.trackingNumber, likePattern(q.search))) : undefined,
  );
  return pageWithCappedCount(db, sql`${inboundShipments} inner join ${warehouses} on ${warehouseOfShipment}`, where, q, (capped) =>
    withPage(
      db.select({ ...columns, ...capped }).from(inboundShipments).innerJoin(warehouses, warehouseOfShipment).innerJoin(sellerTeams, teamOfShipment),
      where,
      newestFirst(inboundShipments),
      q,
    ),
  );
}

/** One shipment the scope sees, or undefined (404). */
export async function findShipment(db: Conn, scope: WarehouseScope, id: string): Promise<ShipmentWithRefs | undefined> {
  const [row] = await db
    .select(columns)
    .from(inboundShipments)
    .innerJoin(warehouses, warehouseOfShipment)
    .innerJoin(sellerTeams, teamOfShipment)
    .where(and(shipmentsVisible(scope), eq(inboundShipments.id, id)));
  return row;
}

/** Takes the shipment's row lock (receipts, closing and cancelling run one at a time per shipment). */
export async function lockShipment(tx: Tx, agencyId: string, id: string): Promise<void> {
  await tx.select({ id: inboundShipments.id }).from(inboundShipments).where(and(eq(inboundShipments.agencyId, agencyId), eq(inboundShipments.id, id))).for('update');
}

export async function linesOf(db: Conn, agencyId: string, shipmentId: string) {
  return db
    .select({
      id: inboundLines.id,
      warehouseProductId: inboundLines.warehouseProductId,
      sku: warehouseProducts.sku,
      name: warehouseProducts.name,
      image: sql<string | null>`${warehouseProducts.images}->>0`,
      declared: inboundLines.declaredQuantity,
      received: inboundLines.receivedQuantity,
    })
    .from(inboundLines)
    .innerJoin(warehouseProducts, and(eq(warehouseProducts.agencyId, inboundLines.agencyId), eq(warehouseProducts.id, inboundLines.warehouseProductId)))
    .where(and(eq(inboundLines.agencyId, agencyId), eq(inboundLines.inboundShipmentId, shipmentId)))
    .orderBy(asc(warehouseProducts.sku), asc(inboundLines.id));
}
export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

/** Of `ids`, the warehouse products the team owns. */
export async function ownProductIds(tx: Tx, agencyId: string, teamId: string, ids: string[]): Promise<Set<string>> {
  const rows = await tx
    .select({ id: warehouseProducts.id })
    .from(warehouseProducts)
    .where(and(eq(warehouseProducts.agencyId, agencyId), eq(warehouseProducts.ownerTeamId, teamId), inArray(warehouseProducts.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function findWarehouse(tx: Tx, agencyId: string, id: string) {
  const [row] = await tx.select().from(warehouses).where(and(eq(warehouses.agencyId, agencyId), eq(warehouses.id, id)));
  return row;
}

/**
 * The agency's next reference, IN- and at least 6 digits (IN-000001, IN-000002...). Declarations of one agency take a
 * transaction-scoped advisory lock first, so two never read the same highest number; the lock does not touch the
 * agencies row (a FOR UPDATE there would also block every insert referencing the agency). The unique index
 * (agency_id, reference) stays the last guard.
 */
export async function nextReference(tx: Tx, agencyId: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`inbound-reference:${agencyId}`}, 0))`);
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(substring(${inboundShipments.reference} from 4)::int), 0)`.mapWith(Number) })
    .from(inboundShipments)
    .where(and(eq(inboundShipments.agencyId, agencyId), sql`${inboundShipments.reference} ~ '^IN-[0-9]+$'`));
  return `IN-${String((row?.n ?? 0) + 1).padStart(6, '0')}`;
}

export async function insertShipment(tx: Tx, values: typeof inboundShipments.$inferInsert): Promise<ShipmentRow> {
  const [row] = await tx.insert(inboundShipments).values(values).returning();
  return row!;
}

export async function insertLines(tx: Tx, agencyId: string, shipmentId: string, lines: { warehouseProductId: string; quantity: number }[]) {
  await tx.insert(inboundLines).values(lines.map((l) => ({ agencyId, inboundShipmentId: shipmentId, warehouseProductId: l.warehouseProductId, declaredQuantity: l.quantity })));
}

export async function updateShipment(tx: Tx, agencyId: string, id: string, set: Partial<Pick<ShipmentRow, 'status' | 'note' | 'receivedAt' | 'closedAt'>>) {
  await tx.update(inboundShipments).set({ ...set, updatedAt: new Date() }).where(and(eq(inboundShipments.agencyId, agencyId), eq(inboundShipments.id, id)));
}

export async function addReceived(tx: Tx, agencyId: string, lineId: string, quantity: number) {
  await tx
    .update(inboundLines)
    .set({ receivedQuantity: sql`${inboundLines.receivedQuantity} + ${quantity}` })
    .where(and(eq(inboundLines.agencyId, agencyId), eq(inboundLines.id, lineId)));
}

/** The team's manager and the agency user mapped to it (who oversees a warehouse team). */
export async function teamPeople(tx: Tx, agencyId: string, teamId: string): Promise<{ managerId: string | null; mappedUserId: string | null }> {
  const [row] = await tx
    .select({ managerId: sellerTeams.managerId, mappedUserId: sellerTeams.mappedUserId })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.agencyId, agencyId), eq(sellerTeams.id, teamId)));
  return row ?? { managerId: null, mappedUserId: null };
}
