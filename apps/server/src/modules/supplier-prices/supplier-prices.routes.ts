import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  catalogVariantsAnswer,
  catalogVariantsBody,
  catalogVariantsResponse,
  fileUrlResponse,
  priceExportQuery,
  priceImportAnswer,
  priceLogHistoriesQuery,
  priceLogHistoriesResponse,
  saveLogAnswer,
  saveLogBody,
} from '@fbo/shared';
import { PRICE_TEMPLATE_PATH, SUPPLIER_MSG, SUPPLIER_PRICE_LIMITS } from '@fbo/shared/domain/supplier-prices';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import { readUpload, sendAttachment } from '../../lib/upload';
import { XLSX_TYPE } from '../jobs';
import { registerPriceImport } from './supplier-prices.import';
import * as service from './supplier-prices.service';

/**
 * Supplier prices: every route is 'supplier.prices' (administrator and supplier); the service
 * keeps a supplier inside the supplier catalog's scope. The sample template is public: it holds
 * the column names and one made-up row, and a plain link (no bearer token) downloads it.
 */
export async function supplierPriceRoutes(app: FastifyInstance, ctx: AppContext) {
  registerPriceImport(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['supplier-prices'];
  const prices = routeOptions('supplier.prices', tags);
  const anyone = routeOptions('public', tags);

  r.get('/api/catalogs/:id/variants', prices.byId("A catalog's variants with the supplier's expected prices (dollars)", { response: { 200: catalogVariantsResponse } }),
    async (req) => service.catalogVariants(ctx, req.actor!, req.params.id));

  r.patch('/api/catalogs/:id/variants', prices.byId(
    'Save the Expected Price dialog: variants, publishStatus (5 Save, 6 Save & Finish) and note; writes the price-change log',
    { body: catalogVariantsBody, response: { 200: catalogVariantsAnswer } },
  ), async (req) => service.saveCatalogVariants(ctx, req.actor!, req.params.id, req.body));

  r.get('/api/products/supplier-log/histories', prices('Price-change logs, newest first (page, limit, catalog, type)', { querystring: priceLogHistoriesQuery, response: { 200: priceLogHistoriesResponse } }),
    async (req) => service.histories(ctx, req.actor!, req.query));

  r.post('/api/products/supplier-log/save-log', prices(
    "Write a price-change log of the named variants' stored values (the dialog's save writes its own)",
    { body: saveLogBody, response: { 201: saveLogAnswer } },
  ), async (req, reply) => reply.code(201).send(await service.saveLog(ctx, req.actor!, req.body)));

  r.get('/api/catalogs/export/catalog-price', prices("Export the supplier catalog's variant prices (list filters) as .xlsx; answers data.url", { querystring: priceExportQuery, response: { 200: fileUrlResponse } }),
    async (req) => service.exportPrices(ctx, req.actor!, req.query));

  r.get(PRICE_TEMPLATE_PATH, anyone('The sample .xlsx template of the supplier price import'),
    async (_req, reply) => sendAttachment(reply, 'supplier-price-template.xlsx', XLSX_TYPE, await service.priceTemplate()));

  // Multipart is parsed in this scope only; the file is capped at 10 MB.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: SUPPLIER_PRICE_LIMITS.importMaxBytes, files: 1, fields: 4, parts: 5 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/catalogs/import/catalog-price', prices(
      'Import supplier prices from one .xlsx (multipart: file, importType); queues an IMPORT_SUPPLIER_PRICE job',
      { consumes: ['multipart/form-data'], response: { 202: priceImportAnswer } },
    ), async (req, reply) => {
      const { file, fields } = await readUpload(req, SUPPLIER_MSG);
      return reply.code(202).send(await service.startImport(ctx, req.actor!, file, fields.importType));
    });
  });
}
