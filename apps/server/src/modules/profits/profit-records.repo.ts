/**
 * Reads behind the profit records and the profit dashboard (docs/orders.md, "Profit"). Every
 * query takes a TeamScope so a seller only ever reads its own team and an agency its own teams.
 */
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { IN_PROGRESS_STATUSES, type Actor } from '@fbo/shared';
import type { Db } from '../../db/client';
import { ledgerEntries, orderEvents, orders, payouts, sellerTeams } from '../../db/schema/index';
import { newestFirst, pageWithCappedCount, withPage } from '../../lib/list';

/** An agency sees its teams; a seller only its own team; nobody else anything. */
export function teamScope(actor: Actor, column: typeof sellerTeams.id | typeof ledgerEntries.sellerTeamId | typeof orders.sellerTeamId, agencyColumn: typeof sellerTeams.agencyId | typeof ledgerEntries.agencyId | typeof orders.agencyId): SQL {
  if (actor.userType === 'seller') return actor.sellerTeamId && actor.agencyId ? and(eq(column, actor.sellerTeamId), eq(agencyColumn, actor.agencyId))! : sql`false`;
  if (actor.userType === 'agency' && actor.agencyId) return eq(agencyColumn, actor.agencyId);
  return sql`false`;
}

export async function visibleTeam(db: Db, actor: Actor, teamId: string) {
  const [team] = await db
    .select()
    .from(sellerTeams)
    .where(and(eq(sellerTeams.id, teamId), isNull(sellerTeams.deletedAt), teamScope(actor, sellerTeams.id, sellerTeams.agencyId)));
  return team;
}

export interface LogFilter {
  sellerTeamId?: string;
  type?: (typeof ledgerEntries.$inferSelect)['type'];
  from?: Date;
  /** Exclusive. */
  to?: Date;
  page: number;
  limit: number;
}

/** Profit-account entries of the visible teams, newest first (in the order they were applied). */
export async function profitLogs(db: Db, actor: Actor, f: LogFilter) {
  const where = and(
    teamScope(actor, ledgerEntries.sellerTeamId, ledgerEntries.agencyId),
    eq(ledgerEntries.accountKind, 'profit'),
    f.sellerTeamId ? eq(ledgerEntries.sellerTeamId, f.sellerTeamId) : undefined,
    f.type ? eq(ledgerEntries.type, f.type) : undefined,
    f.from ? gte(ledgerEntries.createdAt, f.from) : undefined,
    f.to ? lt(ledgerEntries.createdAt, f.to) : undefined,
  )!;
  const { rows, count } = await pageWithCappedCount(db, sql`${ledgerEntries}`, where, f, (countColumn) =>
    withPage(
      db.select({ e: ledgerEntries, teamName: sellerTeams.name, ...countColumn }).from(ledgerEntries).innerJoin(sellerTeams, eq(sellerTeams.id, ledgerEntries.sellerTeamId)),
      where, newestFirst(ledgerEntries), f,
    ),
  );
  return { rows, count };
}

/** The team's order counts: all, Fulfilled, and Fulfilled through a store front (the ones that earn). */
export async function orderCounts(db: Db, teamId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      fulfilled: sql<number>`(count(*) filter (where ${orders.status} = 'Fulfilled'))::int`,
      viaProxy: sql<number>`(count(*) filter (where ${orders.status} = 'Fulfilled' and ${orders.proxyId} is not null))::int`,
    })
    .from(orders)
    .where(eq(orders.sellerTeamId, teamId));
  return { total: Number(row?.total ?? 0), fulfilled: Number(row?.fulfilled ?? 0), fulfilledViaProxy: Number(row?.viaProxy ?? 0) };
}

export async function payoutsOfTeam(db: Db, teamId: string) {
  return db.select().from(payouts).where(eq(payouts.sellerTeamId, teamId)).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(500);
}

const dayOf = (column: SQL | typeof ledgerEntries.createdAt | typeof orderEvents.createdAt) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

export interface DashboardRange {
  actor: Actor;
  sellerTeamId?: string;
  from: Date;
  /** Exclusive. */
  to: Date;
}

/**
 * Money per UTC day from the ledger: charged (order and design charges, as a positive figure),
 * refunded to the wallet, profit earned (order_profit on the profit account).
 */
export async function moneyPerDay(db: Db, r: DashboardRange) {
  const day = dayOf(ledgerEntries.createdAt);
  const rows = await db
    .select({
      date: day,
      charged: sql<number>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} in ('order_charge', 'design_charge')), 0)::bigint`,
      refunded: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} = 'order_refund'), 0)::bigint`,
      profit: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} = 'order_profit'), 0)::bigint`,
    })
    .from(ledgerEntries)
    .where(and(
      teamScope(r.actor, ledgerEntries.sellerTeamId, ledgerEntries.agencyId),
      r.sellerTeamId ? eq(ledgerEntries.sellerTeamId, r.sellerTeamId) : undefined,
      inArray(ledgerEntries.type, ['order_charge', 'design_charge', 'order_refund', 'order_profit']),
      gte(ledgerEntries.createdAt, r.from),
      lt(ledgerEntries.createdAt, r.to),
    ))
    .groupBy(day);
  return rows.map((x) => ({ date: x.date, charged: Number(x.charged), refunded: Number(x.refunded), profit: Number(x.profit) }));
}

/**
 * Orders that became Fulfilled per UTC day (the first time, from the timeline) and their sales
 * (totalPrice). An order counts on the day it was fulfilled, whatever its status now.
 */
export async function fulfilledPerDay(db: Db, r: DashboardRange) {
  const first = db
    .select({ orderId: orderEvents.orderId, at: sql<Date>`min(${orderEvents.createdAt})`.as('at') })
    .from(orderEvents)
    .where(eq(orderEvents.toStatus, 'Fulfilled'))
    .groupBy(orderEvents.orderId)
    .as('first_fulfilled');
  const day = sql<string>`to_char(${first.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, n: sql<number>`count(*)::int`, sales: sql<number>`coalesce(sum(${orders.totalPriceCents}), 0)::bigint` })
    .from(first)
    .innerJoin(orders, eq(orders.id, first.orderId))
    .where(and(
      teamScope(r.actor, orders.sellerTeamId, orders.agencyId),
      r.sellerTeamId ? eq(orders.sellerTeamId, r.sellerTeamId) : undefined,
      gte(first.at, r.from),
      lt(first.at, r.to),
    ))
    .groupBy(day);
  return rows.map((x) => ({ date: x.date, ordersFulfilled: Number(x.n), sales: Number(x.sales) }));
}

/** Orders in progress of the visible teams, newest first, and the sum of their margins. */
export async function ordersInProgress(db: Db, actor: Actor, f: { sellerTeamId?: string; page: number; limit: number }) {
  const where = and(
    teamScope(actor, orders.sellerTeamId, orders.agencyId),
    f.sellerTeamId ? eq(orders.sellerTeamId, f.sellerTeamId) : undefined,
    inArray(orders.status, [...IN_PROGRESS_STATUSES]),
  )!;
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const [sum] = await db
    .select({
      n: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${orders.totalPriceCents} - ${orders.chargedCents} - ${orders.designCostCents} + ${orders.totalRefundCents}), 0)::bigint`,
    })
    .from(orders)
    .where(where);
  return { rows, total: Number(sum?.n ?? 0), marginCents: Number(sum?.cents ?? 0) };
}
