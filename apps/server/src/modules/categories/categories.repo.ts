/**
 * The only Drizzle of the categories module. `owner` is the category owner the caller acts for:
 * null = the administrator's master categories, an id = that agency's own.
 */
import { and, asc, eq, getTableName, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CategoryItem, CategoryListQuery, CategoryOption } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { agencyCatalogs, catalogCategories, catalogs, categories } from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';

type Conn = Db | Tx;

/** What a caller sees: the administrator the master categories; an agency those and its own. */
export type Scope = { kind: 'master' } | { kind: 'agency'; agencyId: string };

const col = (c: AnyPgColumn) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;

/** Categories the scope may read. */
function visible(scope: Scope): SQL | undefined {
  return scope.kind === 'master' ? isNull(categories.agencyId) : or(isNull(categories.agencyId), eq(categories.agencyId, scope.agencyId));
}

/** Categories the scope may change: only the ones it owns. */
export function owned(scope: Scope): SQL {
  return scope.kind === 'master' ? isNull(categories.agencyId) : eq(categories.agencyId, scope.agencyId);
}

/**
 * Catalogs (not deleted) filed under the category that the scope can see: every catalog for the
 * administrator; an agency its own catalogs and those it offers (no count leaks another tenant).
 */
function catalogCount(scope: Scope) {
  const seen =
    scope.kind === 'master'
      ? sql``
      : sql`and (${col(catalogs.agencyId)} = ${scope.agencyId} or exists (select 1 from ${agencyCatalogs}
          where ${col(agencyCatalogs.agencyId)} = ${scope.agencyId} and ${col(agencyCatalogs.catalogId)} = ${col(catalogs.id)}))`;
  return sql<number>`(select count(*) from ${catalogCategories} inner join ${catalogs} on ${col(catalogs.id)} = ${col(catalogCategories.catalogId)}
    where ${col(catalogCategories.categoryId)} = ${col(categories.id)} and ${col(catalogs.deletedAt)} is null ${seen})`.mapWith(Number);
}

const columns = (scope: Scope) => ({
  id: categories.id,
  name: categories.name,
  description: categories.description,
  agencyId: categories.agencyId,
  catalogCount: catalogCount(scope),
  createdAt: categories.createdAt,
});
const toItem = (r: Omit<CategoryItem, 'createdAt'> & { createdAt: Date }): CategoryItem => ({ ...r, createdAt: r.createdAt.toISOString() });

export async function list(db: Db, scope: Scope, q: CategoryListQuery) {
  const where = and(visible(scope), q.search ? ilike(categories.name, likePattern(q.search)) : undefined);
  const { rows, count } = await pageWithCappedCount(db, sql`${categories}`, where, q, (countColumn) =>
    withPage(db.select({ ...columns(scope), ...countColumn }).from(categories), where, newestFirst(categories), q),
  );
  return { rows: rows.map(toItem), count };
}

export async function options(db: Db, scope: Scope): Promise<CategoryOption[]> {
  return db
    .select({ id: categories.id, name: categories.name, agencyId: categories.agencyId })
    .from(categories)
    .where(visible(scope))
    .orderBy(asc(categories.name), asc(categories.id));
}

export async function item(db: Conn, scope: Scope, id: string): Promise<CategoryItem | undefined> {
  const [row] = await db.select(columns(scope)).from(categories).where(and(visible(scope), eq(categories.id, id)));
  return row && toItem(row);
}

/** A category the scope can see, locked for a change. */
export async function findVisible(db: Conn, scope: Scope, id: string, lock = false) {
  const query = db.select().from(categories).where(and(visible(scope), eq(categories.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Names are unique per owner whatever the case (the unique index has the last word). */
export async function nameTaken(db: Conn, scope: Scope, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(owned(scope), sql`lower(${categories.name}) = lower(${name})`, exceptId ? ne(categories.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insert(tx: Tx, scope: Scope, values: { name: string; description: string }) {
  const [row] = await tx
    .insert(categories)
    .values({ agencyId: scope.kind === 'agency' ? scope.agencyId : null, ...values })
    .returning();
  return row!;
}

export async function update(tx: Tx, scope: Scope, id: string, values: { name: string; description?: string }) {
  await tx.update(categories).set({ ...values, updatedAt: new Date() }).where(and(owned(scope), eq(categories.id, id)));
}

/** Deletes the category and its catalog links; answers the catalogs it was linked to. */
export async function remove(tx: Tx, scope: Scope, id: string): Promise<string[]> {
  const links = await tx.delete(catalogCategories).where(eq(catalogCategories.categoryId, id)).returning({ catalogId: catalogCategories.catalogId });
  await tx.delete(categories).where(and(owned(scope), eq(categories.id, id)));
  return links.map((l) => l.catalogId);
}
