/**
 * The only Drizzle of the base-cost module. Every function takes the owner first: `agencyId` null
 * is the administrator (its price lists), set is one agency (its seller groups). There is no
 * unscoped path to another owner's base costs.
 */
import { and, asc, eq, getTableName, ilike, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BasecostCatalogOption, BasecostCatalogSummary, BasecostItem, BasecostListQuery, BasecostOption } from '@fbo/shared';
import { BASECOST_LIMITS, type BasecostPriceCents } from '@fbo/shared/domain/basecosts';
import type { Db, Tx } from '../../db/client';
import { agencies, agencyCatalogs, agencyVariantCosts, basecostItems, basecosts, catalogs, catalogVariants, sellerTeams } from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';

type Conn = Db | Tx;
export interface Owner {
  /** null: the administrator's price lists; set: that agency's groups. */
  agencyId: string | null;
}

/** The PostgreSQL error code under a driver or Drizzle error (23505 unique, 23503 foreign key). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A column named with its table, for correlated subqueries. */
const col = (c: AnyPgColumn) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;

const ownedBy = (owner: Owner) => (owner.agencyId === null ? isNull(basecosts.agencyId) : eq(basecosts.agencyId, owner.agencyId));
const live = (owner: Owner) => and(ownedBy(owner), isNull(basecosts.deletedAt));

// ----- select source -----

export async function listOptions(db: Conn, owner: Owner): Promise<BasecostOption[]> {
  return db.select({ id: basecosts.id, name: basecosts.name }).from(basecosts).where(live(owner)).orderBy(asc(sql`lower(${basecosts.name})`), asc(basecosts.id));
}

// ----- price lists and groups -----

const agencyCount = sql<number>`(select count(*) from ${agencies} where ${col(agencies.basecostId)} = ${col(basecosts.id)})`.mapWith(Number);
const sellerTeamCount = sql<number>`(select count(*) from ${sellerTeams} where ${col(sellerTeams.basecostId)} = ${col(basecosts.id)})`.mapWith(Number);
const catalogCount = sql<number>`(select count(distinct ${col(basecostItems.catalogId)}) from ${basecostItems}
  where ${col(basecostItems.basecostId)} = ${col(basecosts.id)})`.mapWith(Number);
