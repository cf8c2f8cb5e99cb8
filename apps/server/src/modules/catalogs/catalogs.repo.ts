import { and, asc, eq, exists, ilike, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { roleOf, type Actor, type CatalogListQuery } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import {
  agencies,
  agencyCatalogs,
  agencyVariantCosts,
  basecostItems,
  basecosts,
  catalogCategories,
  catalogVariants,
  catalogs,
  categories,
  domains,
  priceChangeLogs,
  sellerTeams,
  users,
} from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';

type Reader = Db | Tx;
export type CatalogRow = typeof catalogs.$inferSelect;
export type VariantRow = typeof catalogVariants.$inferSelect;

export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const offeredBy = (agencyId: string) =>
  exists(
    sql`(select 1 from ${agencyCatalogs} where ${agencyCatalogs.catalogId} = ${catalogs.id} and ${agencyCatalogs.agencyId} = ${agencyId})`,
  );

/**
 * The catalogs a user may see (never soft-deleted ones): administrators all; suppliers the master
 * catalogs of the fixed supplier scope; agency users the catalogs their agency offers (assigned
 * master catalogs and its own); sellers the active ones their agency offers that are out of Draft
 * (a draft is still being written: nobody should order from it).
 */
export function visibility(actor: Actor): SQL {
  const conds: SQL[] = [isNull(catalogs.deletedAt)];
  const role = roleOf(actor);
  if (role === 'supplier') {
    conds.push(isNull(catalogs.agencyId), eq(catalogs.dropship, true), eq(catalogs.isTrademark, true), eq(catalogs.active, true));
  } else if (actor.userType === 'agency') {
    const agencyId = actor.agencyId ?? '00000000-0000-0000-0000-000000000000';
    conds.push(or(offeredBy(agencyId), eq(catalogs.agencyId, agencyId))!);
  } else if (actor.userType === 'seller') {
    conds.push(offeredBy(actor.agencyId ?? '00000000-0000-0000-0000-000000000000'), eq(catalogs.active, true), ne(catalogs.publishStatus, 0));
  }
  return and(...conds)!;
}

function filters(actor: Actor, q: CatalogListQuery): SQL {
  const conds: (SQL | undefined)[] = [visibility(actor)];
  if (q.search) conds.push(or(ilike(catalogs.name, likePattern(q.search)), ilike(catalogs.productCode, likePattern(q.search))));
  if (q.type) conds.push(eq(catalogs.type, q.type));
  if (q.publishStatus !== undefined) conds.push(eq(catalogs.publishStatus, q.publishStatus));
  if (q.dropship !== undefined) conds.push(eq(catalogs.dropship, q.dropship));
  if (q.isTrademark !== undefined) conds.push(eq(catalogs.isTrademark, q.isTrademark));
  if (q.active !== undefined) conds.push(eq(catalogs.active, q.active));
  if (q.category) {
    conds.push(
      exists(
        sql`(select 1 from ${catalogCategories} where ${catalogCategories.catalogId} = ${catalogs.id} and ${catalogCategories.categoryId} = ${q.category})`,
      ),
    );
  }
  // The agency filter is the administrator's (agency detail card); others already see one agency.
  if (q.agency && actor.userType === 'administrator') conds.push(offeredBy(q.agency));
  return and(...conds)!;
}

/** One page of catalogs, newest first, with variant counts and a capped count. */
export async function listCatalogs(db: Db, actor: Actor, q: CatalogListQuery) {
  const where = filters(actor, q);
  // Written out: inside a select list drizzle would leave the outer column unqualified.
  const variantCount = sql<number>`(select count(*)::int from catalog_variants cv where cv.catalog_id = "catalogs"."id" and not cv.archived)`;
  const { rows, count } = await pageWithCappedCount(db, sql`${catalogs}`, where, q, (countColumn) =>
    withPage(db.select({ c: catalogs, variantCount, ...countColumn }).from(catalogs), where, newestFirst(catalogs), q),
  );
  return { rows, count };
}

export async function findVisible(db: Reader, actor: Actor, id: string, lock = false): Promise<CatalogRow | undefined> {
  const query = db.select().from(catalogs).where(and(eq(catalogs.id, id), visibility(actor)));
  const [row] = lock ? await query.for('update', { of: catalogs }) : await query;
  return row;
}

/** The categories of some catalogs, by catalog id, by name. */
export async function categoriesOf(db: Reader, catalogIds: string[]) {
  const map = new Map<string, { id: string; name: string }[]>();
  if (catalogIds.length === 0) return map;
  const rows = await db
    .select({ catalogId: catalogCategories.catalogId, id: categories.id, name: categories.name })
    .from(catalogCategories)
    .innerJoin(categories, eq(categories.id, catalogCategories.categoryId))
    .where(inArray(catalogCategories.catalogId, catalogIds))
    .orderBy(asc(categories.name));
  for (const r of rows) {
    const list = map.get(r.catalogId) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.catalogId, list);
  }
  return map;
}

