import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  calcOrderProfitBody,
  calcOrderProfitResponse,
  estimatedOrdersQuery,
  estimatedOrdersResponse,
  idParam,
  profitDashboardQuery,
  profitDashboardResponse,
  profitLogsQuery,
  profitLogsResponse,
  profitPayoutsResponse,
  profitRecordResponse,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import * as service from './profit-records.service';

/** Order profit, profit logs and records, the profit dashboard (registered by app.ts after profitRoutes). */
export async function profitRecordRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profits'];
  const permission = 'profits.orders';

  r.put('/api/profits/calc-order-profit', {
    config: { permission },
    schema: { tags, summary: "Recompute an order's profit and post only the difference", body: calcOrderProfitBody, response: { 200: calcOrderProfitResponse } },
  }, async (req) => service.calcOrderProfit(ctx, req.actor!, req.body.orderId));

  r.get('/api/profits/logs', {
    config: { permission },
    schema: { tags, summary: 'Profit-account entries of the visible teams, newest first', querystring: profitLogsQuery, response: { 200: profitLogsResponse } },
  }, async (req) => service.logs(ctx, req.actor!, req.query));

  r.get('/api/profits/estimated-orders', {
    config: { permission },
    schema: { tags, summary: 'Orders in progress with the margin each should bring, and its total', querystring: estimatedOrdersQuery, response: { 200: estimatedOrdersResponse } },
  }, async (req) => service.estimatedOrders(ctx, req.actor!, req.query));

  r.get('/api/profits/:id', {
    config: { permission },
    schema: { tags, summary: "One team's profit record: figures and order counts", params: idParam, response: { 200: profitRecordResponse } },
  }, async (req) => service.record(ctx, req.actor!, req.params.id));

  r.get('/api/profits/:id/payout', {
    config: { permission },
    schema: { tags, summary: "One team's payout requests, newest first", params: idParam, response: { 200: profitPayoutsResponse } },
  }, async (req) => service.teamPayouts(ctx, req.actor!, req.params.id));

  r.get('/api/dashboards/profits', {
    config: { permission },
    schema: { tags, summary: 'Per day: orders fulfilled, sales, costs charged, refunds, profit earned; and totals', querystring: profitDashboardQuery, response: { 200: profitDashboardResponse } },
  }, async (req) => service.dashboard(ctx, req.actor!, req.query));
}
