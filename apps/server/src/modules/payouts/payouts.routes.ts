import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  payoutAnswer,
  payoutCreateBody,
  payoutFindQuery,
  payoutListQuery,
  payoutListResponse,
  payoutRequestParams,
  payoutStatusBody,
  sellerTeamOptionsResponse,
  payoutUpdateBody,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions, sendMoneyAnswer } from '../../lib/routes';
import { idempotencyOf } from '../money';
import * as service from './payouts.service';

/**
 * Payout requests (seller manager: 'payouts.seller') and their decision (agency owner and
 * accounting: 'payouts.agency'). Every money-moving route runs through moneyTransaction
 * (Idempotency-Key).
 */
export async function payoutRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payouts'];
  const seller = routeOptions('payouts.seller', tags);
  const agency = routeOptions('payouts.agency', tags);
  const either = routeOptions(['payouts.agency', 'payouts.seller'], tags);

  r.post('/api/seller-teams/:id/payout-request/create', seller.byId(
    "Request a payout from the team's available profit (Idempotency-Key honoured)",
    { body: payoutCreateBody, response: { 201: payoutAnswer } },
  ), async (req, reply) => sendMoneyAnswer(reply, await service.create(ctx, req.actor!, idempotencyOf(req), req.params.id, req.body)));

  r.patch('/api/seller-teams/:id/payout-request/:reqId/update', seller(
    'Change or cancel (cancel: true) a pending payout request of the team (Idempotency-Key honoured)',
    { params: payoutRequestParams, body: payoutUpdateBody, response: { 200: payoutAnswer } },
  ), async (req, reply) => sendMoneyAnswer(reply, await service.update(ctx, req.actor!, idempotencyOf(req), req.params.id, req.params.reqId, req.body)));

  r.get('/api/seller-teams/:id/payout-request/find', seller.byId("The team's own payout requests, newest first", { querystring: payoutFindQuery, response: { 200: payoutListResponse } }),
    async (req) => service.find(ctx, req.actor!, req.params.id, req.query));

  r.get('/api/payouts', either("Payouts of the agency (or the seller manager's own team), newest first", { querystring: payoutListQuery, response: { 200: payoutListResponse } }),
    async (req) => service.list(ctx, req.actor!, req.query));

  r.get('/api/payouts/seller-teams', agency("The agency's seller teams for the payouts filter", { response: { 200: sellerTeamOptionsResponse } }),
    async (req) => service.teamOptions(ctx, req.actor!));

  r.patch('/api/payouts/:id/status', agency.byId(
    'Approve (1: moves the money out of the profit account) or reject (2) a pending payout request',
    { body: payoutStatusBody, response: { 200: payoutAnswer } },
  ), async (req, reply) => sendMoneyAnswer(reply, await service.setStatus(ctx, req.actor!, idempotencyOf(req), req.params.id, req.body)));
}
