import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  catalogVariantsAnswer,
  catalogVariantsBody,
  catalogVariantsResponse,
  fileUrlResponse,
  idParam,
  priceExportQuery,
  priceImportAnswer,
  priceLogHistoriesQuery,
  priceLogHistoriesResponse,
  saveLogAnswer,
  saveLogBody,
} from '@fbo/shared';
import { PRICE_TEMPLATE_PATH, SUPPLIER_MSG, SUPPLIER_PRICE_LIMITS } from '@fbo/shared/domain/supplier-prices';
import type { AppContext } from '../../context';
import { HttpError, badRequest } from '../../lib/errors';
import { XLSX_TYPE } from '../jobs/job-files';
import { registerPriceImport } from './supplier-prices.import';
import * as service from './supplier-prices.service';

/** multipart errors of @fastify/multipart, as the user should read them. */
function uploadError(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, SUPPLIER_MSG.fileTooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    throw badRequest(SUPPLIER_MSG.wrongFile, { file: SUPPLIER_MSG.wrongFile });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(SUPPLIER_MSG.noFile, { file: SUPPLIER_MSG.noFile });
  throw error;
}

/**
 * Supplier prices: every route is 'supplier.prices' (administrator and supplier); the service
 * keeps a supplier inside the supplier catalog's scope. The sample template is public: it holds
 * the column names and one made-up row, and a plain link (no bearer token) downloads it.
 */
export async function supplierPriceRoutes(app: FastifyInstance, ctx: AppContext) {
  registerPriceImport(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const prices = { permission: 'supplier.prices' } as const;
  const tags = ['supplier-prices'];

  r.get('/api/catalogs/:id/variants', {
    config: prices,
    schema: { tags, summary: "A catalog's variants with the supplier's expected prices (dollars)", params: idParam, response: { 200: catalogVariantsResponse } },
  }, async (req) => service.catalogVariants(ctx, req.actor!, req.params.id));

  r.patch('/api/catalogs/:id/variants', {
    config: prices,
    schema: {
      tags,
      summary: 'Save the Expected Price dialog: variants, publishStatus (5 Save, 6 Save & Finish) and note; writes the price-change log',
      params: idParam,
      body: catalogVariantsBody,
      response: { 200: catalogVariantsAnswer },
    },
  }, async (req) => service.saveCatalogVariants(ctx, req.actor!, req.params.id, req.body));

  r.get('/api/products/supplier-log/histories', {
    config: prices,
    schema: { tags, summary: 'Price-change logs, newest first (page, limit, catalog, type)', querystring: priceLogHistoriesQuery, response: { 200: priceLogHistoriesResponse } },
  }, async (req) => service.histories(ctx, req.actor!, req.query));

  r.post('/api/products/supplier-log/save-log', {
    config: prices,
    schema: {
      tags,
      summary: "Write a price-change log of the named variants' stored values (the dialog's save writes its own)",
      body: saveLogBody,
      response: { 201: saveLogAnswer },
    },
  }, async (req, reply) => reply.code(201).send(await service.saveLog(ctx, req.actor!, req.body)));

  r.get('/api/catalogs/export/catalog-price', {
    config: prices,
    schema: { tags, summary: "Export the supplier catalog's variant prices (list filters) as .xlsx; answers data.url", querystring: priceExportQuery, response: { 200: fileUrlResponse } },
  }, async (req) => service.exportPrices(ctx, req.actor!, req.query));

  r.get(PRICE_TEMPLATE_PATH, {
    config: { permission: 'public' },
    schema: { tags, summary: 'The sample .xlsx template of the supplier price import' },
  }, async (_req, reply) =>
    reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', 'attachment; filename="supplier-price-template.xlsx"')
      .header('X-Content-Type-Options', 'nosniff')
      .send(await service.priceTemplate()));

  // Multipart is parsed in this scope only; the file is capped at 10 MB.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: SUPPLIER_PRICE_LIMITS.importMaxBytes, files: 1, fields: 4, parts: 5 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/catalogs/import/catalog-price', {
      config: prices,
      schema: {
        tags,
        summary: 'Import supplier prices from one .xlsx (multipart: file, importType); queues an IMPORT_SUPPLIER_PRICE job',
        consumes: ['multipart/form-data'],
        response: { 202: priceImportAnswer },
      },
    }, async (req, reply) => {
      if (!req.isMultipart()) throw badRequest(SUPPLIER_MSG.noFile, { file: SUPPLIER_MSG.noFile });
      let file: { name: string; data: Buffer } | undefined;
      let importType: string | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'file' && !file) file = { name: part.filename, data };
          } else if (part.fieldname === 'importType') {
            importType = String(part.value);
          }
        }
      } catch (error) {
        uploadError(error);
      }
      return reply.code(202).send(await service.startImport(ctx, req.actor!, file, importType));
    });
  });
}
