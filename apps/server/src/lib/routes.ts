import type { FastifySchema } from 'fastify';
import { idParam, type ApiPermission } from '@fbo/shared';

/** Who may call a route: one permission of the shared table, or any of several. */
export type RoutePermission = ApiPermission | readonly ApiPermission[];

/** A route's Zod schemas and OpenAPI extras; tags and summary come from routeOptions(). */
export type RouteSchema = Omit<FastifySchema, 'tags' | 'summary'>;

/**
 * The `{ config, schema }` options of the routes of a module that share who may call them and
 * their OpenAPI tags, so each route states only what is its own:
 *
 *   const manage = routeOptions('proxies.manage', ['proxies']);
 *   r.post('/api/proxies', manage('Create a proxy', { body, response: { 201: proxyAnswer } }), handler);
 *   r.patch('/api/proxies/:id', manage.byId('Change a proxy', { body, response: { 200: proxyAnswer } }), handler);
 *
 * `byId` is for a route on one record: `:id` in the path, validated as a UUID (idParam). The
 * permission ends in `config.permission`, which the permissions plugin checks before validation.
 */
export function routeOptions(permission: RoutePermission, tags: string[]) {
  function options<S extends RouteSchema = object>(summary: string, schema?: S) {
    return { config: { permission }, schema: { tags, summary, ...schema } as { tags: string[]; summary: string } & S };
  }
  function byId<S extends RouteSchema = object>(summary: string, schema?: S) {
    return options(summary, { ...schema, params: idParam } as S & { params: typeof idParam });
  }
  return Object.assign(options, { byId });
}

/**
 * Sends the answer of a money-moving service call (moneyTransaction): its status code (201 when
 * it created, or the stored one of a replayed Idempotency-Key) and its body.
 */
export function sendMoneyAnswer<T>(reply: { code(statusCode: never): unknown }, answer: { statusCode: number; body: T }): T {
  reply.code(answer.statusCode as never);
  return answer.body;
}
