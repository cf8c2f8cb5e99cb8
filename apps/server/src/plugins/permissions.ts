import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PERMISSIONS, type ApiPermission, can } from '@fbo/shared';
import { forbidden, unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: one permission of the shared table, or any of several. */
    permission?: ApiPermission | readonly ApiPermission[];
  }
}

/** Routes outside /api (the SPA) and the API docs UI carry no data and need no permission. */
const EXEMPT = [/^\/api\/docs(\/|$)/];

/** Every API route a test or the authorization matrix can walk: method, url, permission. */
export interface RegisteredRoute {
  method: string;
  url: string;
  permission: readonly ApiPermission[];
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: RegisteredRoute[];
  }
}

/**
 * The server reads the same permission table as the web. A route that declares no permission
 * stops start-up, so nothing can be exposed by forgetting.
 */
export const permissionsPlugin = fp(
  async (app: FastifyInstance) => {
    const registered: RegisteredRoute[] = [];
    app.decorate('apiRoutes', registered);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api') || EXEMPT.some((re) => re.test(route.url))) return;
      const declared = route.config?.permission;
      if (!declared) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
      }
      const list = (Array.isArray(declared) ? declared : [declared]) as ApiPermission[];
      for (const p of list) {
        if (!(p in API_PERMISSIONS)) throw new Error(`Route ${route.url} declares unknown permission ${p}`);
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') registered.push({ method, url: route.url, permission: list });
      }
      const check = async (request: import('fastify').FastifyRequest) => {
        if (list.includes('public')) return;
        if (!request.actor) throw unauthorized();
        if (!list.some((p) => can(request.actor, p))) throw forbidden();
      };
      // preValidation: a caller without the right learns nothing, not even which fields are wrong.
      const existing = route.preValidation;
      route.preValidation = existing ? [check, ...[existing].flat()] : [check];
    });
  },
  { name: 'permissions' },
);
