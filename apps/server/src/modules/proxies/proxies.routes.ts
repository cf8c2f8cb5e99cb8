import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageResponse,
  proxyAnswer,
  proxyCreateBody,
  proxyGroupAnswer,
  proxyGroupBody,
  proxyGroupListQuery,
  proxyGroupListResponse,
  proxyListQuery,
  proxyListResponse,
  proxyOptionsResponse,
  proxyUpdateBody,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import * as service from './proxies.service';

/**
 * Reading (select source, both lists) is 'proxies.read': order filters pick proxies and groups too.
 * Every change is 'proxies.manage' (the proxy screen: agency owner and accounting).
 */
export async function proxyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readProxies = routeOptions('proxies.read', ['proxies']);
  const manageProxies = routeOptions('proxies.manage', ['proxies']);
  const readGroups = routeOptions('proxies.read', ['proxy-groups']);
  const manageGroups = routeOptions('proxies.manage', ['proxy-groups']);

  r.get('/api/orders/proxy/list', readProxies('Every proxy of the agency, by domain (selects, order filters)', { response: { 200: proxyOptionsResponse } }),
    async (req) => service.options(ctx, req.actor!));

  // Proxy groups.
  r.get('/api/proxy-groups', readGroups('Proxy groups, newest first', { querystring: proxyGroupListQuery, response: { 200: proxyGroupListResponse } }),
    async (req) => service.listGroups(ctx, req.actor!, req.query));

  r.post('/api/proxy-groups', manageGroups('Create a proxy group (name unique in the agency)', { body: proxyGroupBody, response: { 201: proxyGroupAnswer } }),
    async (req, reply) => reply.code(201).send(await service.createGroup(ctx, req.actor!, req.body.name)));

  r.patch('/api/proxy-groups/:id', manageGroups.byId('Rename a proxy group', { body: proxyGroupBody, response: { 200: proxyGroupAnswer } }),
    async (req) => service.renameGroup(ctx, req.actor!, req.params.id, req.body.name));

  r.delete('/api/proxy-groups/:id', manageGroups.byId('Delete a proxy group; its proxies stay, in no group', { response: { 200: messageResponse } }),
    async (req) => service.deleteGroup(ctx, req.actor!, req.params.id));

  // Proxies.
  r.get('/api/proxies', readProxies('Proxies, newest first; groupId=none for proxies in no group', { querystring: proxyListQuery, response: { 200: proxyListResponse } }),
    async (req) => service.listProxies(ctx, req.actor!, req.query));

  r.post('/api/proxies', manageProxies('Create a proxy (a host name, unique in the agency)', { body: proxyCreateBody, response: { 201: proxyAnswer } }),
    async (req, reply) => reply.code(201).send(await service.createProxy(ctx, req.actor!, req.body)));

  r.patch('/api/proxies/:id', manageProxies.byId('Change a proxy domain or group (groupId null: no group)', { body: proxyUpdateBody, response: { 200: proxyAnswer } }),
    async (req) => service.updateProxy(ctx, req.actor!, req.params.id, req.body));

  r.delete('/api/proxies/:id', manageProxies.byId('Delete a proxy no order uses; its users are unlinked', { response: { 200: messageResponse } }),
    async (req) => service.deleteProxy(ctx, req.actor!, req.params.id));
}
