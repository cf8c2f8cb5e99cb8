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
import { badRequest } from '../../lib/errors';
import { readUpload, sendAttachment } from '../../lib/upload';
import { XLSX_TYPE } from '../jobs';
import { registerOrderImport } from './order-import.job';
import * as service from './order-import.service';

/** What the user reads when the upload is too large, not one file, or missing. */
const UPLOAD_MESSAGES = { fileTooLarge: ORDER_IMPORT_MSG.tooLarge, wrongFile: ORDER_IMPORT_MSG.wrongFile, noFile: ORDER_IMPORT_MSG.noFile };

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
  }, async (req, reply) => sendAttachment(reply, 'order-import-template.xlsx', XLSX_TYPE, await service.template(ctx, req.actor!)));

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
      const { file, fields } = await readUpload(req, UPLOAD_MESSAGES);
      // Only the two options are read; any other field is ignored, as before.
      const parsed = orderImportFields.safeParse({ createProduct: fields.createProduct, dryRun: fields.dryRun });
      if (!parsed.success) throw badRequest('createProduct and dryRun must be true or false.');
      const answer = await service.importFile(ctx, req.actor!, file, parsed.data);
      return reply.code(answer.data.dryRun ? 200 : 202).send(answer);
    });
  });
}
