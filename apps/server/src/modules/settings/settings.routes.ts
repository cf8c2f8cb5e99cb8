import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agencyInfoResponse,
  createDomainBody,
  domainAnswer,
  domainListResponse,
  messageResponse,
  paymentSettingsResponse,
  updateConfigBody,
  updateConfigResponse,
  updateSettingsBody,
  updateSettingsResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import * as domains from './domains.service';
import * as settings from './settings.service';

/** The agency owner's settings pages (spec part 2 sections 2 and 7, Settings), and the seller's view of payment. */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  const owner = routeOptions('agency.settings', tags);
  const seller = routeOptions('seller.balance', tags);

  r.get('/api/agencies/info', owner("The signed-in owner's agency with its settings and config", { response: { 200: agencyInfoResponse } }),
    async (req) => ({ data: await settings.info(ctx, req.actor!) }));

  r.patch('/api/agencies/update-settings', owner('Merge some settings into the agency settings (shipping rows without a country are dropped)', { body: updateSettingsBody, response: { 200: updateSettingsResponse } }),
    async (req) => settings.updateSettings(ctx, req.actor!, req.body.settings));

  r.patch('/api/agencies/config', owner('Merge theme keys and template-file links into the agency config; answers the whole config', { body: updateConfigBody, response: { 200: updateConfigResponse } }),
    async (req) => settings.updateConfig(ctx, req.actor!, req.body));

  r.post('/api/agencies/config/reset', owner("Put every theme key back to the defaults (title: the agency's name); template files are kept", { response: { 200: updateConfigResponse } }),
    async (req) => settings.resetTheme(ctx, req.actor!));

  r.get('/api/agencies/payment-settings', seller("The exchange rate and top-up instructions of the signed-in seller's agency", { response: { 200: paymentSettingsResponse } }),
    async (req) => settings.paymentSettings(ctx, req.actor!));

  r.get('/api/domains', owner("The agency's custom domains", { response: { 200: domainListResponse } }),
    async (req) => domains.list(ctx, req.actor!));

  r.post('/api/domains', owner('Add a custom domain (host names are unique across agencies)', { body: createDomainBody, response: { 201: domainAnswer } }),
    async (req, reply) => reply.status(201).send(await domains.create(ctx, req.actor!, req.body.host)));

  r.post('/api/domains/:id/check', owner.byId("Check the domain's DNS record against the app's target and store the outcome", { response: { 200: domainAnswer } }),
    async (req) => domains.check(ctx, req.actor!, req.params.id));

  r.delete('/api/domains/:id', owner.byId('Remove a custom domain', { response: { 200: messageResponse } }),
    async (req) => domains.remove(ctx, req.actor!, req.params.id));
}
