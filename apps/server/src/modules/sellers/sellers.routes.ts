import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageResponse,
  sellerCreateBody,
  sellerFilterQuery,
  sellerFilterResponse,
  sellerListQuery,
  sellerListResponse,
  sellerMapUserBody,
  sellerMembersResponse,
  sellerProfitsQuery,
  sellerProfitsResponse,
  sellerResetPasswordBody,
  sellerResetPasswordParams,
  sellerTeamAnswer,
  sellerTeamResponse,
  sellerUpdateBody,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { requestMeta } from '../credentials';
import { routeOptions } from '../../lib/routes';
import * as service from './sellers.service';

/**
 * The agency's seller teams ('sellers.agency': owner and staff), the manager's password, and the
 * profit figures of the Sellers list ('profits.agency'). docs/decisions.md, "Sellers".
 */
export async function sellerTeamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sellers'];
  const sellers = routeOptions('sellers.agency', tags);
  const profits = routeOptions('profits.agency', ['sellers', 'money']);

  r.get('/api/seller-teams', sellers(
    "The agency's seller teams, newest first (also the seller picker: sellerType=default&active=true&limit=1000)",
    { querystring: sellerListQuery, response: { 200: sellerListResponse } },
  ), async (req) => service.list(ctx, req.actor!, req.query));

  r.post('/api/seller-teams', sellers('Create a seller team; a new manager e-mail gets an account and a set-password mail', { body: sellerCreateBody, response: { 201: sellerTeamAnswer } }),
    async (req, reply) => reply.code(201).send(await service.create(ctx, req.actor!, req.body, requestMeta(req))));

  // Static segments win over `:id` in the router.
  r.get('/api/seller-teams/filter', sellers("Filter options of the Sellers list (type=basecost: the agency's groups)", { querystring: sellerFilterQuery, response: { 200: sellerFilterResponse } }),
    async (req) => service.filterOptions(ctx, req.actor!, req.query.type));

  r.post('/api/seller-teams/mapped-user', sellers('Map a warehouse seller team (userId: the team id) to an agency user (mappedUser)', { body: sellerMapUserBody, response: { 200: messageResponse } }),
    async (req) => service.mapUser(ctx, req.actor!, req.body));

  r.get('/api/seller-teams/:id', sellers.byId('One seller team (the edit dialog, the detail page)', { response: { 200: sellerTeamResponse } }),
    async (req) => service.detail(ctx, req.actor!, req.params.id));

  // The spec's client sends PATCH or PUT; both update.
  for (const method of ['patch', 'put'] as const) {
    r[method]('/api/seller-teams/:id', sellers.byId('Update a seller team (a sub-user cannot change the supporter)', { body: sellerUpdateBody, response: { 200: sellerTeamAnswer } }),
      async (req) => service.update(ctx, req.actor!, req.params.id, req.body));
  }

  r.delete('/api/seller-teams/:id', sellers.byId('Soft-delete a team holding no money and no open orders; its users are disabled', { response: { 200: messageResponse } }),
    async (req) => service.remove(ctx, req.actor!, req.params.id));

  r.get('/api/seller-teams/:id/members', sellers.byId("The team's users (manager first)", { response: { 200: sellerMembersResponse } }),
    async (req) => service.members(ctx, req.actor!, req.params.id));

  r.patch('/api/users/:id/reset-password', sellers(
    "Set a seller manager's password (id: the manager's user id); signs the manager out everywhere",
    { params: sellerResetPasswordParams, body: sellerResetPasswordBody, response: { 200: messageResponse } },
  ), async (req) => service.resetManagerPassword(ctx, req.actor!, req.params.id, req.body));

  r.get('/api/profits/seller-team', profits(
    "Profit figures (USD) of the agency's teams among sellerTeamIds (comma-joined); others are left out",
    { querystring: sellerProfitsQuery, response: { 200: sellerProfitsResponse } },
  ), async (req) => service.profits(ctx, req.actor!, req.query.sellerTeamIds));
}
