import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_THEME, fullConfigResponse, publicConfigResponse } from '@fbo/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { agencyById, agencyForHost } from './agencies.repo';
import { withDefaults } from './agency-theme';

export async function agencyRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/agencies/config/public', {
    config: { permission: 'public' },
    schema: { tags: ['agencies'], summary: "Theme of the signed-in user's agency, else of the agency owning the requesting domain", response: { 200: publicConfigResponse } },
  }, async (request) => {
    // A seller sees its own agency's brand whichever address it came through.
    const agencyId = request.actor?.agencyId;
    const agency = (agencyId ? await agencyById(opts.db, agencyId) : null) ?? (await agencyForHost(opts.db, request.host));
    return { data: agency ? withDefaults(agency.config) : DEFAULT_THEME };
  });

  r.get('/api/agencies/config', {
    config: { permission: 'agency.config.read' },
    schema: { tags: ['agencies'], summary: "The signed-in agency's full configuration", response: { 200: fullConfigResponse } },
  }, async (request) => {
    const agency = await agencyById(opts.db, request.actor!.agencyId!);
    if (!agency) throw notFound();
    return { data: { ...withDefaults(agency.config), agencyId: agency.id, agencyName: agency.name } };
  });
}
