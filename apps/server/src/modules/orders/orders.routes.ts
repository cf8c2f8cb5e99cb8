import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exportHistoryQuery,
  exportHistoryResponse,
  idParam,
  orderCountsQuery,
  orderCountsResponse,
  orderExportBody,
  orderExportResponse,
  orderListQuery,
  orderListResponse,
  orderNotificationsResponse,
  orderTeamOptionsResponse,
  totalRevenueResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { exportHistory, registerOrderExport, startOrderExport } from './order-export';
import { orderCounts, orderList, orderNotifications, teamOptions, totalRevenue } from './orders.service';

const tags = ['orders'];
const read = { permission: ['orders.agency', 'orders.design', 'orders.seller'] } as const;

/** The order lists (docs/orders.md, "Lists and filters"), their export and the order items. */
export async function orderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerOrderExport(ctx);

  r.get('/api/orders', {
    config: read,
    schema: { tags, summary: 'Orders visible to the signed-in user, filtered, newest first', querystring: orderListQuery, response: { 200: orderListResponse } },
  }, (req) => orderList(ctx, req.actor!, req.query));

  r.get('/api/orders/counts', {
    config: read,
    schema: { tags, summary: 'Orders per status tab and All for the same filters (capped)', querystring: orderCountsQuery, response: { 200: orderCountsResponse } },
  }, (req) => orderCounts(ctx, req.actor!, req.query));

  // The agency's and the sellers' order readers; the design queue (/ds/orders alone) has no notifications.
  r.get('/api/orders/notification/all', {
    config: { permission: ['orders.agency', 'orders.seller'] },
    schema: { tags, summary: 'Orders that need someone, per kind and in all (capped); GET /api/orders?attention=<key> lists them', response: { 200: orderNotificationsResponse } },
  }, (req) => orderNotifications(ctx, req.actor!));

  r.get('/api/orders/seller-teams', {
    config: { permission: 'orders.agency' },
    schema: { tags, summary: "The agency's seller teams for the order filters", response: { 200: orderTeamOptionsResponse } },
  }, (req) => teamOptions(ctx, req.actor!));

  r.post('/api/orders/export', {
    config: { permission: 'orders.export' },
    schema: { tags, summary: 'Export the current filter (xlsx or csv) as a job; answers the job id', body: orderExportBody, response: { 200: orderExportResponse } },
  }, (req) => startOrderExport(ctx, req.actor!, req.body));

  r.get('/api/export-history', {
    config: { permission: 'orders.export' },
    schema: { tags, summary: 'My exports, newest first, with their download links', querystring: exportHistoryQuery, response: { 200: exportHistoryResponse } },
  }, (req) => exportHistory(ctx, req.actor!, req.query));

  // Revenue is a money figure: the roles that read invoices (agency owner, accounting).
  r.get('/api/orders/seller-team/:id/total-revenue', {
    config: { permission: 'invoices.agency' },
    schema: { tags, summary: "Sum of totalPrice of a team's orders that are not cancelled, and their count", params: idParam, response: { 200: totalRevenueResponse } },
  }, (req) => totalRevenue(ctx, req.actor!, req.params.id));

}
