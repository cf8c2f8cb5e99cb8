/**
 * The only Drizzle of the supplier-prices module. Every catalog read goes through `catalogScope`:
 * a supplier reaches only the supplier catalog's fixed scope (dropship, trademark, active, not
 * deleted); an administrator any catalog still on the books.
 */
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { roleOf, type Actor, type PriceExportQuery, type PriceLogHistoriesQuery } from '@fbo/shared';
import type { PriceLogType } from '@fbo/shared/domain/supplier-prices';
import type { Db, Tx } from '../../db/client';
import { catalogs, catalogVariants, priceChangeLogs, users, type PriceLogVariant } from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';
import { readJobFile } from '../jobs';

type Conn = Db | Tx;

/**
 * A list as ONE PostgreSQL array parameter (`{"a","b"}`), for `= any(...)` and `unnest(...)`:
 * thousands of SKUs or rows cost one bound value, not one each.
 */
const pgArray = (values: readonly (string | number | boolean)[]) =>
  `{${values.map((v) => (typeof v === 'string' ? `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"` : String(v))).join(',')}}`;
const anyOf = (column: SQL | AnyColumn, values: readonly string[], type: 'uuid' | 'text') =>
  sql`${column} = any(${pgArray(values)}::${sql.raw(type)}[])`;

/** The supplier catalog: dropship trademark catalogs that are active and not deleted. */
export const supplierScope = (): SQL =>
  and(eq(catalogs.dropship, true), eq(catalogs.isTrademark, true), eq(catalogs.active, true), isNull(catalogs.deletedAt))!;

/** What the actor may price: suppliers the fixed scope, administrators every catalog not deleted. */
export function catalogScope(actor: Actor): SQL {
  return roleOf(actor) === 'administrator' ? isNull(catalogs.deletedAt) : supplierScope();
}

export type CatalogRow = typeof catalogs.$inferSelect;
export type VariantRow = typeof catalogVariants.$inferSelect;

