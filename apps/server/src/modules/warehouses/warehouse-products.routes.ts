import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageResponse, warehouseProductAnswer, warehouseProductBody, warehouseProductExportAnswer, warehouseProductExportQuery, warehouseProductListQuery,
  warehouseProductListResponse, warehouseProductMovementsQuery, warehouseProductMovementsResponse, warehouseProductResponse,
  warehouseProductThresholdsBody, warehouseProductVariantOptionsQuery, warehouseProductVariantOptionsResponse, warehouseProductVariantsBody, warehouseProductWarehousesResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import * as service from './warehouse-products.service';
import { exportWarehouseProducts } from './warehouse-products-export';

/**
 * Warehouse products and their stock (/s/products-warehouse) (docs/warehouses.md "Warehouse products"): read by the
 * owning team, the warehouses holding them and the agency; changed by the owning team's manager and staff.
 */
export async function warehouseProductRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['warehouses'];
  const read = routeOptions(['warehouseProducts.read', 'warehouses.agency'], tags);
  const manage = routeOptions('warehouseProducts.manage', tags);

  r.get('/api/warehouse-products', read('Warehouse products the caller sees, newest first, with their stock per warehouse', { querystring: warehouseProductListQuery, response: { 200: warehouseProductListResponse } }),
    async (req) => service.list(ctx, req.actor!, req.query));

  r.get('/api/warehouse-products/export', read('The list\u2019s filters as CSV or .xlsx (formula-safe, at most 10,000 products); answers the file\u2019s url', { querystring: warehouseProductExportQuery, response: { 200: warehouseProductExportAnswer } }),
    async (req) => exportWarehouseProducts(ctx, req.actor!, req.query));

  r.get('/api/warehouse-products/warehouses', read('The warehouses the caller sees, by priority (the list\u2019s warehouse filter)', { response: { 200: warehouseProductWarehousesResponse } }),
    async (req) => service.visibleWarehouses(ctx, req.actor!));

  r.post('/api/warehouse-products', manage('Create a warehouse product of the team (weight in lb, oz, kg or g; declared value in dollars)', { body: warehouseProductBody, response: { 201: warehouseProductAnswer } }),
    async (req, reply) => reply.code(201).send(await service.create(ctx, req.actor!, req.body)));

  r.get('/api/warehouse-products/:id', read.byId('One warehouse product with its stock per warehouse and the store variants it fulfils', { response: { 200: warehouseProductResponse } }),
    async (req) => service.get(ctx, req.actor!, req.params.id));

  r.get('/api/warehouse-products/:id/movements', read.byId('The product\u2019s stock movements, newest first', { querystring: warehouseProductMovementsQuery, response: { 200: warehouseProductMovementsResponse } }),
    async (req) => service.movements(ctx, req.actor!, req.params.id, req.query));

  r.put('/api/warehouse-products/:id', manage.byId('Change a warehouse product of the team', { body: warehouseProductBody, response: { 200: warehouseProductAnswer } }),
    async (req) => service.update(ctx, req.actor!, req.params.id, req.body));

  r.delete('/api/warehouse-products/:id', manage.byId('Delete a warehouse product that has no history (no movements, inbound lines or order lines)', { response: { 200: messageResponse } }),
    async (req) => service.remove(ctx, req.actor!, req.params.id));

  r.put('/api/warehouse-products/:id/thresholds', manage.byId('Low-stock thresholds per warehouse (null: the product\u2019s)', { body: warehouseProductThresholdsBody, response: { 200: warehouseProductAnswer } }),
    async (req) => service.setThresholds(ctx, req.actor!, req.params.id, req.body));

  r.put('/api/warehouse-products/:id/variants', manage.byId('The team\u2019s store variants this product fulfils (their catalog mapping cleared; others let go)', { body: warehouseProductVariantsBody, response: { 200: warehouseProductAnswer } }),
    async (req) => service.setVariants(ctx, req.actor!, req.params.id, req.body.variantIds));

  r.get('/api/warehouse-products/:id/variant-options', manage.byId('The team\u2019s store variants to pick from (20 a page)', { querystring: warehouseProductVariantOptionsQuery, response: { 200: warehouseProductVariantOptionsResponse } }),
    async (req) => service.variantOptions(ctx, req.actor!, req.params.id, req.query));
}
