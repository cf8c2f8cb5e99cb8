/**
 * Orders held 'awaiting stock' are approved as stock arrives (docs/warehouses.md "Orders"): after a receipt, the
 * agency's held orders are tried oldest first, each in its own transaction under its row lock: routed and reserved,
 * then charged through the one order charge; one the stock or the wallet still cannot cover stays held untouched.
 * A receipt that lands while this runs joins the queued job, or is caught by the loop's last look.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { WAREHOUSE_MSG } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { JobRun } from '../../jobs/queue';
import { orders, stockMovements } from '../../db/schema/index';
import { writeAudit } from '../audit';
import { notify } from '../notifications';
import { chargeOrder, findOrder, teamOf } from '../order-core';
import { AWAITING_STOCK_JOB, reserveForOrder } from '../warehouses';
import * as repo from './order-commands.repo';

const BATCH = 200;
const MAX_PASSES = 5;

async function heldOrders(ctx: AppContext, agencyId: string, after: { createdAt: Date; id: string } | null) {
  return ctx.db.select({ id: orders.id, createdAt: orders.createdAt }).from(orders)
    .where(and(
      eq(orders.agencyId, agencyId), eq(orders.status, 'Hold'), eq(orders.heldBy, 'agency'), eq(orders.statusReason, WAREHOUSE_MSG.awaitingStock),
      after ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt}, ${after.id})` : undefined,
    ))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(BATCH);
}

/** One held order: approved and charged when its stock is there now; 'held' otherwise (nothing written). */
async function tryApprove(ctx: AppContext, agencyId: string, orderId: string): Promise<'approved' | 'held'> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const order = await findOrder(tx, { agencyId, sellerTeamId: null }, orderId, true);
      if (!order || order.status !== 'Hold' || order.statusReason !== WAREHOUSE_MSG.awaitingStock) return 'held';
      const stock = await reserveForOrder(tx, order, null);
      if (stock.kind === 'short') return 'held';
      const now = new Date();
      const { chargedCents } = await chargeOrder(tx, order, null, now);
      await repo.updateOrder(tx, order.id, { status: 'Approved', holdFromStatus: null, heldBy: null, statusReason: null, updatedAt: now });
      const message = stock.kind === 'routed' ? `Stock arrived: approved, reserved in ${stock.code || 'its warehouse'}` : 'Approved';
      await repo.insertStatusEvent(tx, { order, action: 'approve', from: 'Hold', to: 'Approved', message, actorId: null, actorEmail: 'system', data: { chargedCents } });
      await writeAudit(tx, { actorId: null, agencyId, entity: 'order', entityId: order.id, action: 'approve', before: { status: 'Hold' }, after: { status: 'Approved', chargedCents }, reason: message });
      const team = await teamOf(tx, order.sellerTeamId);
      if (team?.managerId) await notify(tx, [team.managerId], { agencyId, title: 'Order approved', content: `Order ${order.orderName}: ${message}` });
      return 'approved';
    });
  } catch {
    // The wallet cannot pay, or a price is missing: the order stays held for a person to look at; the next receipt tries again.
    return 'held';
  }
}

export async function runAwaitingStock(ctx: AppContext, run: JobRun) {
  const agencyId = String(run.job.payload['agencyId'] ?? run.job.agencyId ?? '');
  let approved = 0;
  let tried = 0;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const started = new Date();
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const batch = await heldOrders(ctx, agencyId, after);
      for (const o of batch) {
        tried += 1;
        if ((await tryApprove(ctx, agencyId, o.id)) === 'approved') approved += 1;
      }
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1]!;
    }
    const [late] = await ctx.db.select({ id: stockMovements.id }).from(stockMovements)
      .where(and(eq(stockMovements.agencyId, agencyId), eq(stockMovements.kind, 'receipt'), gt(stockMovements.createdAt, started))).limit(1);
    if (!late) break;
  }
  return { ok: true, tried, approved };
}

export function registerOrderCommandJobs(ctx: AppContext): void {
  ctx.jobs.register(AWAITING_STOCK_JOB, (run) => runAwaitingStock(ctx, run));
}
