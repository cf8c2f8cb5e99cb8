import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORDER_ACTIONS, ORDER_TRANSITIONS, orderCommandBody, orderCommandResponse, type ApiPermission, type OrderSide } from '@fbo/shared';
import type { AppContext } from '../../context';
import { moneySourceOf } from '../money';
import * as service from './order-commands.service';

const PERMISSION_OF_SIDE: Record<OrderSide, ApiPermission> = { seller: 'orders.seller.act', agency: 'orders.agency.act' };

/**
 * The order commands (docs/orders.md, "State machine"): one route per action of the shared
 * transition table, POST /api/orders/{action} with { ids, reason? }. The permission follows the
 * sides that may take the action (hold and cancel: both; the side then comes from the actor).
 * approve and cancel accept an Idempotency-Key.
 */
export async function orderCommandRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const action of ORDER_ACTIONS) {
    const t = ORDER_TRANSITIONS[action];
    const permissions = t.by.map((side) => PERMISSION_OF_SIDE[side]);
    r.post(`/api/orders/${action}`, {
      config: { permission: permissions.length === 1 ? permissions[0]! : permissions },
      schema: {
        tags: ['orders'],
        summary: `${t.label}: ${t.from.join(', ')} -> ${t.to}${t.reason ? ' (reason required)' : ''}${t.money === 'charge' ? ', charges the wallet' : t.money === 'refund' ? ', refunds any charge' : ''}. One id: its failure is the answer (404/409/400); several: per-order results`,
        body: orderCommandBody,
        response: { 200: orderCommandResponse },
      },
    }, async (req) => service.runCommand(ctx, req.actor!, action, req.body, moneySourceOf(req)));
  }
}
