import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderListQuery, orderListResponse } from '@fbo/shared';
import type { AppContext } from '../../context';
import { orderList } from './orders.service';

const query = orderListQuery.extend({ hireDesign: z.stringbool().optional() });

export async function orderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/orders', {
    config: { permission: ['orders.agency', 'orders.design', 'orders.seller'] },
    schema: { tags: ['orders'], summary: 'Orders visible to the signed-in user', querystring: query, response: { 200: orderListResponse } },
  }, (req) => orderList(ctx, req.actor!, req.query));
}