/** `lock`: the catalog row stays locked until the transaction ends, so two saves take turns. */
export async function findCatalog(db: Conn, actor: Actor, id: string, lock = false): Promise<CatalogRow | undefined> {
  const query = db.select().from(catalogs).where(and(eq(catalogs.id, id), catalogScope(actor)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The catalog's variants still on it (archived ones are kept for old orders only), by SKU. */
export async function listVariants(db: Conn, catalogId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(catalogVariants)
    .where(and(eq(catalogVariants.catalogId, catalogId), eq(catalogVariants.archived, false)))
    .orderBy(asc(catalogVariants.catalogVariantCode));
}

export async function variantsOf(db: Conn, catalogId: string, ids: string[]): Promise<VariantRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(catalogVariants)
    .where(and(eq(catalogVariants.catalogId, catalogId), eq(catalogVariants.archived, false), inArray(catalogVariants.id, ids)));
}

export interface VariantPrice {
  id: string;
  inStock: boolean;
  supplierMinPriceCents: number;
  supplierMaxPriceCents: number;
  supplierQuantity: number;
}

/** One statement for many variants (`UPDATE ... FROM unnest(arrays)`), never one query per row. */
export async function updateVariantPrices(tx: Tx, rows: VariantPrice[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update catalog_variants as v
    set in_stock = x.in_stock, supplier_min_price_cents = x.min_cents, supplier_max_price_cents = x.max_cents,
        supplier_quantity = x.quantity, updated_at = now()
    from unnest(
      ${pgArray(rows.map((r) => r.id))}::uuid[], ${pgArray(rows.map((r) => r.inStock))}::boolean[],
      ${pgArray(rows.map((r) => r.supplierMinPriceCents))}::bigint[], ${pgArray(rows.map((r) => r.supplierMaxPriceCents))}::bigint[],
      ${pgArray(rows.map((r) => r.supplierQuantity))}::int[]
    ) as x(id, in_stock, min_cents, max_cents, quantity)
    where v.id = x.id`);
}

export async function updateCatalogPriceStatus(tx: Tx, id: string, values: { publishStatus: number; note: string }): Promise<void> {
  await tx.update(catalogs).set({ ...values, updatedAt: new Date() }).where(eq(catalogs.id, id));
}

// ----- price-change logs -----

export interface NewPriceLog {
  catalogId: string;
  createdUserId: string;
  createdUserEmail: string;
  status: number;
  note: string;
  type: PriceLogType;
  variantChanged: PriceLogVariant[];
}

export async function insertLogs(tx: Tx, logs: NewPriceLog[]): Promise<string[]> {
  if (logs.length === 0) return [];
  const rows = await tx.insert(priceChangeLogs).values(logs).returning({ id: priceChangeLogs.id });
  return rows.map((r) => r.id);
}

const logColumns = {
  log: priceChangeLogs,
  catalogName: catalogs.name,
  productCode: catalogs.productCode,
};
export type LogRow = { log: typeof priceChangeLogs.$inferSelect; catalogName: string; productCode: string };

/** A page of logs, newest first, of catalogs the actor may price (deleted ones included for the administrator's history). */
export async function listLogs(db: Db, actor: Actor, q: PriceLogHistoriesQuery) {
  const scope = roleOf(actor) === 'administrator' ? undefined : supplierScope();
  const where = and(scope, q.catalog ? eq(priceChangeLogs.catalogId, q.catalog) : undefined, q.type ? eq(priceChangeLogs.type, q.type) : undefined);
  const { rows, count } = await pageWithCappedCount(db, sql`${priceChangeLogs} inner join ${catalogs} on ${catalogs.id} = ${priceChangeLogs.catalogId}`, where, q, (countColumn) =>
    withPage(
      db.select({ ...logColumns, ...countColumn }).from(priceChangeLogs).innerJoin(catalogs, eq(catalogs.id, priceChangeLogs.catalogId)),
      where, newestFirst(priceChangeLogs), q,
    ),
  );
  return { rows, count };
}

export async function logRow(db: Conn, id: string): Promise<LogRow | undefined> {
  const [row] = await db.select(logColumns).from(priceChangeLogs).innerJoin(catalogs, eq(catalogs.id, priceChangeLogs.catalogId)).where(eq(priceChangeLogs.id, id));
  return row;
}

export async function userEmail(db: Conn, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

// ----- export and import -----

export interface SheetVariant {
  id: string;
  catalogId: string;
  productCode: string;
  catalogVariantCode: string;
  color: string;
  size: string;
  inStock: boolean;
  supplierMinPriceCents: number;
  supplierMaxPriceCents: number;
  supplierQuantity: number;
}
const sheetColumns = {
  id: catalogVariants.id,
  catalogId: catalogVariants.catalogId,
  productCode: catalogs.productCode,
  catalogVariantCode: catalogVariants.catalogVariantCode,
  color: catalogVariants.color,
  size: catalogVariants.size,
  inStock: catalogVariants.inStock,
  supplierMinPriceCents: catalogVariants.supplierMinPriceCents,
  supplierMaxPriceCents: catalogVariants.supplierMaxPriceCents,
  supplierQuantity: catalogVariants.supplierQuantity,
};

/** One row per variant of the supplier catalog's scope and the list's filters; `limit` caps it. */
export async function exportVariants(db: Db, q: PriceExportQuery, limit: number): Promise<SheetVariant[]> {
  const where = and(
    supplierScope(),
    eq(catalogVariants.archived, false),
    q.search ? or(ilike(catalogs.name, likePattern(q.search)), ilike(catalogs.productCode, likePattern(q.search))) : undefined,
    q.publishStatus !== undefined ? eq(catalogs.publishStatus, q.publishStatus) : undefined,
    q.dropship !== undefined ? eq(catalogs.dropship, q.dropship) : undefined,
    q.isTrademark !== undefined ? eq(catalogs.isTrademark, q.isTrademark) : undefined,
  );
  return db
    .select(sheetColumns)
    .from(catalogVariants)
    .innerJoin(catalogs, eq(catalogs.id, catalogVariants.catalogId))
    .where(where)
    .orderBy(desc(catalogs.createdAt), asc(catalogs.id), asc(catalogVariants.catalogVariantCode))
    .limit(limit);
}

/** Variants of the supplier catalog's scope with these SKUs. */
export async function variantsBySku(db: Conn, skus: string[]): Promise<SheetVariant[]> {
  if (skus.length === 0) return [];
  return db
    .select(sheetColumns)
    .from(catalogVariants)
    .innerJoin(catalogs, eq(catalogs.id, catalogVariants.catalogId))
    .where(and(supplierScope(), eq(catalogVariants.archived, false), anyOf(catalogVariants.catalogVariantCode, skus, 'text')));
}

/**
 * Locks these catalogs (in id order, so two imports and a dialog save never deadlock) and answers
 * those still in the supplier scope with their current status.
 */
export async function lockScopedCatalogs(tx: Tx, ids: string[]): Promise<{ id: string; publishStatus: number }[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: catalogs.id, publishStatus: catalogs.publishStatus })
    .from(catalogs)
    .where(and(anyOf(catalogs.id, ids, 'uuid'), supplierScope()))
    .orderBy(asc(catalogs.id))
    .for('update');
}

/** Current values of these variants (read under the catalogs' locks). */
export async function variantsById(tx: Tx, ids: string[]): Promise<SheetVariant[]> {
  if (ids.length === 0) return [];
  return tx
    .select(sheetColumns)
    .from(catalogVariants)
    .innerJoin(catalogs, eq(catalogs.id, catalogVariants.catalogId))
    .where(and(anyOf(catalogVariants.id, ids, 'uuid'), eq(catalogVariants.archived, false)));
}

export async function jobFile(db: Conn, id: string) {
  return readJobFile(db, id);
}
