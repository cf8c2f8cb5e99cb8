import { and, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { centsToDollars } from '@fbo/shared/domain/money';
import type { PayoutItem } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { agencies, payouts, sellerTeams, users } from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';

export type PayoutRow = typeof payouts.$inferSelect;
type Team = { id: string; name: string; code: string };

export function toItem(row: PayoutRow, team: Team): PayoutItem {
  return {
    _id: row.id,
    id: row.id,
    sellerTeam: { id: team.id, name: team.name, code: team.code },
    payoutMethod: { paymentType: row.paymentType, paymentValue: row.paymentValue },
    createdDate: row.createdAt.toISOString(),
    status: row.status,
    billName: row.billName,
    amount: centsToDollars(row.amountCents),
    approvedDate: row.approvedAt ? row.approvedAt.toISOString() : null,
    note: row.note,
    decisionNote: row.decisionNote,
  };
}

/** The payout row, locked for the rest of the transaction, within the given scope. */
export async function lockPayout(tx: Tx, id: string, scope: { agencyId: string; sellerTeamId?: string }) {
  const conditions = [eq(payouts.id, id), eq(payouts.agencyId, scope.agencyId)];
  if (scope.sellerTeamId) conditions.push(eq(payouts.sellerTeamId, scope.sellerTeamId));
  const [row] = await tx.select().from(payouts).where(and(...conditions)).for('update');
  return row ?? null;
}

/** Sum of the team's pending requests (cents), optionally leaving one out. */
export async function pendingSum(tx: Tx, sellerTeamId: string, exceptId?: string): Promise<number> {
  const conditions = [eq(payouts.sellerTeamId, sellerTeamId), eq(payouts.status, 0)];
  if (exceptId) conditions.push(ne(payouts.id, exceptId));
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${payouts.amountCents}), 0)::bigint` })
    .from(payouts)
    .where(and(...conditions));
  return Number(row?.total ?? 0);
}

export interface ListFilter {
  agencyId: string;
  sellerTeamId?: string;
  billName?: string;
  status?: number;
  page: number;
  limit: number;
}

export async function list(db: Db, f: ListFilter) {
  const conditions: SQL[] = [eq(payouts.agencyId, f.agencyId), isNull(sellerTeams.deletedAt)];
  if (f.sellerTeamId) conditions.push(eq(payouts.sellerTeamId, f.sellerTeamId));
  if (f.billName) conditions.push(ilike(payouts.billName, likePattern(f.billName)));
  if (f.status !== undefined) conditions.push(eq(payouts.status, f.status));
  const where = and(...conditions)!;
  const team = { id: sellerTeams.id, name: sellerTeams.name, code: sellerTeams.code };
  const { rows, count } = await pageWithCappedCount(db, sql`${payouts} inner join ${sellerTeams} on ${sellerTeams.id} = ${payouts.sellerTeamId}`, where, f, (countColumn) =>
    withPage(
      db.select({ payout: payouts, team, ...countColumn }).from(payouts).innerJoin(sellerTeams, eq(sellerTeams.id, payouts.sellerTeamId)),
      where, newestFirst(payouts), f,
    ),
  );
  return { rows: rows.map((r) => toItem(r.payout, r.team)), count };
}

/** Agency owners' and accounting users' ids: who decides payout requests. */
export async function deciderIds(tx: Tx, agencyId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.agencyId, agencyId),
        eq(users.userType, 'agency'),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        sql`(${users.isSubUser} = false or ${users.authority} = 'accounting')`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function userById(db: Db | Tx, id: string | null) {
  if (!id) return null;
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u ?? null;
}

export async function agencyName(db: Db | Tx, agencyId: string): Promise<string> {
  const [a] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId));
  return a?.name ?? '';
}

