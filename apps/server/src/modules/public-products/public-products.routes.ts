import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { centsToDollars, idParam, publicProductResponse } from '@fbo/shared';
import type { AppContext } from '../../context';
import { productVariants, products } from '../../db/schema/index';
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
    const variants = await ctx.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(asc(productVariants.position));
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
          shipUsFirst: centsToDollars(v.shipUsFirstCents),
        })),
      },
    };
  });
}
