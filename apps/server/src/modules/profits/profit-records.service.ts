/**
 * Order profit on demand, profit logs, one team's profit record and its payouts, and the profit
 * dashboard (docs/orders.md, "Profit"). Tenant scoped: a foreign team or order answers 404.
 */
import { and, eq } from 'drizzle-orm';
import {
  PROFIT_MSG,
  displayOrderName,
  estimatedOrderProfitCents,
  type Actor,
  type EstimatedOrdersQuery,
  type ProfitDashboardQuery,
  type ProfitLogItem,
  type ProfitLogsQuery,
} from '@fbo/shared';
import { centsToDollars } from '@fbo/shared/domain/money';
import type { AppContext } from '../../context';
import { orders } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { kpiDashboard } from '../kpis';
import { profitFigures } from '../money';
import { accrueOrderProfit } from './order-profit';
import * as repo from './profit-records.repo';

const DAY_MS = 86_400_000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** PUT /api/profits/calc-order-profit: posts only the difference between what the order earned and should have. */
export async function calcOrderProfit(ctx: AppContext, actor: Actor, orderId: string) {
  const result = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, agencyId: orders.agencyId })
      .from(orders)
      .where(and(eq(orders.id, orderId), repo.teamScope(actor, orders.sellerTeamId, orders.agencyId)));
    if (!order) throw notFound(PROFIT_MSG.orderNotFound);
    const accrued = (await accrueOrderProfit(tx, orderId, actor.userId))!;
    if (accrued.movedCents !== 0) {
      await writeAudit(tx, {
        actorId: actor.userId, agencyId: order.agencyId, entity: 'order', entityId: orderId, action: 'calc_order_profit',
        before: { profitCents: accrued.postedCents - accrued.movedCents }, after: { profitCents: accrued.postedCents },
      });
    }
    return accrued;
  });
  return { data: { orderId, due: centsToDollars(result.dueCents), posted: centsToDollars(result.postedCents), moved: centsToDollars(result.movedCents) } };
}

function bound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  if (!DAY_ONLY.test(value)) return new Date(value);
  const start = Date.parse(`${value}T00:00:00.000Z`);
  return new Date(end ? start + DAY_MS : start);
}

export async function logs(ctx: AppContext, actor: Actor, q: ProfitLogsQuery) {
  const now = Date.now();
  const { rows, count } = await repo.profitLogs(ctx.db, actor, {
    sellerTeamId: q.sellerTeam, type: q.type, from: bound(q.from, false), to: bound(q.to, true), page: q.page, limit: q.limit,
  });
  const data = rows.map(({ e, teamName }) => ({
    id: e.id,
    createdAt: e.createdAt.toISOString(),
    sellerTeamId: e.sellerTeamId,
    sellerTeamName: teamName,
    type: e.type as ProfitLogItem['type'],
    description: e.description,
    amount: centsToDollars(e.amountCents),
    balanceAfter: centsToDollars(e.balanceAfterCents),
    availableAt: e.availableAt.toISOString(),
    state: e.availableAt.getTime() > now ? ('Hold' as const) : ('Available' as const),
    refType: e.refType,
    refId: e.refId,
  }));
  return listAnswer(data, count, q);
}

async function teamOrNotFound(ctx: AppContext, actor: Actor, teamId: string) {
  const team = await repo.visibleTeam(ctx.db, actor, teamId);
  if (!team) throw notFound(PROFIT_MSG.teamNotFound);
  return team;
}

export async function record(ctx: AppContext, actor: Actor, teamId: string) {
  const team = await teamOrNotFound(ctx, actor, teamId);
  const [figures, counts] = await Promise.all([profitFigures(ctx.db, [team.id]), repo.orderCounts(ctx.db, team.id)]);
  const f = figures.get(team.id)!;
  return {
    data: {
      sellerTeamId: team.id,
      name: team.name,
      pendingPayoutDays: team.pendingPayoutDays,
      remainProfit: centsToDollars(f.remainProfitCents),
      totalAmountPaid: centsToDollars(f.totalAmountPaidCents),
      totalHold: centsToDollars(f.totalHoldCents),
      totalProfit: centsToDollars(f.totalProfitCents),
      orders: counts,
    },
  };
}

export async function teamPayouts(ctx: AppContext, actor: Actor, teamId: string) {
  const team = await teamOrNotFound(ctx, actor, teamId);
  const rows = await repo.payoutsOfTeam(ctx.db, team.id);
  return {
    data: rows.map((p) => ({
      id: p.id,
      createdAt: p.createdAt.toISOString(),
      amount: centsToDollars(p.amountCents),
      status: p.status,
      paymentType: p.paymentType,
      note: p.note,
      decisionNote: p.decisionNote,
      approvedAt: p.approvedAt?.toISOString() ?? null,
    })),
  };
}

/** GET /api/dashboards/profits: the profit dashboard and the KPIs, from the roll-ups (modules/kpis). */
export async function dashboard(ctx: AppContext, actor: Actor, q: ProfitDashboardQuery) {
  return kpiDashboard(ctx, actor, q, (teamId) => repo.visibleTeam(ctx.db, actor, teamId));
}

/** GET /api/profits/estimated-orders: the margin each order in progress should bring (docs/money.md, "Order profit"). */
export async function estimatedOrders(ctx: AppContext, actor: Actor, q: EstimatedOrdersQuery) {
  if (q.sellerTeam) await teamOrNotFound(ctx, actor, q.sellerTeam);
  const { rows, total, marginCents } = await repo.ordersInProgress(ctx.db, actor, { sellerTeamId: q.sellerTeam, page: q.page, limit: q.limit });
  return {
    data: rows.map((o) => ({
      id: o.id,
      orderName: displayOrderName(o.orderName),
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      totalPrice: centsToDollars(o.totalPriceCents),
      charged: centsToDollars(o.chargedCents),
      designCost: centsToDollars(o.designCostCents),
      refunded: centsToDollars(o.totalRefundCents),
      estimatedProfit: centsToDollars(estimatedOrderProfitCents(o)),
      viaStoreFront: o.proxyId !== null,
    })),
    total,
    page: q.page,
    limit: q.limit,
    totalEstimatedProfit: centsToDollars(marginCents),
  };
}