const itemColumns = {
  id: basecosts.id,
  name: basecosts.name,
  description: basecosts.description,
  agencyCount,
  sellerTeamCount,
  catalogCount,
  createdAt: basecosts.createdAt,
  updatedAt: basecosts.updatedAt,
};
type ItemRow = Omit<BasecostItem, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toItem = (owner: Owner, r: ItemRow): BasecostItem => ({
  ...r,
  // Agencies buy at price lists, seller teams at groups: the other count is always 0.
  agencyCount: owner.agencyId === null ? r.agencyCount : 0,
  sellerTeamCount: owner.agencyId === null ? 0 : r.sellerTeamCount,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listBasecosts(db: Db, owner: Owner, q: BasecostListQuery) {
  const where = and(live(owner), q.search ? ilike(basecosts.name, likePattern(q.search)) : undefined);
  const { rows, count } = await pageWithCappedCount(db, sql`${basecosts}`, where, q, (countColumn) =>
    withPage(db.select({ ...itemColumns, ...countColumn }).from(basecosts), where, newestFirst(basecosts), q),
  );
  return { rows: rows.map((r) => toItem(owner, r)), count };
}

export async function basecostItem(db: Conn, owner: Owner, id: string): Promise<BasecostItem | undefined> {
  const [row] = await db.select(itemColumns).from(basecosts).where(and(live(owner), eq(basecosts.id, id)));
  return row && toItem(owner, row);
}

/** `lock`: 'update' before a change, so two changes of one base cost take turns. */
export async function findBasecost(db: Conn, owner: Owner, id: string, lock = false) {
  const query = db.select().from(basecosts).where(and(live(owner), eq(basecosts.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Names are unique per owner regardless of case, among base costs not deleted. */
export async function nameTaken(db: Conn, owner: Owner, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: basecosts.id })
    .from(basecosts)
    .where(and(live(owner), sql`lower(${basecosts.name}) = lower(${name})`, exceptId ? ne(basecosts.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertBasecost(tx: Tx, owner: Owner, values: { name: string; description: string }) {
  const [row] = await tx.insert(basecosts).values({ agencyId: owner.agencyId, ...values }).returning();
  return row!;
}

export async function updateBasecost(tx: Tx, owner: Owner, id: string, values: { name?: string; description?: string }) {
  await tx.update(basecosts).set({ ...values, updatedAt: new Date() }).where(and(live(owner), eq(basecosts.id, id)));
}

/** Soft delete: the items stay for the record (orders of the past were charged from them). */
export async function softDeleteBasecost(tx: Tx, owner: Owner, id: string) {
  await tx.update(basecosts).set({ deletedAt: new Date() }).where(and(live(owner), eq(basecosts.id, id)));
}

export async function countAgenciesUsing(db: Conn, id: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(agencies).where(eq(agencies.basecostId, id));
  return row?.n ?? 0;
}

export async function countSellerTeamsUsing(db: Conn, agencyId: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.agencyId, agencyId), eq(sellerTeams.basecostId, id)));
  return row?.n ?? 0;
}

// ----- catalogs in a base cost -----

/** Catalogs an owner may price: the administrator the master catalog; an agency those it offers and its own. */
function priceable(owner: Owner): SQL {
  if (owner.agencyId === null) return and(isNull(catalogs.agencyId), isNull(catalogs.deletedAt))!;
  return and(
    isNull(catalogs.deletedAt),
    or(
      eq(catalogs.agencyId, owner.agencyId),
      and(
        isNull(catalogs.agencyId),
        sql`exists (select 1 from ${agencyCatalogs} where ${col(agencyCatalogs.agencyId)} = ${owner.agencyId}
          and ${col(agencyCatalogs.catalogId)} = ${col(catalogs.id)})`,
      ),
    ),
  )!;
}

/**
 * The catalog as the owner sees it: `priceable` false when it exists but may not be priced by
 * this owner (a master catalog the agency does not offer); undefined when the owner may not see
 * it at all (another agency's own catalog, a deleted one).
 */
export async function findCatalog(db: Conn, owner: Owner, catalogId: string) {
  const [row] = await db
    .select({
      id: catalogs.id,
      name: catalogs.name,
      productCode: catalogs.productCode,
      type: catalogs.type,
      agencyId: catalogs.agencyId,
      priceable: sql<boolean>`${priceable(owner)}`,
    })
    .from(catalogs)
    .where(and(eq(catalogs.id, catalogId), isNull(catalogs.deletedAt)));
  if (!row) return undefined;
  if (row.agencyId !== null && row.agencyId !== owner.agencyId) return undefined;
  return { id: row.id, name: row.name, productCode: row.productCode, type: row.type, priceable: Boolean(row.priceable), master: row.agencyId === null };
}

const activeVariantCount = sql<number>`(select count(*) from ${catalogVariants}
  where ${col(catalogVariants.catalogId)} = ${col(catalogs.id)} and not ${col(catalogVariants.archived)})`.mapWith(Number);

/** The catalogs priced in a base cost, by name, with how many variants and the base price range. */
export async function pricedCatalogs(db: Conn, owner: Owner, basecostId: string): Promise<BasecostCatalogSummary[]> {
  const rows = await db
    .select({
      id: catalogs.id,
      name: catalogs.name,
      productCode: catalogs.productCode,
      type: catalogs.type,
      variantCount: activeVariantCount,
      pricedCount: sql<number>`count(*)`.mapWith(Number),
      minBase: sql<number>`min(${basecostItems.basePriceCents})`.mapWith(Number),
      maxBase: sql<number>`max(${basecostItems.basePriceCents})`.mapWith(Number),
      updatedAt: sql<Date>`max(${basecostItems.updatedAt})`.mapWith((v: string | Date) => new Date(v)),
      offered: sql<boolean>`bool_and(${priceable(owner)})`,
    })
    .from(basecostItems)
    .innerJoin(catalogs, eq(catalogs.id, basecostItems.catalogId))
    .where(and(eq(basecostItems.basecostId, basecostId), isNull(catalogs.deletedAt)))
    .groupBy(catalogs.id)
    .orderBy(asc(catalogs.name), asc(catalogs.id));
  return rows.map(({ minBase, maxBase, updatedAt, offered, ...r }) => ({
    ...r,
    minBasePrice: minBase / 100,
    maxBasePrice: maxBase / 100,
    offered: Boolean(offered),
    updatedAt: updatedAt.toISOString(),
  }));
}

/** Catalogs the owner may price, by name, with whether this base cost prices them already. */
export async function catalogOptions(db: Conn, owner: Owner, basecostId: string, search?: string): Promise<BasecostCatalogOption[]> {
  const pattern = search ? likePattern(search) : undefined;
  const rows = await db
    .select({
      id: catalogs.id,
      name: catalogs.name,
      productCode: catalogs.productCode,
      type: catalogs.type,
      priced: sql<boolean>`exists (select 1 from ${basecostItems} where ${col(basecostItems.basecostId)} = ${basecostId}
        and ${col(basecostItems.catalogId)} = ${col(catalogs.id)})`,
    })
    .from(catalogs)
    .where(and(priceable(owner), pattern ? or(ilike(catalogs.name, pattern), ilike(catalogs.productCode, pattern)) : undefined))
    .orderBy(asc(catalogs.name), asc(catalogs.id))
    .limit(BASECOST_LIMITS.catalogOptions);
  return rows.map((r) => ({ ...r, priced: Boolean(r.priced) }));
}

/** The catalog's variants still offered (archived ones left out), in the catalog's order. */
export async function variantsOf(db: Conn, catalogId: string) {
  return db
    .select({
      id: catalogVariants.id,
      catalogVariantCode: catalogVariants.catalogVariantCode,
      color: catalogVariants.color,
      size: catalogVariants.size,
      inStock: catalogVariants.inStock,
    })
    .from(catalogVariants)
    .where(and(eq(catalogVariants.catalogId, catalogId), eq(catalogVariants.archived, false)))
    .orderBy(asc(catalogVariants.createdAt), asc(catalogVariants.id));
}

export type ItemPrices = BasecostPriceCents & { catalogVariantId: string };
const priceColumns = {
  catalogVariantId: basecostItems.catalogVariantId,
  basePriceCents: basecostItems.basePriceCents,
  standardFirstCents: basecostItems.standardFirstCents,
  standardAdditionalCents: basecostItems.standardAdditionalCents,
  expressFirstCents: basecostItems.expressFirstCents,
  expressAdditionalCents: basecostItems.expressAdditionalCents,
  overnightFirstCents: basecostItems.overnightFirstCents,
  overnightAdditionalCents: basecostItems.overnightAdditionalCents,
};

/** The items of one catalog in base costs, by base cost. */
export async function itemsOf(db: Conn, basecostIds: string[], catalogId: string) {
  if (basecostIds.length === 0) return [];
  const rows = await db
    .select({ basecostId: basecostItems.basecostId, ...priceColumns })
    .from(basecostItems)
    .where(and(inArray(basecostItems.basecostId, basecostIds), eq(basecostItems.catalogId, catalogId)));
  return rows.map((r) => normalizeCents(r));
}

/** bigint columns may arrive as strings from some drivers: numbers from here on. */
function normalizeCents<T extends ItemPrices>(r: T): T {
  const n = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    ...r,
    basePriceCents: Number(r.basePriceCents),
    standardFirstCents: Number(r.standardFirstCents),
    standardAdditionalCents: Number(r.standardAdditionalCents),
    expressFirstCents: n(r.expressFirstCents),
    expressAdditionalCents: n(r.expressAdditionalCents),
    overnightFirstCents: n(r.overnightFirstCents),
    overnightAdditionalCents: n(r.overnightAdditionalCents),
  };
}

/**
 * Makes `rows` the catalog's items in the base cost: the listed variants are inserted or updated,
 * the catalog's other variants leave it. Returns how many left.
 */
export async function replaceCatalogItems(tx: Tx, basecostId: string, catalogId: string, rows: ItemPrices[]): Promise<number> {
  const keep = rows.map((r) => r.catalogVariantId);
  const removed = await tx
    .delete(basecostItems)
    .where(and(eq(basecostItems.basecostId, basecostId), eq(basecostItems.catalogId, catalogId), notInArray(basecostItems.catalogVariantId, keep)))
    .returning({ id: basecostItems.id });
  const now = new Date();
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(basecostItems)
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, basecostId, catalogId, updatedAt: now })))
      .onConflictDoUpdate({
        target: [basecostItems.basecostId, basecostItems.catalogVariantId],
        set: {
          basePriceCents: sql`excluded.base_price_cents`,
          standardFirstCents: sql`excluded.standard_first_cents`,
          standardAdditionalCents: sql`excluded.standard_additional_cents`,
          expressFirstCents: sql`excluded.express_first_cents`,
          expressAdditionalCents: sql`excluded.express_additional_cents`,
          overnightFirstCents: sql`excluded.overnight_first_cents`,
          overnightAdditionalCents: sql`excluded.overnight_additional_cents`,
          updatedAt: now,
        },
      });
  }
  return removed.length;
}

