import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publishJobAnswer, publishPricesBody, publishProductBody, publishStoresResponse } from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import * as service from './publishing.service';

/**
 * Publishing a catalog product to one of the team's stores (docs/publishing.md): the manager and staff, who change
 * the team's products ('products.manage'); the agency's users have no products pages (403); another team's store or
 * product is 404.
 */
export async function publishingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = routeOptions('products.manage', ['publishing']);

  r.get('/api/publishing/stores', manage('Where the team may publish: its manual stores and its connected platform stores', { response: { 200: publishStoresResponse } }),
    async (req) => service.stores(ctx, req.actor!));

  r.post('/api/publishing/products', manage('Publish a catalog product to a store, already mapped: a job (GET /api/jobs/{id}: progress, then result.productId)', { body: publishProductBody, response: { 202: publishJobAnswer } }),
    async (req, reply) => reply.code(202).send(await service.startPublish(ctx, req.actor!, req.body)));

  r.put('/api/publishing/products/:id/prices', manage.byId('Change a published product\u2019s retail prices (cents) and push them to the shop: a job', { body: publishPricesBody, response: { 202: publishJobAnswer } }),
    async (req, reply) => reply.code(202).send(await service.savePrices(ctx, req.actor!, req.params.id, req.body)));
}
