import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adjustAnswer,
  adjustBody,
  exportUrlResponse,
  invoiceDetailResponse,
  invoiceExportQuery,
  invoiceListQuery,
  invoiceListResponse,
  sellerTeamOptionsResponse,
  ledgerEntriesQuery,
  ledgerEntriesResponse,
  ledgerExportQuery,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { idempotencyOf, moneyTransaction } from '../money';
import { routeOptions, sendMoneyAnswer } from '../../lib/routes';
import * as service from './invoices.service';

/**
 * Invoices and bills: 'invoices.agency' (owner, accounting) sees the agency's, 'invoices.seller'
 * (seller manager, seller accounting) its own team's; the scope comes from the actor only.
 */
export async function invoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];
  const read = routeOptions(['invoices.agency', 'invoices.seller'], tags);
  const agency = routeOptions('invoices.agency', tags);

  r.get('/api/invoices', read(
    'Invoices, newest first (activeName payment = IN, debts = OUT; type, search by name, sellerTeam for agency users, from/to)',
    { querystring: invoiceListQuery, response: { 200: invoiceListResponse } },
  ), async (req) => service.listInvoices(ctx, req.actor!, req.query));

  r.get('/api/invoices/export', read('The current filter of the invoices list as csv or xlsx (formula-safe); answers url', { querystring: invoiceExportQuery, response: { 200: exportUrlResponse } }),
    async (req) => service.exportInvoices(ctx, req.actor!, req.query));

  r.get('/api/invoices/seller-teams', agency("The agency's seller teams (id, name, code) for the invoices list's filter", { response: { 200: sellerTeamOptionsResponse } }),
    async (req) => service.teamOptions(ctx, req.actor!));

  r.get('/api/invoices/:id', read.byId('One invoice with its lines (and the deposit it came from)', { response: { 200: invoiceDetailResponse } }),
    async (req) => ({ data: await service.invoiceDetail(ctx, req.actor!, req.params.id) }));

  r.get('/api/invoices/:id/export', read.byId('One invoice and its lines as csv; answers url', { response: { 200: exportUrlResponse } }),
    async (req) => service.exportInvoice(ctx, req.actor!, req.params.id));

  await balanceRoutes(app, ctx);
}

/** The seller's ledger (/s/balance) and the agency owner's manual adjustment. */
async function balanceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['money'];
  const seller = routeOptions('balance.seller', tags);
  const adjust = routeOptions('money.adjust', tags);

  r.get('/api/balances/entries', seller(
    "The signed-in seller team's ledger, newest first, with the running balance (account wallet|profit, type, from/to)",
    { querystring: ledgerEntriesQuery, response: { 200: ledgerEntriesResponse } },
  ), async (req) => service.ledgerEntries(ctx, req.actor!, req.query));

  r.get('/api/balances/entries/export', seller("The seller's ledger under the same filters as csv or xlsx; answers url", { querystring: ledgerExportQuery, response: { 200: exportUrlResponse } }),
    async (req) => service.exportLedger(ctx, req.actor!, req.query));

  r.post('/api/balances/seller-teams/:id/adjust', adjust.byId(
    "Credit (+) or debit (-) a seller team's wallet with a mandatory reason (Idempotency-Key honoured); writes an IN or OUT invoice",
    { body: adjustBody, response: { 201: adjustAnswer } },
  ), async (req, reply) =>
    sendMoneyAnswer(reply, await moneyTransaction(ctx.db, idempotencyOf(req), (tx) => service.adjust(tx, req.actor!, req.params.id, req.body), 201)));
}
