import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  calcBasecostBody,
  calcBasecostResponse,
  changeRequestAnswer,
  changeRequestList,
  createChangeRequestBody,
  itemCodeAnswer,
  resolveChangeRequestBody,
  updateItemCodeBody,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import * as service from './order-changes.service';

/**
 * Change requests and item updates (docs/orders.md, "Change requests and item updates"). Sellers
 * ask ('orders.seller.act'), the agency resolves ('orders.agency.act'); both read. Who may do what
 * on which order is checked in the service; another tenant's record is a 404.
 */
export async function orderChangeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const read = routeOptions(['orders.agency', 'orders.seller'], tags);
  const act = routeOptions(['orders.seller.act', 'orders.agency.act'], tags);
  const sellerAct = routeOptions('orders.seller.act', tags);

  r.get('/api/orders/:id/change-requests', read.byId("The order's change requests, newest first", { response: { 200: changeRequestList } }),
    async (req) => ({ data: await service.list(ctx.db, req.actor!, req.params.id) }));

  r.post('/api/orders/:id/change-requests', sellerAct.byId('The seller asks for a change on one item of an approved order', { body: createChangeRequestBody, response: { 201: changeRequestAnswer } }),
    async (req, reply) => reply.code(201).send(await service.create(ctx, req.actor!, req.params.id, req.body)));

  r.put('/api/orders/update-change-history', act('The agency approves (applies) or cancels a change request; a seller cancels its own pending one', { body: resolveChangeRequestBody, response: { 200: changeRequestAnswer } }),
    async (req) => service.resolve(ctx, req.actor!, req.body));

  r.put('/api/orders/update-item-code', act("Change an item's SKU; a charged order is re-priced and the difference charged or refunded", { body: updateItemCodeBody, response: { 200: itemCodeAnswer } }),
    async (req) => service.updateItemCode(ctx, req.actor!, req.body));

  r.put('/api/orders/calc-order-basecost', act('Preview: what each order costs now by base cost, and the difference to what was charged', { body: calcBasecostBody, response: { 200: calcBasecostResponse } }),
    async (req) => ({ data: await service.calcBasecost(ctx, req.actor!, req.body) }));

  r.patch('/api/orders/:id/order-with-old', act.byId('Undo the last applied item change (previous SKU or artworks), re-pricing as needed', { response: { 200: itemCodeAnswer } }),
    async (req) => service.orderWithOld(ctx, req.actor!, req.params.id));

}
