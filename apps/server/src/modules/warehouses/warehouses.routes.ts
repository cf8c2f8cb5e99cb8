import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  stockAdjustAnswer, stockAdjustBody, warehouseAnswer, warehouseBody, warehouseListQuery, warehouseListResponse, warehouseTeamOptions,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import * as service from './warehouses.service';

/**
 * Warehouses of the agency (/ag/warehouses, docs/warehouses.md): the owner manages them ('warehouses.manage'), staff
 * and customer support read ('warehouses.agency'); stock adjustments by the owner and staff ('warehouses.adjust') and
 * by the warehouse team in its own warehouses ('warehouse.operate').
 */
export async function warehouseRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['warehouses'];
  const read = routeOptions('warehouses.agency', tags);
  const manage = routeOptions('warehouses.manage', tags);
  const adjust = routeOptions(['warehouses.adjust', 'warehouse.operate'], tags);

  r.get('/api/warehouses', read('The agency\'s warehouses with their fees and figures (stock value, units, open orders and inbound, low stock)', {
    querystring: warehouseListQuery, response: { 200: warehouseListResponse },
  }), async (req) => service.list(ctx, req.actor!, req.query));

  r.get('/api/warehouses/team-options', manage('Seller teams of type warehouse, for the Warehouse team select', {
    response: { 200: warehouseTeamOptions },
  }), async (req) => service.teamOptions(ctx, req.actor!));

  r.get('/api/warehouses/:id', read.byId('One warehouse with its figures', { response: { 200: warehouseAnswer } }),
    async (req) => service.detail(ctx, req.actor!, req.params.id));

  r.post('/api/warehouses', manage('Create a warehouse run by a warehouse team, with its fees', {
    body: warehouseBody, response: { 201: warehouseAnswer },
  }), async (req, reply) => reply.code(201).send(await service.create(ctx, req.actor!, req.body)));

  r.put('/api/warehouses/:id', manage.byId('Update a warehouse and its fees', { body: warehouseBody, response: { 200: warehouseAnswer } }),
    async (req) => service.update(ctx, req.actor!, req.params.id, req.body));

  r.post('/api/warehouses/:id/adjust', adjust.byId('Correct a product\'s count in the warehouse by hand (+ found, - lost or damaged), with a reason', {
    body: stockAdjustBody, response: { 200: stockAdjustAnswer },
  }), async (req) => service.adjust(ctx, req.actor!, req.params.id, req.body));
}