/** The catalog's live variants (archived ones only stay for the costs and logs that name them). */
export async function liveVariants(db: Reader, catalogId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(catalogVariants)
    .where(and(eq(catalogVariants.catalogId, catalogId), eq(catalogVariants.archived, false)))
    .orderBy(asc(catalogVariants.createdAt), asc(catalogVariants.catalogVariantCode));
}

/** The categories an actor may file catalogs under: the administrator's, plus an agency's own. */
export async function visibleCategoryIds(db: Reader, actor: Actor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const owner = actor.userType === 'agency' && actor.agencyId ? or(isNull(categories.agencyId), eq(categories.agencyId, actor.agencyId)) : isNull(categories.agencyId);
  const rows = await db.select({ id: categories.id }).from(categories).where(and(inArray(categories.id, ids), owner));
  return new Set(rows.map((r) => r.id));
}

export async function productCodeTaken(db: Reader, code: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: catalogs.id })
    .from(catalogs)
    .where(and(sql`lower(${catalogs.productCode}) = lower(${code})`, exceptId ? ne(catalogs.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** Variant codes already used by other variants (any catalog, archived ones too). */
export async function takenVariantCodes(db: Reader, codes: string[], exceptIds: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: catalogVariants.catalogVariantCode })
    .from(catalogVariants)
    .where(
      and(
        inArray(sql`lower(${catalogVariants.catalogVariantCode})`, codes.map((c) => c.toLowerCase())),
        exceptIds.length ? notInArray(catalogVariants.id, exceptIds) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.code.toLowerCase()));
}

export async function insertCatalog(tx: Tx, values: typeof catalogs.$inferInsert): Promise<CatalogRow> {
  const [row] = await tx.insert(catalogs).values(values).returning();
  return row!;
}

export async function updateCatalog(tx: Tx, id: string, values: Partial<typeof catalogs.$inferInsert>): Promise<void> {
  await tx.update(catalogs).set({ ...values, updatedAt: new Date() }).where(eq(catalogs.id, id));
}

export async function setCategories(tx: Tx, catalogId: string, categoryIds: string[]): Promise<void> {
  await tx.delete(catalogCategories).where(eq(catalogCategories.catalogId, catalogId));
  if (categoryIds.length) await tx.insert(catalogCategories).values(categoryIds.map((categoryId) => ({ catalogId, categoryId })));
}

export async function offerToAgency(tx: Tx, agencyId: string, catalogId: string): Promise<void> {
  await tx.insert(agencyCatalogs).values({ agencyId, catalogId }).onConflictDoNothing();
}

export async function insertVariants(tx: Tx, catalogId: string, variants: { catalogVariantCode: string; color: string; size: string; inStock: boolean }[]) {
  if (variants.length === 0) return;
  for (let i = 0; i < variants.length; i += 500) {
    await tx.insert(catalogVariants).values(variants.slice(i, i + 500).map((v) => ({ ...v, catalogId })));
  }
}

export async function updateVariant(tx: Tx, id: string, values: { catalogVariantCode: string; color: string; size: string; inStock: boolean }) {
  await tx.update(catalogVariants).set({ ...values, updatedAt: new Date() }).where(eq(catalogVariants.id, id));
}

/** Every variant of the catalog, archived ones too: alternatives are resolved by code against them. */
export async function allVariants(db: Reader, catalogId: string): Promise<VariantRow[]> {
  return db.select().from(catalogVariants).where(eq(catalogVariants.catalogId, catalogId));
}

export async function setAlternative(tx: Tx, id: string, alternativeVariantId: string | null) {
  await tx.update(catalogVariants).set({ alternativeVariantId, updatedAt: new Date() }).where(eq(catalogVariants.id, id));
}

/** Variants that base costs, agency costs or price logs name: they are archived, not deleted. */
export async function referencedVariantIds(tx: Tx, catalogId: string, variantIds: string[]): Promise<Set<string>> {
  if (variantIds.length === 0) return new Set();
  // One after another: a transaction is one connection, which runs one query at a time.
  const costs = await tx.selectDistinct({ id: basecostItems.catalogVariantId }).from(basecostItems).where(inArray(basecostItems.catalogVariantId, variantIds));
  const agencyCosts = await tx
    .selectDistinct({ id: agencyVariantCosts.catalogVariantId })
    .from(agencyVariantCosts)
    .where(inArray(agencyVariantCosts.catalogVariantId, variantIds));
  const logs = await tx
    .select({ id: sql<string>`v->>'variantId'` })
    .from(sql`${priceChangeLogs}, jsonb_array_elements(${priceChangeLogs.variantChanged}) v`)
    .where(and(eq(priceChangeLogs.catalogId, catalogId), inArray(sql`v->>'variantId'`, variantIds)));
  return new Set([...costs, ...agencyCosts, ...logs].map((r) => r.id));
}

export async function archiveVariants(tx: Tx, ids: string[]) {
  if (ids.length) await tx.update(catalogVariants).set({ archived: true, updatedAt: new Date() }).where(inArray(catalogVariants.id, ids));
}

export async function deleteVariants(tx: Tx, ids: string[]) {
  if (ids.length) await tx.delete(catalogVariants).where(inArray(catalogVariants.id, ids));
}

// ----- bulk status, ask price -----

export async function lockCatalogs(tx: Tx, actor: Actor, ids: string[]): Promise<CatalogRow[]> {
  return tx.select().from(catalogs).where(and(inArray(catalogs.id, ids), visibility(actor))).for('update', { of: catalogs });
}

export async function setStatus(tx: Tx, ids: string[], status: number) {
  if (ids.length) await tx.update(catalogs).set({ publishStatus: status, updatedAt: new Date() }).where(inArray(catalogs.id, ids));
}

export async function activeSupplierIds(db: Reader): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.userType, 'supplier'), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

