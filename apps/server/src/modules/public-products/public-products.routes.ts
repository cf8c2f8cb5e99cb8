import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { centsToDollars, idParam, publicProductResponse } from '@fbo/shared';
import type { AppContext } from '../../context';
import { basecostItems, productVariants, products, sellerTeams } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { safeHtml } from '../../lib/safe-html';

export async function publicProductRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/public/products/:id', {
    config: { permission: 'public' },
    schema: { tags: ['public'], summary: 'A product page anyone may open', params: idParam, response: { 200: publicProductResponse } },
  }, async (req) => {
    const [product] = await ctx.db.select().from(products).where(eq(products.id, req.params.id));
    if (!product) throw notFound('Product not found');
    // shipUsFirst: the team's base-cost first-item US standard shipping of the catalog variant each store variant is
    // mapped to (docs/stores.md "Mapping"), in the same query; unmapped, or no price in the team's group: none.
    const variants = await ctx.db
      .select({
        option1: productVariants.option1,
        option2: productVariants.option2,
        option3: productVariants.option3,
        priceCents: productVariants.priceCents,
        shipUsFirstCents: basecostItems.standardFirstCents,
      })
      .from(productVariants)
      .leftJoin(sellerTeams, and(eq(sellerTeams.id, product.sellerTeamId), eq(sellerTeams.agencyId, product.agencyId)))
      .leftJoin(
        basecostItems,
        and(eq(basecostItems.basecostId, sellerTeams.basecostId), eq(basecostItems.catalogVariantId, productVariants.catalogVariantId)),
      )
      .where(eq(productVariants.productId, product.id))
      .orderBy(asc(productVariants.position), asc(productVariants.id));
    return {
      data: {
        id: product.id,
        title: product.title,
        description: safeHtml(product.description),
        otherMockup: product.otherMockup,
        options: product.options,
        variants: variants.map((v) => ({
          option1: v.option1,
          option2: v.option2,
          option3: v.option3,
          price: centsToDollars(v.priceCents),
          shipUsFirst: v.shipUsFirstCents == null ? null : centsToDollars(v.shipUsFirstCents),
        })),
      },
    };
  });
}
