/**
 * GET /api/dashboards/profits (docs/kpis.md): the profit dashboard's figures per UTC day and the KPIs beside them,
 * for a range and the same number of days before it, all from the roll-ups. Definitions: docs/decisions.md "KPIs".
 */
import { KPI_ATTENTION_LIMIT, PROFIT_MSG, displayOrderName, type Actor, type KpiAttentionOrder, type KpiRangeTotals, type ProfitDashboardQuery } from '@fbo/shared';
import { centsToDollars } from '@fbo/shared/domain/money';
import type { AppContext } from '../../context';
import { NO_CATALOG } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import type { KpiMeasures, KpiRow, KpiScope, AttentionRow } from './kpis.repo';
import * as repo from './kpis.repo';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
const TOP = 10;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

function zero(): KpiMeasures {
  return { orders: 0, customer_sales_cents: 0, charged_cents: 0, refunded_cents: 0, profit_cents: 0, item_charged_cents: 0, cost_cents: 0, units: 0, fulfilled: 0, fulfilled_sales_cents: 0, shipped: 0, ship_seconds: 0, on_time: 0 };
}
/**
 * Hot: called for every row of a range (a year's is thousands), so each measure is named: a property read by a
 * variable name would be a slow keyed access, about ten times the cost here.
 */
function add(into: KpiMeasures, row: KpiMeasures): void {
  into.orders += row.orders;
  into.customer_sales_cents += row.customer_sales_cents;
  into.charged_cents += row.charged_cents;
  into.refunded_cents += row.refunded_cents;
  into.profit_cents += row.profit_cents;
  into.item_charged_cents += row.item_charged_cents;
  into.cost_cents += row.cost_cents;
  into.units += row.units;
  into.fulfilled += row.fulfilled;
  into.fulfilled_sales_cents += row.fulfilled_sales_cents;
  into.shipped += row.shipped;
  into.ship_seconds += row.ship_seconds;
  into.on_time += row.on_time;
}

/** The figures one day and a whole range share (dollars). */
function figures(m: KpiMeasures) {
  const revenue = m.charged_cents - m.refunded_cents;
  return {
    ordersFulfilled: m.fulfilled,
    sales: centsToDollars(m.fulfilled_sales_cents),
    charged: centsToDollars(m.charged_cents),
    refunded: centsToDollars(m.refunded_cents),
    profit: centsToDollars(m.profit_cents),
    orders: m.orders,
    customerSales: centsToDollars(m.customer_sales_cents),
    revenue: centsToDollars(revenue),
    cost: centsToDollars(m.cost_cents),
    margin: centsToDollars(revenue - m.cost_cents),
    shipped: m.shipped,
    onTime: m.on_time,
  };
}

function totals(m: KpiMeasures, cancelled: number): KpiRangeTotals {
  return {
    ...figures(m),
    units: m.units,
    cancelRate: share(cancelled, m.orders),
    refundRate: share(m.refunded_cents, m.charged_cents),
    onTimeShare: share(m.on_time, m.shipped),
    avgShipHours: m.shipped > 0 ? Math.round((m.ship_seconds / m.shipped / 3600) * 10) / 10 : null,
  };
}

function attention(rows: AttentionRow[], reason: KpiAttentionOrder['reason']): KpiAttentionOrder[] {
  return rows.map((r) => ({
    id: r.id,
    orderName: displayOrderName(r.order_name),
    sellerTeamId: r.seller_team_id,
    sellerTeamName: r.team_name ?? '',
    status: r.status,
    reason,
    since: new Date(r.since).toISOString(),
    dueAt: r.due_at ? new Date(r.due_at).toISOString() : null,
  }));
}

/** A seller reads its own team only; an agency its teams, or one of them (a team of another agency is not found). */
async function scopeOf(actor: Actor, q: ProfitDashboardQuery, visibleTeam: (teamId: string) => Promise<unknown>): Promise<KpiScope> {
  if (!actor.agencyId) throw notFound(PROFIT_MSG.teamNotFound);
  if (q.sellerTeam && !(await visibleTeam(q.sellerTeam))) throw notFound(PROFIT_MSG.teamNotFound);
  if (actor.userType === 'seller') {
    if (!actor.sellerTeamId) throw notFound(PROFIT_MSG.teamNotFound);
    return { agencyId: actor.agencyId, sellerTeamId: actor.sellerTeamId, catalogType: q.catalogType };
  }
  return { agencyId: actor.agencyId, sellerTeamId: q.sellerTeam, catalogType: q.catalogType };
}

