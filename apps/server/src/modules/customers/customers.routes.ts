import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerBackfillResponse, customerEraseAnswer, customerExportAnswer, customerExportQuery, customerListQuery, customerListResponse,
  customerOptionsResponse, customerOrdersQuery, customerOrdersResponse, customerResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions } from '../../lib/routes';
import { sendAttachment } from '../../lib/upload';
import * as service from './customers.service';
import { exportCustomers } from './customers-export';
import { eraseCustomer, exportCustomerData } from './customer-privacy';

/**
 * Customers (/ag/customers, /s/customers; docs/customers.md): the buyers of the orders, read by whoever opens either
 * page, erased only by the agency's owner and the team's manager; the scope (the agency's sellers, or the seller's
 * own team) comes from the actor.
 */
export async function customerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = routeOptions(['customers.agency', 'customers.seller'], ['customers']);
  const erase = routeOptions('customers.erase', ['customers']);

  r.get('/api/customers', read('Customers of the caller\u2019s scope, last order first by default (search, country, store, seller team, last-order dates, sort)', { querystring: customerListQuery, response: { 200: customerListResponse } }),
    async (req) => service.list(ctx, req.actor!, req.query));

  r.get('/api/customers/export', read('The list\u2019s filters as CSV or .xlsx (formula-safe, at most 10,000 customers); answers the file\u2019s url', { querystring: customerExportQuery, response: { 200: customerExportAnswer } }),
    async (req) => exportCustomers(ctx, req.actor!, req.query));

  r.get('/api/customers/options', read('Choices of the list\u2019s filters: stores, seller teams (agency) and countries of the scope', { response: { 200: customerOptionsResponse } }),
    async (req) => service.options(ctx, req.actor!));

  r.get('/api/customers/backfill', read('Whether orders made before customers existed are still being linked, and how far it got', { response: { 200: customerBackfillResponse } }),
    async (req) => service.backfill(ctx, req.actor!));

  r.get('/api/customers/:id', read.byId('One customer with the addresses its orders went to', { response: { 200: customerResponse } }),
    async (req) => service.get(ctx, req.actor!, req.params.id));

  r.get('/api/customers/:id/orders', read.byId('The customer\u2019s orders, newest first', { querystring: customerOrdersQuery, response: { 200: customerOrdersResponse } }),
    async (req) => service.orders(ctx, req.actor!, req.params.id, req.query));

  // Privacy (docs/customers.md "Privacy"): the data held about one customer, and its erase.
  r.get('/api/customers/:id/data-export', read.byId('The data held about the customer (its record, its orders with items and tracking) as a JSON file to download'),
    async (req, reply) => {
      const file = await exportCustomerData(ctx, req.actor!, req.params.id);
      reply.header('Cache-Control', 'private, no-store');
      return sendAttachment(reply, file.fileName, 'application/json; charset=utf-8', file.data);
    });

  r.post('/api/customers/:id/erase', erase.byId('Erase the customer\u2019s personal data: its closed orders now, its open orders once they close (cannot be undone)', { response: { 200: customerEraseAnswer } }),
    async (req) => eraseCustomer(ctx, req.actor!, req.params.id));
}
