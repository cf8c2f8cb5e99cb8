/**
 * The only Drizzle of the administrator's agencies module (list, create, update, delete, members,
 * the catalogs an agency offers and what it pays for them).
 */
import { and, asc, eq, getTableName, ilike, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { AgencyItem, AgencyListQuery, AgencyMember, NotAddedItem, NotAddedQuery } from '@fbo/shared';
import { executedRows, type Db, type Tx } from '../../db/client';
import {
  agencies,
  agencyCatalogs,
  agencyVariantCosts,
  basecostItems,
  basecosts,
  catalogs,
  catalogVariants,
  categories,
  domains,
  emailMessages,
  files,
  jobFiles,
  jobs,
  mailTemplates,
  notifications,
  proxies,
  proxyGroups,
  sellerTeams,
  userProxies,
  users,
} from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';

type Conn = Db | Tx;

const col = (c: AnyPgColumn) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;

/** The constraint a unique violation names (agencies_code_uq, users_email_uq...). */
export function pgConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

// ----- agencies -----

/** The first connected domain, else the first domain (oldest first), else null. */
const primaryDomain = sql<string | null>`(select ${col(domains.host)} from ${domains} where ${col(domains.agencyId)} = ${col(agencies.id)}
  order by (${col(domains.connectStatus)} = 1) desc, ${col(domains.createdAt)} asc, ${col(domains.id)} asc limit 1)`;

const agencyColumns = {
  id: agencies.id,
  name: agencies.name,
  code: agencies.code,
  active: agencies.active,
  managerId: agencies.managerId,
  managerEmail: users.email,
  managerName: users.fullName,
  basecostId: agencies.basecostId,
  basecostName: basecosts.name,
  primaryDomain,
  createdAt: agencies.createdAt,
};
type AgencyRow = Omit<AgencyItem, 'createdAt' | 'managerEmail' | 'managerName' | 'basecostName'> & {
  managerEmail: string | null;
  managerName: string | null;
  basecostName: string | null;
  createdAt: Date;
};
const toAgencyItem = (r: AgencyRow): AgencyItem => ({ ...r, createdAt: r.createdAt.toISOString() });

/** `extra`: more columns, such as a list's capped count (lib/list.ts). */
function agencySelect<E extends SelectedFields = Record<never, never>>(db: Conn, extra?: E) {
  return db
    .select({ ...agencyColumns, ...(extra as E) })
    .from(agencies)
    .leftJoin(users, eq(users.id, agencies.managerId))
    .leftJoin(basecosts, eq(basecosts.id, agencies.basecostId));
}

export async function listAgencies(db: Db, q: AgencyListQuery) {
  const pattern = q.search ? likePattern(q.search) : undefined;
  const where = pattern
    ? or(
        ilike(agencies.name, pattern),
        ilike(agencies.code, pattern),
        sql`exists (select 1 from ${users} where ${col(users.id)} = ${col(agencies.managerId)} and ${col(users.email)} ilike ${pattern})`,
      )
    : undefined;
  const { rows, count } = await pageWithCappedCount(db, sql`${agencies}`, where, q, (countColumn) =>
    withPage(agencySelect(db, countColumn), where, newestFirst(agencies), q),
  );
  return { rows: rows.map(toAgencyItem), count };
}

export async function agencyItem(db: Conn, id: string): Promise<AgencyItem | undefined> {
  const [row] = await agencySelect(db).where(eq(agencies.id, id));
  return row && toAgencyItem(row);
}

/** `lock`: held to the end of the transaction, so changes of one agency take turns. */
export async function findAgency(db: Conn, id: string, lock = false) {
  const query = db.select().from(agencies).where(eq(agencies.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Codes are unique whatever the case: 'demo' and 'DEMO' would read as one agency. */
export async function codeTaken(db: Conn, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(sql`lower(${agencies.code}) = lower(${code})`, exceptId ? ne(agencies.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** An administrator base cost (no agency, not deleted). */
export async function adminBasecost(db: Conn, id: string) {
  const [row] = await db
    .select({ id: basecosts.id, name: basecosts.name })
    .from(basecosts)
    .where(and(eq(basecosts.id, id), isNull(basecosts.agencyId), isNull(basecosts.deletedAt)));
  return row;
}

export async function userByEmail(db: Conn, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).for('update');
  return row;
}

export async function insertAgency(tx: Tx, values: typeof agencies.$inferInsert) {
  const [row] = await tx.insert(agencies).values(values).returning();
  return row!;
}

export async function updateAgency(tx: Tx, id: string, values: Partial<typeof agencies.$inferInsert>) {
  await tx.update(agencies).set({ ...values, updatedAt: new Date() }).where(eq(agencies.id, id));
}

export async function insertOwner(tx: Tx, values: { email: string; fullName: string; passwordHash: string; agencyId: string }) {
  const [row] = await tx
    .insert(users)
    .values({ ...values, userType: 'agency', authority: 'owner', isSubUser: false, status: 'pending' })
    .returning();
  return row!;
}

/** Makes an existing user, bound to nothing, the agency's owner. */
export async function bindOwner(tx: Tx, userId: string, agencyId: string) {
  await tx
    .update(users)
    .set({ userType: 'agency', authority: 'owner', isSubUser: false, agencyId, sellerTeamId: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

// ----- members -----

export async function members(db: Db, agencyId: string, q: { page: number; limit: number }) {
  const where = and(eq(users.agencyId, agencyId), isNull(users.deletedAt));
  const { rows, count } = await pageWithCappedCount(db, sql`${users}`, where, q, (countColumn) =>
    withPage(
      db.select({ id: users.id, fullName: users.fullName, email: users.email, userType: users.userType, authority: users.authority, ...countColumn }).from(users),
      where, [asc(users.userType), asc(users.createdAt), asc(users.id)], q,
    ),
  );
  return { rows: rows as AgencyMember[], count };
}

// ----- delete -----

/** What keeps an agency from being deleted: seller teams, users besides the owner, own catalogs. */
export async function holdings(db: Conn, agencyId: string, ownerId: string | null) {
  const n = sql<number>`count(*)`.mapWith(Number);
  // In turn: `db` may be a transaction (one connection, one query at a time).
  const [teams] = await db.select({ n }).from(sellerTeams).where(eq(sellerTeams.agencyId, agencyId));
  const [others] = await db
    .select({ n })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), isNull(users.deletedAt), ownerId ? ne(users.id, ownerId) : undefined));
  const [own] = await db.select({ n }).from(catalogs).where(eq(catalogs.agencyId, agencyId));
  return { teams: teams?.n ?? 0, users: others?.n ?? 0, catalogs: own?.n ?? 0 };
}

/**
 * Deletes the agency and what only it used: its catalog offer and costs, categories, seller base
 * costs, proxies, domains, mail templates and history, notifications, job files and uploads. The
 * owner account is soft-deleted (it can no longer sign in) and, with users deleted earlier, keeps
 * its row but leaves the agency. Anything else still naming the agency makes the delete fail (23503).
 */
export async function deleteAgency(tx: Tx, agencyId: string) {
  await tx.delete(agencyVariantCosts).where(eq(agencyVariantCosts.agencyId, agencyId));
  await tx.delete(agencyCatalogs).where(eq(agencyCatalogs.agencyId, agencyId));
  await tx.delete(categories).where(eq(categories.agencyId, agencyId));
  const groups = tx.select({ id: basecosts.id }).from(basecosts).where(eq(basecosts.agencyId, agencyId));
  await tx.delete(basecostItems).where(inArray(basecostItems.basecostId, groups));
  await tx.delete(basecosts).where(eq(basecosts.agencyId, agencyId));
  const agencyProxies = tx.select({ id: proxies.id }).from(proxies).where(eq(proxies.agencyId, agencyId));
  await tx.delete(userProxies).where(inArray(userProxies.proxyId, agencyProxies));
  await tx.delete(proxies).where(eq(proxies.agencyId, agencyId));
  await tx.delete(proxyGroups).where(eq(proxyGroups.agencyId, agencyId));
  await tx.delete(domains).where(eq(domains.agencyId, agencyId));
  await tx.delete(mailTemplates).where(eq(mailTemplates.agencyId, agencyId));
  await tx.delete(emailMessages).where(eq(emailMessages.agencyId, agencyId));
  await tx.delete(notifications).where(eq(notifications.agencyId, agencyId));
  const agencyJobs = tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.agencyId, agencyId));
  await tx.delete(jobFiles).where(or(eq(jobFiles.agencyId, agencyId), inArray(jobFiles.jobId, agencyJobs)));
  await tx.delete(jobs).where(eq(jobs.agencyId, agencyId));
  await tx.delete(files).where(eq(files.agencyId, agencyId));
  const now = new Date();
  const owners = await tx
    .update(users)
    .set({ agencyId: null, deletedAt: sql`coalesce(${users.deletedAt}, ${now})`, status: 'disabled', tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.agencyId, agencyId))
    .returning({ id: users.id });
  await tx.delete(agencies).where(eq(agencies.id, agencyId));
  return owners.map((u) => u.id);
}

// ----- catalogs of an agency -----

const variantCount = (field: 'size' | 'color') =>
  sql<number>`(select count(distinct ${sql.identifier(field)}) from ${catalogVariants}
    where ${col(catalogVariants.catalogId)} = ${col(catalogs.id)} and not ${col(catalogVariants.archived)})`.mapWith(Number);

/** Master catalogs (not deleted) the agency does not offer yet: the 'Product Catalog List'. */
export async function notAdded(db: Db, agencyId: string, q: NotAddedQuery) {
  const where = and(
    isNull(catalogs.agencyId),
    isNull(catalogs.deletedAt),
    notExists(
      db
        .select({ one: sql`1` })
        .from(agencyCatalogs)
        .where(and(eq(agencyCatalogs.agencyId, agencyId), sql`${col(agencyCatalogs.catalogId)} = ${col(catalogs.id)}`)),
    ),
    q.search ? or(ilike(catalogs.name, likePattern(q.search)), ilike(catalogs.productCode, likePattern(q.search))) : undefined,
    q.type ? eq(catalogs.type, q.type) : undefined,
    q.publishStatus !== undefined ? eq(catalogs.publishStatus, q.publishStatus) : undefined,
    q.dropship !== undefined ? eq(catalogs.dropship, q.dropship) : undefined,
    q.isTrademark !== undefined ? eq(catalogs.isTrademark, q.isTrademark) : undefined,
  );
  const { rows, count } = await pageWithCappedCount(db, sql`${catalogs}`, where, q, (countColumn) =>
    withPage(
      db
        .select({
          id: catalogs.id,
          name: catalogs.name,
          productCode: catalogs.productCode,
          type: catalogs.type,
          dropship: catalogs.dropship,
          isTrademark: catalogs.isTrademark,
          publishStatus: catalogs.publishStatus,
          image: sql<string | null>`${col(catalogs.mockupGallery)} ->> 0`,
          sizeCount: variantCount('size'),
          colorCount: variantCount('color'),
          createdAt: catalogs.createdAt,
          ...countColumn,
        })
        .from(catalogs),
      where, newestFirst(catalogs), q,
    ),
  );
  return { rows: rows.map((r): NotAddedItem => ({ ...r, createdAt: r.createdAt.toISOString() })), count };
}

/** Of these ids, the master catalogs that exist and are not deleted. */
export async function masterCatalogIds(db: Conn, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: catalogs.id })
    .from(catalogs)
    .where(and(inArray(catalogs.id, ids), isNull(catalogs.agencyId), isNull(catalogs.deletedAt)));
  return rows.map((r) => r.id);
}

/** Of these ids (every one when `ids` is undefined), the catalogs the agency offers. */
export async function assignedCatalogIds(db: Conn, agencyId: string, ids?: string[]): Promise<string[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({ id: agencyCatalogs.catalogId })
    .from(agencyCatalogs)
    .where(and(eq(agencyCatalogs.agencyId, agencyId), ids ? inArray(agencyCatalogs.catalogId, ids) : undefined));
  return rows.map((r) => r.id);
}

/**
 * Offers the catalogs and fills the agency's cost of each of their variants (archived ones aside)
 * from the agency's administrator base cost; 0 where it has no price. Answers the cost rows made.
 */
export async function assignCatalogs(tx: Tx, agencyId: string, basecostId: string | null, catalogIds: string[]): Promise<number> {
  if (catalogIds.length === 0) return 0;
  await tx.insert(agencyCatalogs).values(catalogIds.map((catalogId) => ({ agencyId, catalogId }))).onConflictDoNothing();
  const price = basecostId
    ? sql`coalesce((select ${col(basecostItems.basePriceCents)} from ${basecostItems}
        where ${col(basecostItems.basecostId)} = ${basecostId} and ${col(basecostItems.catalogVariantId)} = ${col(catalogVariants.id)}), 0)`
    : sql`0`;
  const result = await tx.execute(sql`
    insert into ${agencyVariantCosts} (agency_id, catalog_id, catalog_variant_id, cost_cents)
    select ${agencyId}, ${col(catalogVariants.catalogId)}, ${col(catalogVariants.id)}, ${price}
    from ${catalogVariants}
    where ${inArray(catalogVariants.catalogId, catalogIds)} and not ${col(catalogVariants.archived)}
    on conflict (agency_id, catalog_variant_id) do nothing
    returning 1`);
  return executedRows(result).length;
}

/** Withdraws the catalogs and deletes the agency's cost rows of them. Answers the cost rows removed. */
export async function unassignCatalogs(tx: Tx, agencyId: string, catalogIds: string[]): Promise<number> {
  if (catalogIds.length === 0) return 0;
  const removed = await tx
    .delete(agencyVariantCosts)
    .where(and(eq(agencyVariantCosts.agencyId, agencyId), inArray(agencyVariantCosts.catalogId, catalogIds)))
    .returning({ id: agencyVariantCosts.catalogVariantId });
  await tx.delete(agencyCatalogs).where(and(eq(agencyCatalogs.agencyId, agencyId), inArray(agencyCatalogs.catalogId, catalogIds)));
  return removed.length;
}

/** The agency's cost rows of these catalogs, with the administrator base price (null: none). */
export async function costRows(tx: Tx, agencyId: string, basecostId: string | null, catalogIds: string[]) {
  if (catalogIds.length === 0) return [];
  return tx
    .select({
      variantId: agencyVariantCosts.catalogVariantId,
      catalogId: agencyVariantCosts.catalogId,
      costCents: agencyVariantCosts.costCents,
      baseCents: basecostItems.basePriceCents,
    })
    .from(agencyVariantCosts)
    .leftJoin(
      basecostItems,
      and(
        basecostId ? eq(basecostItems.basecostId, basecostId) : sql`false`,
        eq(basecostItems.catalogVariantId, agencyVariantCosts.catalogVariantId),
      ),
    )
    .where(and(eq(agencyVariantCosts.agencyId, agencyId), inArray(agencyVariantCosts.catalogId, catalogIds)))
    .for('update', { of: agencyVariantCosts });
}

/** Writes new costs in one statement: `changes` is [{variantId, costCents}]. */
export async function writeCosts(tx: Tx, agencyId: string, changes: { variantId: string; costCents: number }[]) {
  if (changes.length === 0) return;
  await tx.execute(sql`
    update ${agencyVariantCosts} set cost_cents = v.cost, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(changes.map((c) => ({ id: c.variantId, cost: c.costCents })))}::jsonb) as v(id uuid, cost bigint)
    where ${col(agencyVariantCosts.agencyId)} = ${agencyId} and ${col(agencyVariantCosts.catalogVariantId)} = v.id`);
}

