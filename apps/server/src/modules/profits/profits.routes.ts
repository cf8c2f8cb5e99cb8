import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { estimatedProfitResponse, profitListQuery, profitListResponse, profitSummaryResponse } from '@fbo/shared';
import type { AppContext } from '../../context';
import * as service from './profits.service';

/** The signed-in seller team's profit: figures, entries and release schedule (registered by app.ts after payoutRoutes). */
export async function profitRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profits'];

  r.get('/api/profits/summary', {
    config: { permission: ['profits.seller', 'seller.profit'] },
    schema: { tags, summary: "The team's profit figures (USD) and its hold window in days", response: { 200: profitSummaryResponse } },
  }, async (req) => service.summary(ctx, req.actor!));

  r.get('/api/profits', {
    config: { permission: 'profits.seller' },
    schema: { tags, summary: "The team's profit-account entries, newest first", querystring: profitListQuery, response: { 200: profitListResponse } },
  }, async (req) => service.list(ctx, req.actor!, req.query));

  r.get('/api/profits/estimated', {
    config: { permission: 'profits.seller' },
    schema: { tags, summary: 'When the held profit becomes payable: amount per release day (UTC)', response: { 200: estimatedProfitResponse } },
  }, async (req) => service.estimated(ctx, req.actor!));
}
