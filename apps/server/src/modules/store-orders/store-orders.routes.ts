import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pullOrdersAnswer, pullOrdersBody } from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import { requestPull } from './store-orders.service';

/** Orders from stores: they arrive by webhook and the daily pull; the seller manager may pull a store's recent orders by hand. */
export async function storeOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = routeOptions('stores.seller', ['stores']);
  r.post('/api/stores/:id/pull-orders', manage.byId('Pull the store\u2019s orders updated since a day (a job: GET /api/jobs/{id} shows its progress)', { body: pullOrdersBody, response: { 202: pullOrdersAnswer } }),
    async (req, reply) => reply.code(202).send(await requestPull(ctx, req.actor!, req.params.id, req.body)));
}
