import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoryAnswer,
  categoryCreateBody,
  categoryListQuery,
  categoryListResponse,
  categoryOptionsResponse,
  categoryUpdateBody,
  idParam,
  messageResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import * as service from './categories.service';

/**
 * The category screens are 'categories.master' (administrator) and 'categories.agency' (agency
 * owner and staff); the service scopes each to its owner. The catalog forms' choices are
 * 'categories.read' (or either manage permission).
 */
export async function categoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { permission: ['categories.master', 'categories.agency'] } as const;
  const tags = ['categories'];

  r.get('/api/categories/options', {
    config: { permission: ['categories.read', 'categories.master', 'categories.agency'] },
    schema: { tags, summary: 'Every category the caller may file a catalog under (master and own), by name', response: { 200: categoryOptionsResponse } },
  }, async (req) => service.options(ctx, req.actor!));

  r.get('/api/categories', {
    config: manage,
    schema: { tags, summary: 'Categories, newest first (an agency sees the master ones too)', querystring: categoryListQuery, response: { 200: categoryListResponse } },
  }, async (req) => service.list(ctx, req.actor!, req.query));

  r.post('/api/categories', {
    config: manage,
    schema: { tags, summary: "Create a category of the caller's own (name unique per owner, any case)", body: categoryCreateBody, response: { 201: categoryAnswer } },
  }, async (req, reply) => reply.code(201).send(await service.create(ctx, req.actor!, req.body)));

  r.patch('/api/categories/:id', {
    config: manage,
    schema: { tags, summary: 'Rename or describe a category of the caller', params: idParam, body: categoryUpdateBody, response: { 200: categoryAnswer } },
  }, async (req) => service.update(ctx, req.actor!, req.params.id, req.body));

  r.delete('/api/categories/:id', {
    config: manage,
    schema: { tags, summary: 'Delete a category of the caller; its catalog links go', params: idParam, response: { 200: messageResponse } },
  }, async (req) => service.remove(ctx, req.actor!, req.params.id));
}
