import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  payoutAnswer,
  payoutCreateBody,
  payoutFindQuery,
  payoutListQuery,
  payoutListResponse,
  payoutRequestParams,
  payoutStatusBody,
  sellerTeamOptionsResponse,
  payoutTeamParams,
  payoutUpdateBody,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { profitRoutes } from '../profits/profits.routes';
import { referralRoutes } from '../referrals/referrals.routes';
import * as service from './payouts.service';

/**
 * Payout requests (seller manager: 'payouts.seller') and their decision (agency owner and
 * accounting: 'payouts.agency'). Every money-moving route runs through moneyTransaction
 * (Idempotency-Key). Profits and referrals are registered from here too.
 */
export async function payoutRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payouts'];

  r.post('/api/seller-teams/:id/payout-request/create', {
    config: { permission: 'payouts.seller' },
    schema: {
      tags,
      summary: "Request a payout from the team's available profit (Idempotency-Key honoured)",
      params: payoutTeamParams,
      body: payoutCreateBody,
      response: { 201: payoutAnswer },
    },
  }, async (req, reply) => {
    const a = await service.create(ctx, req, req.actor!, req.params.id, req.body);
    reply.code(a.statusCode as 201);
    return a.body;
  });

  r.patch('/api/seller-teams/:id/payout-request/:reqId/update', {
    config: { permission: 'payouts.seller' },
    schema: {
      tags,
      summary: 'Change or cancel (cancel: true) a pending payout request of the team (Idempotency-Key honoured)',
      params: payoutRequestParams,
      body: payoutUpdateBody,
      response: { 200: payoutAnswer },
    },
  }, async (req, reply) => {
    const a = await service.update(ctx, req, req.actor!, req.params.id, req.params.reqId, req.body);
    reply.code(a.statusCode as 200);
    return a.body;
  });

  r.get('/api/seller-teams/:id/payout-request/find', {
    config: { permission: 'payouts.seller' },
    schema: { tags, summary: "The team's own payout requests, newest first", params: payoutTeamParams, querystring: payoutFindQuery, response: { 200: payoutListResponse } },
  }, async (req) => service.find(ctx, req.actor!, req.params.id, req.query));

  r.get('/api/payouts', {
    config: { permission: ['payouts.agency', 'payouts.seller'] },
    schema: { tags, summary: "Payouts of the agency (or the seller manager's own team), newest first", querystring: payoutListQuery, response: { 200: payoutListResponse } },
  }, async (req) => service.list(ctx, req.actor!, req.query));

  r.get('/api/payouts/seller-teams', {
    config: { permission: 'payouts.agency' },
    schema: { tags, summary: "The agency's seller teams for the payouts filter", response: { 200: sellerTeamOptionsResponse } },
  }, async (req) => service.teamOptions(ctx, req.actor!));

  r.patch('/api/payouts/:id/status', {
    config: { permission: 'payouts.agency' },
    schema: {
      tags,
      summary: 'Approve (1: moves the money out of the profit account) or reject (2) a pending payout request',
      params: idParam,
      body: payoutStatusBody,
      response: { 200: payoutAnswer },
    },
  }, async (req, reply) => {
    const a = await service.setStatus(ctx, req, req.actor!, req.params.id, req.body);
    reply.code(a.statusCode as 200);
    return a.body;
  });

  await profitRoutes(app, ctx);
  await referralRoutes(app, ctx);
}
