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
import { badRequest, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { profitFigures } from '../money';
import { accrueOrderProfit } from './order-profit';
import * as repo from './profit-records.repo';

const DAY_MS = 86_400_000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;

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

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** GET /api/dashboards/profits: per UTC day and in total, default the last 30 days (today included). */
export async function dashboard(ctx: AppContext, actor: Actor, q: ProfitDashboardQuery) {
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
  const toDay = q.dateTo ? Date.parse(`${q.dateTo}T00:00:00Z`) : today;
  const fromDay = q.dateFrom ? Date.parse(`${q.dateFrom}T00:00:00Z`) : toDay - (DEFAULT_DAYS - 1) * DAY_MS;
  const days = Math.round((toDay - fromDay) / DAY_MS) + 1;
  if (days < 1) throw badRequest(PROFIT_MSG.rangeOrder, { dateFrom: PROFIT_MSG.rangeOrder });
  if (days > MAX_DAYS) throw badRequest(PROFIT_MSG.rangeTooLong, { dateFrom: PROFIT_MSG.rangeTooLong });
  // A team filter outside the actor's scope is a 404, like reading the team itself.
  if (q.sellerTeam) await teamOrNotFound(ctx, actor, q.sellerTeam);
  const range = { actor, sellerTeamId: q.sellerTeam, from: new Date(fromDay), to: new Date(toDay + DAY_MS) };
  const [money, fulfilled] = await Promise.all([repo.moneyPerDay(ctx.db, range), repo.fulfilledPerDay(ctx.db, range)]);
  const moneyBy = new Map(money.map((m) => [m.date, m]));
  const fulfilledBy = new Map(fulfilled.map((f) => [f.date, f]));
  const totals = { ordersFulfilled: 0, sales: 0, charged: 0, refunded: 0, profit: 0 };
  const out = [];
  for (let i = 0; i < days; i++) {
    const date = isoDay(fromDay + i * DAY_MS);
    const m = moneyBy.get(date);
    const f = fulfilledBy.get(date);
    const cents = { sales: f?.sales ?? 0, charged: m?.charged ?? 0, refunded: m?.refunded ?? 0, profit: m?.profit ?? 0 };
    const n = f?.ordersFulfilled ?? 0;
    totals.ordersFulfilled += n;
    totals.sales += cents.sales;
    totals.charged += cents.charged;
    totals.refunded += cents.refunded;
    totals.profit += cents.profit;
    out.push({ date, ordersFulfilled: n, sales: centsToDollars(cents.sales), charged: centsToDollars(cents.charged), refunded: centsToDollars(cents.refunded), profit: centsToDollars(cents.profit) });
  }
  return {
    data: {
      dateFrom: isoDay(fromDay),
      dateTo: isoDay(toDay),
      days: out,
      totals: { ordersFulfilled: totals.ordersFulfilled, sales: centsToDollars(totals.sales), charged: centsToDollars(totals.charged), refunded: centsToDollars(totals.refunded), profit: centsToDollars(totals.profit) },
    },
  };
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
