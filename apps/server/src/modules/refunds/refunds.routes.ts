import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refundAnswer, refundBody, refundOverview } from '@fbo/shared';
import type { AppContext } from '../../context';
import { idempotencyOf } from '../money';
import { routeOptions, sendMoneyAnswer } from '../../lib/routes';
import * as service from './refunds.service';

/**
 * Refunds of orders (docs/orders.md, "Refunds"). The agency's owner and customer support refund
 * ('orders.refund'); the seller reads its own order's refunds ('orders.seller'). Tenant scope is
 * the service's: another agency's or team's order is not found.
 */
export async function refundRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const read = routeOptions(['orders.refund', 'orders.seller'], tags);
  const refund = routeOptions('orders.refund', tags);

  r.get('/api/orders/:id/refunds', read.byId("The order's refunds and what is still refundable, per item and in total", { response: { 200: refundOverview } }),
    async (req) => service.overview(ctx, req.actor!, req.params.id));

  r.post('/api/orders/:id/refund', refund.byId(
    'Refund a charged order into the seller wallet: everything, some item units, or a smaller amount (Idempotency-Key)',
    { body: refundBody, response: { 201: refundAnswer } },
  ), async (req, reply) => sendMoneyAnswer(reply, await service.refund(ctx, req.actor!, idempotencyOf(req), req.params.id, req.body)));
}