export async function deleteCatalogItems(tx: Tx, basecostId: string, catalogId: string): Promise<number> {
  const removed = await tx
    .delete(basecostItems)
    .where(and(eq(basecostItems.basecostId, basecostId), eq(basecostItems.catalogId, catalogId)))
    .returning({ id: basecostItems.id });
  return removed.length;
}

/** Touches the base cost so its list shows when its prices last changed. */
export async function touchBasecost(tx: Tx, id: string) {
  await tx.update(basecosts).set({ updatedAt: new Date() }).where(eq(basecosts.id, id));
}

// ----- the agency's own cost -----

/** What the platform charges the agency per variant of the catalog (agency_variant_costs), cents. */
export async function agencyCosts(db: Conn, agencyId: string, catalogId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ variantId: agencyVariantCosts.catalogVariantId, cents: agencyVariantCosts.costCents })
    .from(agencyVariantCosts)
    .where(and(eq(agencyVariantCosts.agencyId, agencyId), eq(agencyVariantCosts.catalogId, catalogId)));
  return new Map(rows.map((r) => [r.variantId, Number(r.cents)]));
}

/** The agency's groups by name, with their seller-team counts. */
export async function groupsOf(db: Conn, agencyId: string) {
  return db
    .select({ id: basecosts.id, name: basecosts.name, sellerTeamCount })
    .from(basecosts)
    .where(live({ agencyId }))
    .orderBy(asc(sql`lower(${basecosts.name})`), asc(basecosts.id));
}

/**
 * A transaction-scoped advisory lock on (owner, lower(name)): two concurrent creations or renames to
 * one name take turns, so the uniqueness check cannot be raced (there is no unique index: deleted
 * base costs keep their names).
 */
export async function lockName(tx: Tx, owner: Owner, name: string): Promise<void> {
  const key = `basecost-name:${owner.agencyId ?? 'admin'}:${name.toLowerCase()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
