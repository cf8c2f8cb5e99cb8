import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogListQuery, catalogListResponse } from '@fbo/shared';
import type { AppContext } from '../../context';
import { catalogList } from './catalogs.service';

export async function catalogRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/catalogs', {
    config: { permission: ['catalogs.master', 'catalogs.supplier', 'catalogs.agency', 'catalogs.seller'] },
    schema: { tags: ['catalogs'], summary: 'Catalogs visible to the signed-in user', querystring: catalogListQuery, response: { 200: catalogListResponse } },
  }, (req) => catalogList(ctx, req.actor!, req.query));
}
