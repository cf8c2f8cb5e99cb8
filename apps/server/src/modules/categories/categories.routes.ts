import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoryAnswer,
  categoryCreateBody,
  categoryListQuery,
  categoryListResponse,
  categoryOptionsResponse,
  categoryUpdateBody,
  messageResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import * as service from './categories.service';

/**
 * The category screens are 'categories.master' (administrator) and 'categories.agency' (agency
 * owner and staff); the service scopes each to its owner. The catalog forms' choices are
 * 'categories.read' (or either manage permission).
 */
export async function categoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['categories'];
  const choose = routeOptions(['categories.read', 'categories.master', 'categories.agency'], tags);
  const manage = routeOptions(['categories.master', 'categories.agency'], tags);

  r.get('/api/categories/options', choose('Every category the caller may file a catalog under (master and own), by name', { response: { 200: categoryOptionsResponse } }),
    async (req) => service.options(ctx, req.actor!));

  r.get('/api/categories', manage('Categories, newest first (an agency sees the master ones too)', { querystring: categoryListQuery, response: { 200: categoryListResponse } }),
    async (req) => service.list(ctx, req.actor!, req.query));

  r.post('/api/categories', manage("Create a category of the caller's own (name unique per owner, any case)", { body: categoryCreateBody, response: { 201: categoryAnswer } }),
    async (req, reply) => reply.code(201).send(await service.create(ctx, req.actor!, req.body)));

  r.patch('/api/categories/:id', manage.byId('Rename or describe a category of the caller', { body: categoryUpdateBody, response: { 200: categoryAnswer } }),
    async (req) => service.update(ctx, req.actor!, req.params.id, req.body));

  r.delete('/api/categories/:id', manage.byId('Delete a category of the caller; its catalog links go', { response: { 200: messageResponse } }),
    async (req) => service.remove(ctx, req.actor!, req.params.id));
}
