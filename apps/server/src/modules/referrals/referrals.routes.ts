import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myReferralsResponse, referralListQuery, referralListResponse } from '@fbo/shared';
import type { AppContext } from '../../context';
import * as service from './referrals.service';

/** Referred teams and referral earnings (registered by payoutRoutes). */
export async function referralRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['referrals'];

  r.get('/api/referrals', {
    config: { permission: 'referrals.agency' },
    schema: { tags, summary: "The agency's referred teams, their referrer and its earnings from them", querystring: referralListQuery, response: { 200: referralListResponse } },
  }, async (req) => service.agencyList(ctx, req.actor!, req.query));

  r.get('/api/referrals/mine', {
    config: { permission: 'referrals.seller' },
    schema: { tags, summary: "The team's referral code, link, rate, referred teams and earnings", response: { 200: myReferralsResponse } },
  }, async (req) => service.mine(ctx, req.actor!, req.host));
}
