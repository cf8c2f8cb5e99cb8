import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkProductsAnswer, createProductBody, deleteProductsBody, manualStoresResponse, messageResponse, personalizedBody, productAnswer, productCountResponse,
  productExportAnswer, productExportQuery, productListQuery, productListResponse, productPickerResponse, productResponse, syncProductsAnswer, updateProductBody,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import * as service from './products.service';
import { requestStoreSync } from './product-sync';
import { startProductsExport, startVariantsExport } from './product-export';

/**
 * A seller team's products: read by whoever opens /s/products (the manager, staff and accounting),
 * changed by the manager and staff ('products.manage'); a store's sync is the manager's (it runs the stores).
 */
export async function productRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = routeOptions('products.seller', ['products']);
  const manage = routeOptions('products.manage', ['products']);
  const sync = routeOptions('stores.seller', ['products']);

  r.get('/api/products', read('The team\u2019s products, newest first, with their count', { querystring: productListQuery, response: { 200: productListResponse } }),
    async (req) => service.list(ctx, req.actor!, req.query));

  r.get('/api/products/list', read('A short list of products for pickers (at most 50)', { querystring: productListQuery, response: { 200: productPickerResponse } }),
    async (req) => service.picker(ctx, req.actor!, req.query));

  r.get('/api/products/count', read('How many products match, in all and per mapping status', { querystring: productListQuery, response: { 200: productCountResponse } }),
    async (req) => service.count(ctx, req.actor!, req.query));

  r.get('/api/products/list/export', read('Export the products of the list\u2019s filters as CSV, one row per variant: a job (GET /api/jobs/{id}: progress, then fileUrl)', { querystring: productExportQuery, response: { 200: productExportAnswer } }),
    async (req) => startProductsExport(ctx, req.actor!, req.query));

  r.get('/api/products/manual-stores', manage('The team\u2019s manual stores, where products are made by hand', { response: { 200: manualStoresResponse } }),
    async (req) => service.manualStores(ctx, req.actor!));

  r.post('/api/products', manage('Make a product by hand in one of the team\u2019s manual stores, with its variants (prices in cents)', { body: createProductBody, response: { 201: productResponse } }),
    async (req, reply) => reply.code(201).send(await service.create(ctx, req.actor!, req.body)));

  r.get('/api/products/:id/variants/export', read.byId('Export a product\u2019s variants as CSV: a job (GET /api/jobs/{id}: progress, then fileUrl)', { response: { 200: productExportAnswer } }),
    async (req) => startVariantsExport(ctx, req.actor!, req.params.id));

  r.get('/api/products/:id', read.byId('One product with its variants', { response: { 200: productResponse } }),
    async (req) => service.get(ctx, req.actor!, req.params.id));

  r.put('/api/products/update/personalized', manage('Mark products personalized (buyers enter text or images) or not', { body: personalizedBody, response: { 200: bulkProductsAnswer } }),
    async (req) => service.markPersonalized(ctx, req.actor!, req.body.ids, req.body.personalized));

  r.put('/api/products/:id', manage.byId('Change a product\u2019s title, type (POD or DROP) or personalized mark', { body: updateProductBody, response: { 200: productAnswer } }),
    async (req) => service.update(ctx, req.actor!, req.params.id, req.body));

  r.delete('/api/products/:id', manage.byId('Delete a product and its variants', { response: { 200: messageResponse } }),
    async (req) => service.removeOne(ctx, req.actor!, req.params.id));

  r.delete('/api/products', manage('Delete several products', { body: deleteProductsBody, response: { 200: bulkProductsAnswer } }),
    async (req) => service.removeMany(ctx, req.actor!, req.body.ids));

  r.post('/api/stores/:id/sync-products', sync.byId('Pull the store\u2019s products (a job: GET /api/jobs/{id} shows its progress)', { response: { 202: syncProductsAnswer } }),
    async (req, reply) => reply.code(202).send(await requestStoreSync(ctx, req.actor!, req.params.id)));
}
