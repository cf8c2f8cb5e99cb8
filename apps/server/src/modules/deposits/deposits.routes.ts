import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  balanceResponse,
  depositAnswer,
  depositCreateBody,
  depositDecideBody,
  depositDecideParams,
  depositListQuery,
  depositListResponse,
  depositMineQuery,
  depositPaymentInfo,
  depositRequestBody,
  depositTeamListQuery,
  depositTeamListResponse,
  sellerTeamOptionsResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { routeOptions, sendMoneyAnswer } from '../../lib/routes';
import { moneySourceOf } from '../money';
import * as service from './deposits.service';

/**
 * Deposits (docs/money.md). Agency side 'deposits.agency' (owner and accounting; staff may not),
 * scoped to the actor's agency; seller side 'deposits.seller' (manager and seller accounting),
 * scoped to the actor's team. Money-moving routes run through moneyTransaction (Idempotency-Key).
 */
export async function depositRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['deposits'];
  const agency = routeOptions('deposits.agency', tags);
  const seller = routeOptions('deposits.seller', tags);

  r.get('/api/deposits', agency("The agency's deposits, newest first (/ag/deposits)", { querystring: depositListQuery, response: { 200: depositListResponse } }),
    async (req) => service.listOfAgency(ctx, req.actor!, req.query));

  r.get('/api/deposits/teams', agency("The agency's seller teams (id, name, code) for the deposits team filter, by name", { response: { 200: sellerTeamOptionsResponse } }),
    async (req) => service.teamOptions(ctx, req.actor!));

  r.get('/api/deposits/mine', seller("The signed-in seller team's own deposits, newest first", { querystring: depositMineQuery, response: { 200: depositTeamListResponse } }),
    async (req) => service.mine(ctx, req.actor!, req.query));

  r.get('/api/deposits/payment-info', seller("The seller's agency's payment settings (USD to VND rate, top-up content)", { response: { 200: depositPaymentInfo } }),
    async (req) => service.paymentInfo(ctx, req.actor!));

  r.post('/api/deposits/request', seller('A seller asks for a top-up: a pending deposit the agency approves or rejects (Idempotency-Key)', { body: depositRequestBody, response: { 201: depositAnswer } }),
    async (req, reply) => sendMoneyAnswer(reply, await service.request(ctx, req.actor!, moneySourceOf(req), req.body)));

  r.get('/api/deposits/seller-teams/:id', agency.byId("A seller team's deposits (Deposits History), newest first", { querystring: depositTeamListQuery, response: { 200: depositTeamListResponse } }),
    async (req) => service.listOfTeam(ctx, req.actor!, req.params.id, req.query));

  r.post('/api/deposits/seller-teams/:id', agency.byId(
    'Topup: a deposit entered by the agency, approved (moves the money) or pending (Idempotency-Key)',
    { body: depositCreateBody, response: { 201: depositAnswer } },
  ), async (req, reply) => sendMoneyAnswer(reply, await service.create(ctx, req.actor!, moneySourceOf(req), req.params.id, req.body)));

  r.patch('/api/deposits/seller-teams/:id/:depositId', agency(
    'Approve or reject a pending deposit; approved and rejected are final (409) (Idempotency-Key)',
    { params: depositDecideParams, body: depositDecideBody, response: { 200: depositAnswer } },
  ), async (req, reply) => sendMoneyAnswer(reply, await service.decide(ctx, req.actor!, moneySourceOf(req), req.params.id, req.params.depositId, req.body)));

  r.get('/api/balances/seller-teams/:id', agency.byId("A seller team's wallet balance (USD), for the Topup confirmation", { response: { 200: balanceResponse } }),
    async (req) => service.teamBalance(ctx, req.actor!, req.params.id));
}
