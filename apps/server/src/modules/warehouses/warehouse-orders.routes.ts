import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cannotShipWarehouseOrderBody, shipWarehouseOrderBody, warehouseOrderAnswer, warehouseOrderCountsQuery, warehouseOrderCountsResponse,
  warehouseOrderListQuery, warehouseOrderListResponse, warehouseOrderResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import * as service from './warehouse-orders.service';

/**
 * The warehouse team's queue: the fulfilment view of the orders routed to its warehouses (docs/warehouses.md
 * "Warehouse queue"). Its own routes and response schemas are the one place the fulfilment view crosses a team's
 * boundary (docs/decisions.md "Warehouses"): never money. The agency reads; only the warehouse team works it.
 */
export async function warehouseOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['warehouses'];
  const read = routeOptions(['warehouse.operate', 'warehouses.agency'], tags);
  const operate = routeOptions('warehouse.operate', tags);

  r.get('/api/warehouse-orders', read('The warehouse queue: orders routed to the warehouses the caller sees (no money)', { querystring: warehouseOrderListQuery, response: { 200: warehouseOrderListResponse } }),
    async (req) => service.list(ctx, req.actor!, req.query));

  r.get('/api/warehouse-orders/counts', read('The queue\u2019s counts per status (the tabs), with the list\u2019s warehouse and search filters', { querystring: warehouseOrderCountsQuery, response: { 200: warehouseOrderCountsResponse } }),
    async (req) => service.counts(ctx, req.actor!, req.query));

  r.get('/api/warehouse-orders/:id', read.byId('The fulfilment view: ship-to, method, the warehouse lines, their shipments, the problem; never prices', { response: { 200: warehouseOrderResponse } }),
    async (req) => service.detail(ctx, req.actor!, req.params.id));

  r.get('/api/warehouse-orders/:id/packing-slip', read.byId('The packing slip (PDF, inline), branded as the agency\u2019s packingSlipBrand says'),
    async (req, reply) => {
      const slip = await service.packingSlip(ctx, req.actor!, req.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${slip.fileName}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(slip.pdf));
    });

  r.post('/api/warehouse-orders/:id/pack', operate.byId('Pack: to pick -> packed; the warehouse items and an Approved order go InProduction', { response: { 200: warehouseOrderAnswer } }),
    async (req) => service.pack(ctx, req.actor!, req.params.id));

  r.post('/api/warehouse-orders/:id/ship', operate.byId('Ship with tracking (packs first when to pick): the shipment, the store sync, ship movements of the reserved stock', { body: shipWarehouseOrderBody, response: { 200: warehouseOrderAnswer } }),
    async (req) => service.ship(ctx, req.actor!, req.params.id, req.body));

  r.post('/api/warehouse-orders/:id/cannot-ship', operate.byId('Report that the warehouse cannot ship it (the owner and the agency are told; the stock stays reserved)', { body: cannotShipWarehouseOrderBody, response: { 200: warehouseOrderAnswer } }),
    async (req) => service.cannotShip(ctx, req.actor!, req.params.id, req.body));

  r.post('/api/warehouse-orders/:id/resume', operate.byId('Resume an order reported as cannot ship: back to pick', { response: { 200: warehouseOrderAnswer } }),
    async (req) => service.resume(ctx, req.actor!, req.params.id));
}
