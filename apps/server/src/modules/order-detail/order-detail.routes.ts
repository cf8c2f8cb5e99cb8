import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmAddressBody,
  confirmAddressResponse,
  customerUpdateBody,
  orderDetailAnswer,
  orderDetailResponse,
  orderNoteBody,
  orderUpdateBody,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import * as service from './order-detail.service';

/**
 * Order detail (docs/orders.md, "Order detail"). Reads: whoever reads orders (agency, design
 * service, seller); writes: the roles that act on orders on either side. Tenant scope is in the
 * service (another tenant's order is a 404).
 */
export async function orderDetailRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const read = routeOptions(['orders.agency', 'orders.design', 'orders.seller'], tags);
  const act = routeOptions(['orders.seller.act', 'orders.agency.act'], tags);

  r.get('/api/orders/:id', read.byId('One order with items, shipments, timeline, costs and the actions this user may take', { response: { 200: orderDetailResponse } }),
    async (req) => ({ data: await service.detail(ctx.db, req.actor!, req.params.id) }));

  r.put('/api/orders/:id', act.byId(
    'Edit an order: address and e-mail until production; items and shipping method while Unfulfilled or Rejected',
    { body: orderUpdateBody, response: { 200: orderDetailAnswer } },
  ), async (req) => service.update(ctx, req.actor!, req.params.id, req.body));

  r.post('/api/orders/:id/customer/update', act.byId("Update the customer's name, e-mail and phone (until production)", { body: customerUpdateBody, response: { 200: orderDetailAnswer } }),
    async (req) => service.updateCustomer(ctx, req.actor!, req.params.id, req.body));

  r.post('/api/orders/:id/address/confirm', act.byId('A person confirms the address: Verified (refused when a required part is missing)', { response: { 200: orderDetailAnswer } }),
    async (req) => service.confirmAddress(ctx, req.actor!, req.params.id));

  r.post('/api/orders/:id/address/checking', act.byId('Run the address rules again: Invalid or Valid', { response: { 200: orderDetailAnswer } }),
    async (req) => service.recheckAddress(ctx, req.actor!, req.params.id));

  r.post('/api/orders/confirm-address', act('Confirm the addresses of several orders; answers per order', { body: confirmAddressBody, response: { 200: confirmAddressResponse } }),
    async (req) => service.confirmAddresses(ctx, req.actor!, req.body.ids));

  r.post('/api/orders/:id/notes', act.byId('Add a note to the timeline; internal notes (agency only) are never shown to the seller', { body: orderNoteBody, response: { 200: orderDetailAnswer } }),
    async (req) => service.addNote(ctx, req.actor!, req.params.id, req.body));
}
