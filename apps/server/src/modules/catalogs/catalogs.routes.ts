import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import { catalogListQuery, catalogListResponse, type CatalogListQuery, roleOf } from '@fbo/shared';
import type { Actor } from '@fbo/shared';
import type { AppContext } from '../../context';
import { agencyCatalogs, catalogs } from '../../db/schema/index';
import { cappedCount, likePattern, listAnswer } from '../../lib/list';

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

export async function catalogRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/catalogs', {
    config: { permission: ['catalogs.master', 'catalogs.supplier', 'catalogs.agency', 'catalogs.seller'] },
    schema: { tags: ['catalogs'], summary: 'Catalogs visible to the signed-in user', querystring: catalogListQuery, response: { 200: catalogListResponse } },
  }, async (req) => {
    const q = req.query;
    const where = scope(req.actor!, q);
    // Written out: inside a select list drizzle would leave the outer column unqualified.
    const variantCount = sql<number>`(select count(*)::int from catalog_variants cv where cv.catalog_id = "catalogs"."id")`;
    const [rows, count] = await Promise.all([
      ctx.db
        .select({ c: catalogs, variantCount })
        .from(catalogs)
        .where(where)
        .orderBy(desc(catalogs.createdAt), desc(catalogs.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      cappedCount(ctx.db, sql`${catalogs}`, where),
    ]);
    return listAnswer(
      rows.map(({ c, variantCount }) => ({
        id: c.id,
        name: c.name,
        productCode: c.productCode,
        type: c.type,
        dropship: c.dropship,
        isTrademark: c.isTrademark,
        publishStatus: c.publishStatus,
        active: c.active,
        image: c.mockupGallery[0] ?? null,
        sizeCount: c.sizes.length,
        colorCount: c.colors.length,
        variantCount: Number(variantCount),
        createdAt: c.createdAt.toISOString(),
      })),
      count,
      q,
    );
  });
}
