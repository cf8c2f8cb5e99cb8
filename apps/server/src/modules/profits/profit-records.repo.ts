/**
 * Reads behind the profit records and the profit dashboard (docs/orders.md, "Profit"). Every
 * query takes a TeamScope so a seller only ever reads its own team and an agency its own teams.
 */
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { IN_PROGRESS_STATUSES, type Actor } from '@fbo/shared';
import type { Db } from '../../db/client';
import { ledgerEntries, orders, payouts, sellerTeams } from '../../db/schema/index';
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
