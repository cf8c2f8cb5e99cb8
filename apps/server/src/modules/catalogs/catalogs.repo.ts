import { and, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import { roleOf, type Actor, type CatalogListQuery } from '@fbo/shared';
import type { Db } from '../../db/client';
import { agencyCatalogs, catalogs } from '../../db/schema/index';
import { cappedCount, likePattern } from '../../lib/list';

/**
 * The catalogs a user may see: administrators all; suppliers the fixed supplier scope
 * (dropship, trademark, active); agency and seller users only what their agency offers.
 */
function scope(actor: Actor, q: CatalogListQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  const role = roleOf(actor);
  if (role === 'supplier') {
    conds.push(eq(catalogs.dropship, true), eq(catalogs.isTrademark, true), eq(catalogs.active, true));
  } else if (actor.userType === 'agency' || actor.userType === 'seller') {
    conds.push(
      exists(
        sql`(select 1 from ${agencyCatalogs} where ${agencyCatalogs.catalogId} = ${catalogs.id} and ${agencyCatalogs.agencyId} = ${actor.agencyId})`,
      ),
    );
  }
  if (q.search) conds.push(or(ilike(catalogs.name, likePattern(q.search)), ilike(catalogs.productCode, likePattern(q.search))));
  if (q.type) conds.push(eq(catalogs.type, q.type));
  if (q.publishStatus !== undefined) conds.push(eq(catalogs.publishStatus, q.publishStatus));
  if (q.dropship !== undefined) conds.push(eq(catalogs.dropship, q.dropship));
  if (q.isTrademark !== undefined) conds.push(eq(catalogs.isTrademark, q.isTrademark));
  if (q.active !== undefined) conds.push(eq(catalogs.active, q.active));
  return and(...conds);
}

/** One page of catalogs, newest first, with variant counts and a capped count. */
export async function listCatalogs(db: Db, actor: Actor, q: CatalogListQuery) {
  const where = scope(actor, q);
  // Written out: inside a select list drizzle would leave the outer column unqualified.
  const variantCount = sql<number>`(select count(*)::int from catalog_variants cv where cv.catalog_id = "catalogs"."id")`;
  const [rows, count] = await Promise.all([
    db
      .select({ c: catalogs, variantCount })
      .from(catalogs)
      .where(where)
      .orderBy(desc(catalogs.createdAt), desc(catalogs.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    cappedCount(db, sql`${catalogs}`, where),
  ]);
  return { rows, count };
}
