import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAPPING_IMPORT_LIMITS, MAPPING_IMPORT_MSG, STORE_MSG, bulkMappingAnswer, bulkMappingBody, mappingImportAnswer, productExportAnswer, type Actor, mappingCatalogQuery, mappingPreviewQuery, mappingPreviewResponse, productMappingAnswer, productMappingResponse,
  saveProductMappingBody, saveVariantMappingBody, variantMappingAnswer, variantMappingResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import { notFound } from '../../lib/errors';
import { readUpload } from '../../lib/upload';
import { startStoreProductsExport } from '../products';
import { findStore, storeScope } from '../stores';
import { startMappingImport } from './mapping-import';
import * as service from './mapping.service';

/** One of the agency's sellers' stores, else 404 (a seller's actor never gets here: the route is the agency's). */
async function agencyStoreOr404(ctx: AppContext, actor: Actor, id: string) {
  const store = await findStore(ctx.db, storeScope(actor), id);
  if (!store) throw notFound(STORE_MSG.notFound);
  return store;
}

/**
 * Mapping (docs/stores.md "Mapping"): read by whoever opens the products pages (a team's manager, staff and
 * accounting), saved by the manager and staff, as products are.
 */
export async function mappingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = routeOptions('products.seller', ['mapping']);
  const manage = routeOptions('products.manage', ['mapping']);

  r.get('/api/mapping/preview', read('What mapping these products to the catalog by name would do', { querystring: mappingPreviewQuery, response: { 200: mappingPreviewResponse } }),
    async (req) => service.preview(ctx, req.actor!, req.query));

  r.post('/api/mapping/products', manage('Map many products to one catalog by option names (artwork given goes on every mapped variant)', { body: bulkMappingBody, response: { 200: bulkMappingAnswer } }),
    async (req) => service.bulkMap(ctx, req.actor!, req.body));

  r.get('/api/mapping/products/:id', read.byId('A product\u2019s variants with their mapping, shown against a catalog', { querystring: mappingCatalogQuery, response: { 200: productMappingResponse } }),
    async (req) => service.getProductMapping(ctx, req.actor!, req.params.id, req.query.catalogId));

  r.put('/api/mapping/products/:id', manage.byId('Map a product\u2019s variants to one catalog\u2019s variants, with artwork, or ignore them', { body: saveProductMappingBody, response: { 200: productMappingAnswer } }),
    async (req) => service.saveProductMapping(ctx, req.actor!, req.params.id, req.body));

  r.get('/api/mapping/variants/:id', read.byId('One store variant with its mapping', { querystring: mappingCatalogQuery, response: { 200: variantMappingResponse } }),
    async (req) => service.getVariantMapping(ctx, req.actor!, req.params.id, req.query.catalogId));

  r.put('/api/mapping/variants/:id', manage.byId('Map one store variant (its product takes the catalog)', { body: saveVariantMappingBody, response: { 200: variantMappingAnswer } }),
    async (req) => service.saveVariantMapping(ctx, req.actor!, req.params.id, req.body));

  // The agency maps on its seller's behalf, one store at a time (/ag/stores: the owner and customer support).
  const agency = routeOptions('stores.agency', ['mapping']);
  r.get('/api/stores/:id/products/export', agency.byId('The agency\u2019s bulk-mapping template of one of its sellers\u2019 stores: the store\u2019s products as the products list export (a job)', { response: { 200: productExportAnswer } }),
    async (req) => startStoreProductsExport(ctx, req.actor!, await agencyStoreOr404(ctx, req.actor!, req.params.id)));

  // Bulk mapping: multipart is parsed in this scope only; the file is capped at 10 MB.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAPPING_IMPORT_LIMITS.maxBytes, files: 1, fields: 2, parts: 3 } });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/mapping/import', manage(
      'Map variants in bulk from an edited product export (multipart: file, .csv or .xlsx); queues a MAPPING_IMPORT job (GET /api/jobs/{id}: progress, failed-rows report)',
      { consumes: ['multipart/form-data'], response: { 202: mappingImportAnswer } },
    ), async (req, reply) => {
      const { file } = await readUpload(req, MAPPING_IMPORT_MSG);
      return reply.code(202).send(await startMappingImport(ctx, req.actor!, file));
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/stores/:id/mapping/import', agency.byId(
      'The agency maps one of its sellers\u2019 stores in bulk from the edited store export (multipart: file); only that store\u2019s products; audited as the agency user',
      { consumes: ['multipart/form-data'], response: { 202: mappingImportAnswer } },
    ), async (req, reply) => {
      const store = await agencyStoreOr404(ctx, req.actor!, req.params.id);
      const { file } = await readUpload(req, MAPPING_IMPORT_MSG);
      return reply.code(202).send(await startMappingImport(ctx, req.actor!, file, store));
    });
  });
}
