import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  designerListResponse,
  idParam,
  managedUserListQuery,
  managedUserListResponse,
  managedUserResponse,
  messageResponse,
  staffListQuery,
  staffListResponse,
  userCreateBody,
  userCreatedResponse,
  userUpdateBody,
  type ApiPermission,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import * as service from './users-admin.service';

/** The agency owner manages its agency's users; a seller manager its team's sub-users. */
const MANAGE: readonly ApiPermission[] = ['users.agency', 'users.seller'];

export async function userAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get('/api/users', {
    config: { permission: MANAGE },
    schema: { tags, summary: "The agency's users or the seller team's sub-users, newest first", querystring: managedUserListQuery, response: { 200: managedUserListResponse } },
  }, async (req) => service.list(ctx, req.actor!, req.query));

  r.post('/api/users', {
    config: { permission: MANAGE },
    schema: { tags, summary: 'Create an active sub-user', body: userCreateBody, response: { 201: userCreatedResponse } },
  }, async (req, reply) => reply.status(201).send(await service.create(ctx, req.actor!, req.body)));

  // A static segment wins over `:id` in the router, so /users/designers is never taken for an id.
  r.get('/api/users/designers', {
    config: { permission: 'users.designers' },
    schema: { tags, summary: "The agency's designers", response: { 200: designerListResponse } },
  }, async (req) => service.designers(ctx, req.actor!));

  r.get('/api/agencies/staffs', {
    config: { permission: 'agency.staffs' },
    schema: { tags, summary: "The agency's sub-users, for Supporter selects", querystring: staffListQuery, response: { 200: staffListResponse } },
  }, async (req) => service.staffs(ctx, req.actor!, req.query));

  // Every signed-in user may ask; the service answers its own profile, or the owner any of its agency's users.
  r.get('/api/users/:id/profile', {
    config: { permission: 'authenticated' },
    schema: { tags, summary: "A user's profile: the agency owner any user of its agency, everyone else only itself (404 otherwise)", params: idParam, response: { 200: managedUserResponse } },
  }, async (req) => service.profile(ctx, req.actor!, req.params.id));

  r.get('/api/users/:id', {
    config: { permission: MANAGE },
    schema: { tags, summary: 'One managed user', params: idParam, response: { 200: managedUserResponse } },
  }, async (req) => service.get(ctx, req.actor!, req.params.id));

  // The spec's client sends PUT or PATCH; both update.
  for (const method of ['patch', 'put'] as const) {
    r[method]('/api/users/:id', {
      config: { permission: MANAGE },
      schema: { tags, summary: 'Update full name, authority and proxies (email is read-only)', params: idParam, body: userUpdateBody, response: { 200: messageResponse } },
    }, async (req) => service.update(ctx, req.actor!, req.params.id, req.body));
  }

  r.delete('/api/users/:id', {
    config: { permission: MANAGE },
    schema: { tags, summary: 'Delete a sub-user (disabled, signed out everywhere, kept for history)', params: idParam, response: { 200: messageResponse } },
  }, async (req) => service.remove(ctx, req.actor!, req.params.id));
}
