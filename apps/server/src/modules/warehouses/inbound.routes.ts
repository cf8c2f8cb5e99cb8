import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createInboundBody, inboundAnswer, inboundListQuery, inboundListResponse, inboundResponse, receiveInboundBody, sellerWarehouseDetailResponse,
  sellerWarehouseStockQuery, sellerWarehousesResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import { idempotencyOf } from '../money';
import * as service from './inbound.service';

/**
 * The seller's warehouses and inbound shipments (docs/warehouses.md "Inbound shipments"): declared by the owning team
 * (manager, staff), counted and closed by the warehouse team; the agency reads them. The scope comes from the actor.
 */
export async function inboundRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['warehouses'];
  const seller = routeOptions('warehouses.seller', tags);
  const read = routeOptions(['warehouses.seller', 'warehouses.agency'], tags);
  const owner = routeOptions('warehouseProducts.manage', tags);
  const operate = routeOptions('warehouse.operate', tags);

  r.get('/api/seller-warehouses', seller('The warehouses the team sees, their fees and the team\u2019s stock there', { response: { 200: sellerWarehousesResponse } }),
    async (req) => service.sellerWarehouses(ctx, req.actor!));

  r.get('/api/seller-warehouses/:id', seller.byId('One warehouse: its fees, a page of the team\u2019s stock there, its inbound shipments by status', { querystring: sellerWarehouseStockQuery, response: { 200: sellerWarehouseDetailResponse } }),
    async (req) => service.sellerWarehouse(ctx, req.actor!, req.params.id, req.query));

  r.get('/api/inbound-shipments', read('Inbound shipments, newest first: the team\u2019s own, or those to the warehouses it runs', { querystring: inboundListQuery, response: { 200: inboundListResponse } }),
    async (req) => service.listInbound(ctx, req.actor!, req.query));

  r.get('/api/inbound-shipments/:id', read.byId('One inbound shipment with its lines: declared, received and the discrepancy', { response: { 200: inboundResponse } }),
    async (req) => service.getInbound(ctx, req.actor!, req.params.id));

  r.post('/api/inbound-shipments', owner('Declare an inbound shipment of the team\u2019s warehouse products to a warehouse (reference IN-000001...)', { body: createInboundBody, response: { 201: inboundAnswer } }),
    async (req, reply) => reply.code(201).send(await service.declare(ctx, req.actor!, req.body)));

  r.post('/api/inbound-shipments/:id/in-transit', owner.byId('Mark a declared shipment in transit', { response: { 200: inboundAnswer } }),
    async (req) => service.markInTransit(ctx, req.actor!, req.params.id));

  r.post('/api/inbound-shipments/:id/cancel', owner.byId('Cancel a shipment nothing of which was received (closed, noted cancelled)', { response: { 200: inboundAnswer } }),
    async (req) => service.cancel(ctx, req.actor!, req.params.id));

  r.post('/api/inbound-shipments/:id/receive', operate.byId('Count what arrived now, per line: receipt movements; a retried countId (or Idempotency-Key) counts once', { body: receiveInboundBody, response: { 200: inboundAnswer } }),
    async (req) => service.receive(ctx, req.actor!, req.params.id, req.body, idempotencyOf(req)));

  r.post('/api/inbound-shipments/:id/close', operate.byId('Close a shipment: what did not arrive stays a discrepancy', { response: { 200: inboundAnswer } }),
    async (req) => service.close(ctx, req.actor!, req.params.id));
}
