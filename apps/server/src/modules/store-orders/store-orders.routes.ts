import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pullOrdersAnswer, pullOrdersBody, pullableStoresResponse, syncNowAnswer, syncToItemAnswer, teamPullOrdersAnswer } from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import { requestPull, requestTeamPull, syncNow, teamPullableStores } from './store-orders.service';
import { syncToItem } from './store-order-sync-to-item';

/**
 * Orders from stores: they arrive by webhook and the daily pull; the seller manager may pull a store's recent orders
 * by hand, and the agency a team's when it turns Get order API on. A mapping made later reaches the waiting orders
 * through sync-to-item (the products section's: whoever maps the product applies it).
 */
export async function storeOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = routeOptions('stores.seller', ['stores']);
  r.post('/api/stores/:id/pull-orders', manage.byId('Pull the store\u2019s orders updated since a day (a job: GET /api/jobs/{id} shows its progress)', { body: pullOrdersBody, response: { 202: pullOrdersAnswer } }),
    async (req, reply) => reply.code(202).send(await requestPull(ctx, req.actor!, req.params.id, req.body)));
  r.post('/api/stores/:id/sync-now', manage.byId('Sync the store now: its products read again, and its orders since the last pull when the team takes store orders (jobs: GET /api/jobs/{id})', { response: { 202: syncNowAnswer } }),
    async (req, reply) => reply.code(202).send(await syncNow(ctx, req.actor!, req.params.id)));

  const sellers = routeOptions('sellers.agency', ['stores']);
  r.get('/api/seller-teams/:id/pullable-stores', sellers.byId('The team\u2019s stores whose orders a pull reads (connected platform stores; demo stores are never read)', { response: { 200: pullableStoresResponse } }),
    async (req) => teamPullableStores(ctx, req.actor!, req.params.id));
  r.post('/api/seller-teams/:id/pull-orders', sellers.byId('Pull the orders every connected store of the team updated since a day (one job per store); the team must have Get order API on', { body: pullOrdersBody, response: { 202: teamPullOrdersAnswer } }),
    async (req, reply) => reply.code(202).send(await requestTeamPull(ctx, req.actor!, req.params.id, req.body)));

  const products = routeOptions('products.manage', ['products']);
  r.put('/api/products/:id/sync-to-item', products.byId('Apply the product\u2019s current mapping to the team\u2019s open orders (Unfulfilled, Rejected) waiting for it: mapped lines get their catalog variant and artwork, ignored lines are removed; a store order left with every line ready is submitted after the store\u2019s delay', { response: { 200: syncToItemAnswer } }),
    async (req) => syncToItem(ctx, req.actor!, req.params.id));
}
