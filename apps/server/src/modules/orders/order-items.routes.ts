import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderItemListQuery, orderItemListResponse, updateFulfilledBody, updateFulfilledResponse } from '@fbo/shared';
import type { AppContext } from '../../context';
import { itemList, updateFulfilled } from './order-items.service';

const tags = ['order-items'];

export async function orderItemRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/order-items', {
    config: { permission: ['orderItems.agency', 'orderItems.seller'] },
    schema: { tags, summary: "Order items of the agency or the seller's team, newest first", querystring: orderItemListQuery, response: { 200: orderItemListResponse } },
  }, (req) => itemList(ctx, req.actor!, req.query));

  r.patch('/api/order-items/update-fulfilled', {
    config: { permission: 'orders.agency.act' },
    schema: { tags, summary: 'Mark delivered items fulfilled (InTransit -> Fulfilled); answers per item', body: updateFulfilledBody, response: { 200: updateFulfilledResponse } },
  }, (req) => updateFulfilled(ctx, req.actor!, req.body.ids));
}
