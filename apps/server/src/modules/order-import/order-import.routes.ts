import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  ORDER_IMPORT_LIMITS,
  ORDER_IMPORT_MSG,
  ORDER_IMPORT_TEMPLATE_PATH,
  idParam,
  orderImportDetailAnswer,
  orderImportFields,
  orderImportListQuery,
  orderImportListResponse,
  orderImportPreviewAnswer,
  orderImportQueuedAnswer,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { HttpError, badRequest } from '../../lib/errors';
import { XLSX_TYPE } from '../jobs/job-files';
import { registerOrderImport } from './order-import.job';
import * as service from './order-import.service';

/** @fastify/multipart's limits, as the user should read them. */
function uploadError(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, ORDER_IMPORT_MSG.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    throw badRequest(ORDER_IMPORT_MSG.wrongFile, { file: ORDER_IMPORT_MSG.wrongFile });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(ORDER_IMPORT_MSG.noFile, { file: ORDER_IMPORT_MSG.noFile });
  throw error;
}

/**
 * CSV order import (docs/orders.md, "CSV import"): the seller roles that act on orders import
 * ('orders.import'); every seller who reads orders sees the team's histories ('orders.seller').
 */
export async function orderImportRoutes(app: FastifyInstance, ctx: AppContext) {
  registerOrderImport(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['order-import'];

  r.get('/api/orders/import', {
    config: { permission: 'orders.seller' },
    schema: { tags, summary: "The team's order imports, newest first", querystring: orderImportListQuery, response: { 200: orderImportListResponse } },
  }, async (req) => service.list(ctx, req.actor!, req.query));

  r.get('/api/orders/import/:id/detail', {
    config: { permission: 'orders.seller' },
    schema: { tags, summary: 'One import: summary, failed rows, the orders it created, the failed-rows download', params: idParam, response: { 200: orderImportDetailAnswer } },
  }, async (req) => service.detail(ctx, req.actor!, req.params.id));

  // Any signed-in agency or seller user (agency.config.read: every agency role; seller.balance: every seller role).
  r.get(ORDER_IMPORT_TEMPLATE_PATH, {
    config: { permission: ['agency.config.read', 'seller.balance'] },
    schema: { tags, summary: "The agency's order import template (.xlsx, one example row)" },
  }, async (req, reply) =>
    reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', 'attachment; filename="order-import-template.xlsx"')
      .header('X-Content-Type-Options', 'nosniff')
      .send(await service.template(ctx, req.actor!)));

  // Multipart is parsed in this scope only.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: ORDER_IMPORT_LIMITS.maxBytes, files: 1, fields: 4, parts: 5 } });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/orders/import/csv', {
      config: { permission: 'orders.import' },
      schema: {
        tags,
        summary: 'Import orders from a .csv or .xlsx (Shopify order export or the template). multipart: file, createProduct, dryRun',
        consumes: ['multipart/form-data'],
        response: { 200: orderImportPreviewAnswer, 202: orderImportQueuedAnswer },
      },
    }, async (req, reply) => {
      if (!req.isMultipart()) throw badRequest(ORDER_IMPORT_MSG.noFile, { file: ORDER_IMPORT_MSG.noFile });
      let file: { name: string; data: Buffer } | undefined;
      const fields: Record<string, string> = {};
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'file' && !file) file = { name: part.filename, data };
          } else if (part.fieldname === 'createProduct' || part.fieldname === 'dryRun') {
            fields[part.fieldname] = String(part.value);
          }
        }
      } catch (error) {
        uploadError(error);
      }
      const parsed = orderImportFields.safeParse(fields);
      if (!parsed.success) throw badRequest('createProduct and dryRun must be true or false.');
      const answer = await service.importFile(ctx, req.actor!, file, parsed.data);
      return reply.code(answer.data.dryRun ? 200 : 202).send(answer);
    });
  });
}
