import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  basecostAnswer,
  basecostCatalogCostsAnswer,
  basecostCatalogCostsBody,
  basecostCatalogCostsResponse,
  basecostCatalogIdParam,
  basecostCatalogOptionsQuery,
  basecostCatalogOptionsResponse,
  basecostCatalogParams,
  basecostCreateBody,
  basecostDetailResponse,
  basecostListQuery,
  basecostListResponse,
  basecostOptionsResponse,
  basecostUpdateBody,
  catalogAcrossGroupsResponse,
  idParam,
  messageResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import * as service from './basecosts.service';
import type { Scope } from './basecosts.service';

/**
 * `GET /api/basecosts` is the select source ('basecosts.read'). The administrator's price lists live
 * under /api/basecosts/master ('basecosts.master'), an agency's seller groups under
 * /api/basecosts/groups ('basecosts.agency': owner and staff); both have the same shape.
 */
export async function basecostRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/basecosts', {
    config: { permission: 'basecosts.read' },
    schema: {
      tags: ['basecosts'],
      summary: "Base-cost choices by name: the administrator's price lists, or the agency's groups",
      response: { 200: basecostOptionsResponse },
    },
  }, async (req) => service.options(ctx, req.actor!));

  const scoped = (scope: Scope, base: string, permission: 'basecosts.master' | 'basecosts.agency', what: string, one: string) => {
    const config = { permission } as const;
    const tags = [scope === 'master' ? 'basecosts-master' : 'basecost-groups'];

    r.get(base, {
      config,
      schema: { tags, summary: `${what}, newest first`, querystring: basecostListQuery, response: { 200: basecostListResponse } },
    }, async (req) => service.list(ctx, req.actor!, scope, req.query));

    r.post(base, {
      config,
      schema: { tags, summary: `Create ${one} (name unique per owner, regardless of case)`, body: basecostCreateBody, response: { 201: basecostAnswer } },
    }, async (req, reply) => reply.code(201).send(await service.create(ctx, req.actor!, scope, req.body)));

    r.get(`${base}/:id`, {
      config,
      schema: { tags, summary: 'One base cost with the catalogs it prices', params: idParam, response: { 200: basecostDetailResponse } },
    }, async (req) => service.detail(ctx, req.actor!, scope, req.params.id));

    r.patch(`${base}/:id`, {
      config,
      schema: { tags, summary: 'Rename or describe a base cost', params: idParam, body: basecostUpdateBody, response: { 200: basecostAnswer } },
    }, async (req) => service.update(ctx, req.actor!, scope, req.params.id, req.body));

    r.delete(`${base}/:id`, {
      config,
      schema: {
        tags,
        summary: scope === 'master' ? 'Delete a price list no agency uses (soft delete)' : 'Delete a group no seller team uses (soft delete)',
        params: idParam,
        response: { 200: messageResponse },
      },
    }, async (req) => service.remove(ctx, req.actor!, scope, req.params.id));

    r.get(`${base}/:id/catalog-options`, {
      config,
      schema: {
        tags,
        summary: scope === 'master' ? 'Master catalogs to price, by name' : 'Catalogs the agency offers or owns, to price, by name',
        params: idParam,
        querystring: basecostCatalogOptionsQuery,
        response: { 200: basecostCatalogOptionsResponse },
      },
    }, async (req) => service.catalogOptions(ctx, req.actor!, scope, req.params.id, req.query.search));

    r.get(`${base}/:id/catalogs/:catalogId`, {
      config,
      schema: { tags, summary: "Every variant of a catalog with its prices in the base cost", params: basecostCatalogParams, response: { 200: basecostCatalogCostsResponse } },
    }, async (req) => service.catalogCosts(ctx, req.actor!, scope, req.params.id, req.params.catalogId));

    r.put(`${base}/:id/catalogs/:catalogId`, {
      config,
      schema: {
        tags,
        summary: "Set a catalog's prices (USD): the listed variants are priced, the catalog's others leave the base cost",
        params: basecostCatalogParams,
        body: basecostCatalogCostsBody,
        response: { 200: basecostCatalogCostsAnswer },
      },
    }, async (req) => service.saveCatalogCosts(ctx, req.actor!, scope, req.params.id, req.params.catalogId, req.body));

    r.delete(`${base}/:id/catalogs/:catalogId`, {
      config,
      schema: { tags, summary: "Remove a catalog's prices from the base cost", params: basecostCatalogParams, response: { 200: messageResponse } },
    }, async (req) => service.deleteCatalogCosts(ctx, req.actor!, scope, req.params.id, req.params.catalogId));
  };

  scoped('master', '/api/basecosts/master', 'basecosts.master', "The administrator's price lists", 'a price list');
  scoped('agency', '/api/basecosts/groups', 'basecosts.agency', "The agency's seller groups", 'a group');

  r.get('/api/basecosts/catalogs/:catalogId', {
    config: { permission: 'basecosts.agency' },
    schema: {
      tags: ['basecost-groups'],
      summary: "One catalog's prices across the agency's groups, beside the agency's own cost and margin",
      params: basecostCatalogIdParam,
      response: { 200: catalogAcrossGroupsResponse },
    },
  }, async (req) => service.catalogAcrossGroups(ctx, req.actor!, req.params.catalogId));
}
