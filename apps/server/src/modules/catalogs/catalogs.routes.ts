import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agencyCatalogExportQuery,
  catalogAnswer,
  catalogAskPriceAnswer,
  catalogAskPriceBody,
  catalogBody,
  catalogDetailResponse,
  catalogExportAnswer,
  catalogListQuery,
  catalogListResponse,
  catalogStatusAnswer,
  catalogStatusBody,
  catalogUpdateBody,
  fulfillmentPartnersResponse,
  idParam,
  messageResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import * as service from './catalogs.service';

/**
 * Reading: every catalog screen (master, supplier, agency, seller), each seeing its own scope.
 * Changing: the administrator (master catalogs) and agency owner/staff (their own catalogs).
 * Bulk status and ask-price: the administrator.
 */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalogs'];
  const read = { permission: ['catalogs.master', 'catalogs.supplier', 'catalogs.agency', 'catalogs.seller'] } as const;
  const manage = { permission: ['catalogs.master', 'catalogs.agency.manage'] } as const;
  const master = { permission: 'catalogs.master' } as const;

  r.get('/api/catalogs', {
    config: read,
    schema: { tags, summary: 'Catalogs visible to the signed-in user (sellers: with their team price)', querystring: catalogListQuery, response: { 200: catalogListResponse } },
  }, (req) => service.catalogList(ctx, req.actor!, req.query));

  r.get('/api/catalogs/export/agency-catalogs', {
    config: { permission: 'catalogs.agency' },
    schema: { tags, summary: "The agency's catalogs with variants and its cost, as xlsx or csv (data.url)", querystring: agencyCatalogExportQuery, response: { 200: catalogExportAnswer } },
  }, (req) => service.exportAgencyCatalogs(ctx, req.actor!, req.query.exportType));

  r.patch('/api/catalogs/status', {
    config: master,
    schema: { tags, summary: 'Set the publish status of several catalogs; answers how many changed', body: catalogStatusBody, response: { 200: catalogStatusAnswer } },
  }, (req) => service.bulkStatus(ctx, req.actor!, req.body));

  r.post('/api/catalogs/ask-price', {
    config: master,
    schema: { tags, summary: 'Ask suppliers for a price (dropship trademark catalogs go to Ask price)', body: catalogAskPriceBody, response: { 200: catalogAskPriceAnswer } },
  }, (req) => service.askPrice(ctx, req.actor!, req.body.ids));

  r.get('/api/public/catalogs/fulfillment-partners/list', {
    config: { permission: 'public' },
    schema: { tags: ['public'], summary: 'Active agencies as fulfilment partners (landing pages)', response: { 200: fulfillmentPartnersResponse } },
  }, () => service.fulfillmentPartners(ctx));

  r.get('/api/catalogs/:id', {
    config: read,
    schema: { tags, summary: 'One catalog with categories and variants (sellers: with their team price)', params: idParam, response: { 200: catalogDetailResponse } },
  }, (req) => service.catalogDetail(ctx, req.actor!, req.params.id));

  r.post('/api/catalogs', {
    config: manage,
    schema: { tags, summary: "Create a master catalog (administrator) or the agency's own catalog", body: catalogBody, response: { 201: catalogAnswer } },
  }, async (req, reply) => reply.code(201).send(await service.createCatalog(ctx, req.actor!, req.body)));

  r.patch('/api/catalogs/:id', {
    config: manage,
    schema: { tags, summary: 'Change a catalog; variants: the whole list (removed ones are archived when referenced)', params: idParam, body: catalogUpdateBody, response: { 200: catalogAnswer } },
  }, (req) => service.updateCatalog(ctx, req.actor!, req.params.id, req.body));

  r.delete('/api/catalogs/:id', {
    config: manage,
    schema: { tags, summary: 'Soft-delete a catalog', params: idParam, response: { 200: messageResponse } },
  }, (req) => service.deleteCatalog(ctx, req.actor!, req.params.id));
}
