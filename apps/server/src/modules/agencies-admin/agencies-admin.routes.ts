import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agencyAnswer,
  agencyCatalogsAnswer,
  agencyCatalogsBody,
  agencyCreateBody,
  agencyDetailResponse,
  agencyListQuery,
  agencyListResponse,
  agencyMembersQuery,
  agencyMembersResponse,
  agencyUpdateBody,
  catalogCostsAnswer,
  catalogCostsBody,
  messageResponse,
  notAddedParams,
  notAddedQuery,
  notAddedResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { requestMeta } from '../credentials';
import { routeOptions } from '../../lib/routes';
import * as service from './agencies-admin.service';

/**
 * The administrator's agencies (/a/agencies and /a/agencies/:id): every route is 'agencies.admin'.
 * The agency's own config and settings routes live in modules/agencies and modules/settings.
 */
export async function agencyAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = routeOptions('agencies.admin', ['agencies (administrator)']);

  r.get('/api/agencies', admin('Agencies, newest first; search matches name, code or manager e-mail', { querystring: agencyListQuery, response: { 200: agencyListResponse } }),
    async (req) => service.list(ctx, req.query));

  r.post('/api/agencies', admin('Create an agency and its owner account (new e-mail: set-password mail)', { body: agencyCreateBody, response: { 201: agencyAnswer } }),
    async (req, reply) => reply.code(201).send(await service.create(ctx, req.actor!, req.body, requestMeta(req))));

  r.get('/api/agencies/:id', admin.byId('One agency', { response: { 200: agencyDetailResponse } }),
    async (req) => service.detail(ctx, req.params.id));

  for (const method of ['patch', 'put'] as const) {
    r[method]('/api/agencies/:id', admin.byId('Update name, code, active (and base cost)', { body: agencyUpdateBody, response: { 200: agencyAnswer } }),
      async (req) => service.update(ctx, req.actor!, req.params.id, req.body));
  }

  r.delete('/api/agencies/:id', admin.byId('Delete an agency with no seller teams, users besides its owner or own catalogs', { response: { 200: messageResponse } }),
    async (req) => service.remove(ctx, req.actor!, req.params.id));

  r.get('/api/agencies/:id/members', admin.byId("The agency's users (not deleted)", { querystring: agencyMembersQuery, response: { 200: agencyMembersResponse } }),
    async (req) => service.members(ctx, req.params.id, req.query));

  r.get('/api/catalogs/not-added/:agencyId/agency', admin('Master catalogs the agency does not offer yet (Product Catalog List)', { params: notAddedParams, querystring: notAddedQuery, response: { 200: notAddedResponse } }),
    async (req) => service.notAdded(ctx, req.params.agencyId, req.query));

  r.patch('/api/agencies/:id/product-catalogs', admin.byId('Offer and withdraw catalogs; fills or removes their agency costs', { body: agencyCatalogsBody, response: { 200: agencyCatalogsAnswer } }),
    async (req) => service.saveCatalogs(ctx, req.actor!, req.params.id, req.body));

  r.patch('/api/agencies/:id/catalog-costs', admin.byId("Add to or set the agency's variant costs of some (or all) offered catalogs", { body: catalogCostsBody, response: { 200: catalogCostsAnswer } }),
    async (req) => service.updateCosts(ctx, req.actor!, req.params.id, req.body));
}
