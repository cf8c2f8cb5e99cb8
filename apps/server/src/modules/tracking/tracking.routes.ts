import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  TRACKING_LIMITS,
  TRACKING_MSG,
  TRACKING_TEMPLATE_PATH,
  addShipmentBody,
  sellerTeamOptionsResponse,
  shipmentAnswer,
  syncTrackAnswer,
  syncTrackQuery,
  trackingDetailResponse,
  trackingImportAnswer,
  trackingListQuery,
  trackingListResponse,
  trackingOrderParams,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import { readUpload, sendAttachment } from '../../lib/upload';
import { XLSX_TYPE } from '../jobs';
import * as service from './tracking.service';
import { registerStoreSync } from './store-sync.job';
import { registerTrackingImport, startTrackingImport, trackingTemplate } from './tracking-import';

/**
 * Tracking (docs/orders.md, "Tracking and store sync"): reading is 'tracking.agency' (owner, staff,
 * customer support); changing is 'orders.agency.act' (owner, customer support). Everything is
 * scoped to the actor's agency in the service: another agency's order or shipment is a 404.
 */
export async function trackingRoutes(app: FastifyInstance, ctx: AppContext) {
  registerStoreSync(ctx);
  registerTrackingImport(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tracking'];
  const read = routeOptions('tracking.agency', tags);
  const act = routeOptions('orders.agency.act', tags);
  const anyone = routeOptions('public', tags);

  r.get('/api/tracking', read('Orders from production on, with their shipments (/ag/tracking)', { querystring: trackingListQuery, response: { 200: trackingListResponse } }),
    async (req) => service.list(ctx, req.actor!, req.query));

  r.get('/api/tracking/seller-teams', read("The agency's seller teams (id, name, code) for the tracking team filter", { response: { 200: sellerTeamOptionsResponse } }),
    async (req) => service.teams(ctx, req.actor!));

  r.get(TRACKING_TEMPLATE_PATH, anyone('The .xlsx template of the tracking import (templateFile.importTrackingFilePath)'),
    async (_req, reply) => sendAttachment(reply, 'tracking-template.xlsx', XLSX_TYPE, await trackingTemplate()));

  r.get('/api/tracking/:orderId', read('An order with its items, their shipment, and its shipments (/ag/tracking/:id)', { params: trackingOrderParams, response: { 200: trackingDetailResponse } }),
    async (req) => service.detail(ctx, req.actor!, req.params.orderId));

  r.post('/api/tracking/:orderId/shipments', act(
    'Add tracking: a shipment of the chosen items (default: every item still to ship); the order status follows its items',
    { params: trackingOrderParams, body: addShipmentBody, response: { 201: shipmentAnswer } },
  ), async (req, reply) => reply.code(201).send(await service.addShipment(ctx, req.actor!, req.params.orderId, req.body)));

  r.patch('/api/tracking/shipments/:id/delivered', act.byId('Mark a shipment delivered: its items Fulfilled, the order status derived', { response: { 200: shipmentAnswer } }),
    async (req) => service.markDelivered(ctx, req.actor!, req.params.id));

  r.post('/api/orders/synced-track-to-store', act('Queue the sync of tracking to the store for each order (ids comma-joined); answers per order', { querystring: syncTrackQuery, response: { 200: syncTrackAnswer } }),
    async (req) => service.requestSync(ctx, req.actor!, req.query.ids));

  // Multipart is parsed in this scope only; the file is capped at 5 MB.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: TRACKING_LIMITS.importMaxBytes, files: 1, fields: 2, parts: 3 } });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/tracking/import', act(
      'Import tracking from one .xlsx or .csv (multipart: file); queues an IMPORT_TRACKING job',
      { consumes: ['multipart/form-data'], response: { 202: trackingImportAnswer } },
    ), async (req, reply) => {
      const { file } = await readUpload(req, TRACKING_MSG);
      return reply.code(202).send(await startTrackingImport(ctx, req.actor!, file));
    });
  });
}