export async function kpiDashboard(ctx: AppContext, actor: Actor, q: ProfitDashboardQuery, visibleTeam: (teamId: string) => Promise<unknown>) {
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
  const toDay = q.dateTo ? Date.parse(`${q.dateTo}T00:00:00Z`) : today;
  const fromDay = q.dateFrom ? Date.parse(`${q.dateFrom}T00:00:00Z`) : toDay - (DEFAULT_DAYS - 1) * DAY_MS;
  const days = Math.round((toDay - fromDay) / DAY_MS) + 1;
  if (days < 1) throw badRequest(PROFIT_MSG.rangeOrder, { dateFrom: PROFIT_MSG.rangeOrder });
  if (days > MAX_DAYS) throw badRequest(PROFIT_MSG.rangeTooLong, { dateFrom: PROFIT_MSG.rangeTooLong });
  const scope = await scopeOf(actor, q, visibleTeam);
  const prevFrom = fromDay - days * DAY_MS;
  const from = isoDay(fromDay);
  const [rows, late, stuck] = await Promise.all([
    repo.readRollups(ctx.db, scope, isoDay(prevFrom), isoDay(toDay), from),
    repo.lateOrders(ctx.db, scope, KPI_ATTENTION_LIMIT),
    repo.stuckOrders(ctx.db, scope, q.stuckDays, KPI_ATTENTION_LIMIT),
  ]);

  const byDay = new Map<string, { m: KpiMeasures; byStatus: Record<string, number> }>();
  const current = zero();
  const previous = zero();
  let cancelled = 0;
  let cancelledBefore = 0;
  for (const row of rows) {
    if (row.kind !== 'd' && row.kind !== 'p') continue;
    const inRange = row.kind === 'd';
    add(inRange ? current : previous, row);
    if (row.status === 'Cancel') {
      if (inRange) cancelled += row.orders;
      else cancelledBefore += row.orders;
    }
    if (!inRange) continue;
    let day = byDay.get(row.key);
    if (!day) byDay.set(row.key, (day = { m: zero(), byStatus: {} }));
    add(day.m, row);
    if (row.status && row.orders !== 0) day.byStatus[row.status] = (day.byStatus[row.status] ?? 0) + row.orders;
  }
  const out = [];
  for (let i = 0; i < days; i++) {
    const date = isoDay(fromDay + i * DAY_MS);
    const day = byDay.get(date);
    out.push({ date, ...figures(day?.m ?? zero()), byStatus: day?.byStatus ?? {} });
  }
  const margin = (r: KpiRow) => r.charged_cents - r.refunded_cents - r.cost_cents;
  const teams = rows
    .filter((r) => r.kind === 't')
    .sort((a, b) => margin(b) - margin(a) || b.units - a.units)
    .slice(0, actor.userType === 'seller' ? 1 : TOP);
  const catalogs = rows
    .filter((r) => r.kind === 'c' && (r.units !== 0 || r.item_charged_cents !== 0))
    .sort((a, b) => b.item_charged_cents - b.cost_cents - (a.item_charged_cents - a.cost_cents) || b.units - a.units)
    .slice(0, TOP);
  const names = await repo.namesOf(ctx.db, scope.agencyId, teams.map((r) => r.key), catalogs.filter((r) => r.key !== NO_CATALOG).map((r) => r.key));
  const topTeams = teams.map((r) => ({ id: r.key, name: names.get(r.key) ?? '', ...money(r), units: r.units, orders: r.orders }));
  const topCatalogs = catalogs.map((r) => ({
    id: r.key === NO_CATALOG ? null : r.key,
    name: r.key === NO_CATALOG ? 'Warehouse stock' : (names.get(r.key) ?? ''),
    charged: centsToDollars(r.item_charged_cents),
    cost: centsToDollars(r.cost_cents),
    margin: centsToDollars(r.item_charged_cents - r.cost_cents),
    units: r.units,
  }));
  return {
    data: {
      dateFrom: from,
      dateTo: isoDay(toDay),
      days: out,
      totals: totals(current, cancelled),
      previous: { dateFrom: isoDay(prevFrom), dateTo: isoDay(fromDay - DAY_MS), totals: totals(previous, cancelledBefore) },
      topTeams,
      topCatalogs,
      attention: { late: attention(late, 'late'), stuck: attention(stuck, 'stuck'), stuckDays: q.stuckDays },
    },
  };
}

function money(r: KpiRow) {
  const revenue = r.charged_cents - r.refunded_cents;
  return { revenue: centsToDollars(revenue), cost: centsToDollars(r.cost_cents), margin: centsToDollars(revenue - r.cost_cents) };
}
