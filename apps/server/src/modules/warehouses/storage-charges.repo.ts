/** The SQL of the monthly storage charges (storage-charges.job.ts). */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { executedRows, type Db, type Tx } from '../../db/client';
import { sellerTeams, warehouseStorageCharges, warehouses } from '../../db/schema/index';

/** A UTC month's bounds and length ('2025-02' -> Feb 1 to Mar 1). */
export function monthBounds(month: string): { start: Date; end: Date; seconds: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) throw new RangeError(`not a month: ${month}`);
  const start = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  const end = new Date(Date.UTC(Number(match[1]), Number(match[2]), 1));
  return { start, end, seconds: (end.getTime() - start.getTime()) / 1000 };
}

/** The month before the one `date` falls in (UTC), as charged on the 1st. */
export function previousMonth(date: Date): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

export async function agenciesWithWarehouses(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ agencyId: warehouses.agencyId }).from(warehouses);
  return rows.map((r) => r.agencyId);
}

export interface MonthUsage {
  warehouseId: string;
  ownerTeamId: string;
  /** The month's average units on hand in hundredths, rounded half up. */
  unitHundredths: number;
}

/**
 * Each team's average units on hand per warehouse over the month, exactly from the movements: on hand is a step
 * function (the sum of the deltas so far), so its integral over [start, end) is the sum of each delta times the
 * seconds it counted in the month (all of it for a delta before the month). Divided by the month's seconds, in
 * hundredths, rounded half up (numeric round: half away from zero, and on hand is never negative). Only the places
 * that held stock at the month's start or moved during it.
 */
export async function monthUsage(db: Db, agencyId: string, month: string): Promise<MonthUsage[]> {
  const { start, end, seconds } = monthBounds(month);
  const s = start.toISOString();
  const e = end.toISOString();
  const result = await db.execute(sql`
    select m.warehouse_id, p.owner_team_id,
      round(100 * sum(m.on_hand_delta::numeric * extract(epoch from (${e}::timestamptz - greatest(m.created_at, ${s}::timestamptz)))) / ${seconds}::numeric)::bigint as unit_hundredths
    from stock_movements m
    join warehouse_products p on p.agency_id = m.agency_id and p.id = m.warehouse_product_id
    where m.agency_id = ${agencyId} and m.created_at < ${e}::timestamptz
    group by m.warehouse_id, p.owner_team_id
    having coalesce(sum(m.on_hand_delta) filter (where m.created_at < ${s}::timestamptz), 0) > 0
      or count(*) filter (where m.created_at >= ${s}::timestamptz) > 0
    order by m.warehouse_id, p.owner_team_id`);
  return executedRows(result).map((r) => {
    const row = r as { warehouse_id: string; owner_team_id: string; unit_hundredths: string | number };
    return { warehouseId: row.warehouse_id, ownerTeamId: row.owner_team_id, unitHundredths: Number(row.unit_hundredths) };
  });
}

export async function warehousesOf(db: Db, agencyId: string) {
  return db.select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, fees: warehouses.fees }).from(warehouses).where(eq(warehouses.agencyId, agencyId));
}

export type StorageCharge = typeof warehouseStorageCharges.$inferSelect;

/** The month's charge, recorded first: the unique index (agency, warehouse, team, month) makes a second run insert nothing. */
export async function insertCharge(tx: Tx, values: Omit<typeof warehouseStorageCharges.$inferInsert, 'id' | 'createdAt' | 'ledgerEntryId'>): Promise<StorageCharge | undefined> {
  const [row] = await tx.insert(warehouseStorageCharges).values(values).onConflictDoNothing().returning();
  return row;
}

export async function lockCharge(tx: Tx, agencyId: string, id: string): Promise<StorageCharge | undefined> {
  const [row] = await tx.select().from(warehouseStorageCharges).where(and(eq(warehouseStorageCharges.agencyId, agencyId), eq(warehouseStorageCharges.id, id))).for('update');
  return row;
}

export async function setLedgerEntry(tx: Tx, agencyId: string, id: string, ledgerEntryId: string): Promise<void> {
  await tx.update(warehouseStorageCharges).set({ ledgerEntryId }).where(and(eq(warehouseStorageCharges.agencyId, agencyId), eq(warehouseStorageCharges.id, id)));
}

/** Charges recorded but not paid (the wallet could not pay then): every run tries them again. */
export async function unpaidCharges(db: Db, agencyId: string): Promise<StorageCharge[]> {
  return db.select().from(warehouseStorageCharges)
    .where(and(eq(warehouseStorageCharges.agencyId, agencyId), isNull(warehouseStorageCharges.ledgerEntryId), gt(warehouseStorageCharges.amountCents, 0)))
    .orderBy(warehouseStorageCharges.month, warehouseStorageCharges.id);
}

export async function teamOf(db: Db | Tx, agencyId: string, teamId: string) {
  const [row] = await db.select({ name: sellerTeams.name, managerId: sellerTeams.managerId }).from(sellerTeams)
    .where(and(eq(sellerTeams.agencyId, agencyId), eq(sellerTeams.id, teamId)));
  return row;
}