// ----- seller prices -----

/** The seller team's base cost, when it has one that is not deleted. */
export async function teamBasecostId(db: Reader, sellerTeamId: string | null): Promise<string | null> {
  if (!sellerTeamId) return null;
  const [row] = await db
    .select({ id: basecosts.id })
    .from(sellerTeams)
    .innerJoin(basecosts, and(eq(basecosts.id, sellerTeams.basecostId), isNull(basecosts.deletedAt)))
    .where(eq(sellerTeams.id, sellerTeamId));
  return row?.id ?? null;
}

/** The lowest base price (cents) per catalog in a base cost, over live variants. */
export async function fromPrices(db: Reader, basecostId: string, catalogIds: string[]): Promise<Map<string, number>> {
  if (catalogIds.length === 0) return new Map();
  const rows = await db
    .select({ catalogId: basecostItems.catalogId, min: sql<string>`min(${basecostItems.basePriceCents})` })
    .from(basecostItems)
    .innerJoin(catalogVariants, and(eq(catalogVariants.id, basecostItems.catalogVariantId), eq(catalogVariants.archived, false)))
    .where(and(eq(basecostItems.basecostId, basecostId), inArray(basecostItems.catalogId, catalogIds)))
    .groupBy(basecostItems.catalogId);
  return new Map(rows.map((r) => [r.catalogId, Number(r.min)]));
}

export async function basecostItemsOf(db: Reader, basecostId: string, catalogId: string) {
  return db
    .select()
    .from(basecostItems)
    .where(and(eq(basecostItems.basecostId, basecostId), eq(basecostItems.catalogId, catalogId)));
}

// ----- public partners, export -----

/** Active agencies with their first connected domain (else their first domain). */
export async function fulfillmentPartners(db: Db) {
  const domain = sql<string | null>`(select d.host from ${domains} d where d.agency_id = ${agencies.id} order by (d.connect_status = 1) desc, d.created_at asc limit 1)`;
  return db
    .select({ id: agencies.id, name: agencies.name, code: agencies.code, domain })
    .from(agencies)
    .where(eq(agencies.active, true))
    .orderBy(asc(agencies.name));
}

/** Every live variant of the agency's catalogs with the agency's cost (cents, null when none). */
export async function agencyExportRows(db: Db, actor: Actor, agencyId: string) {
  return db
    .select({
      productCode: catalogs.productCode,
      name: catalogs.name,
      type: catalogs.type,
      own: sql<boolean>`${catalogs.agencyId} is not null`,
      variantCode: catalogVariants.catalogVariantCode,
      color: catalogVariants.color,
      size: catalogVariants.size,
      inStock: catalogVariants.inStock,
      costCents: agencyVariantCosts.costCents,
    })
    .from(catalogs)
    .innerJoin(catalogVariants, and(eq(catalogVariants.catalogId, catalogs.id), eq(catalogVariants.archived, false)))
    .leftJoin(agencyVariantCosts, and(eq(agencyVariantCosts.agencyId, agencyId), eq(agencyVariantCosts.catalogVariantId, catalogVariants.id)))
    .where(visibility(actor))
    .orderBy(asc(catalogs.name), asc(catalogs.id), asc(catalogVariants.catalogVariantCode));
}
