import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { deposits, ledgerEntries, sellerTeams } from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';

const referrer = alias(sellerTeams, 'referrer');

/** What `referrerId` earned (cents) from the top-ups of `referredId`: its 'referral' entries on their deposits. */
function earnedSql(referrerId: SQL | typeof sellerTeams.id, referredId: SQL | typeof sellerTeams.id) {
  return sql<number>`coalesce((select sum(le.amount_cents) from ${ledgerEntries} le
    where le.seller_team_id = ${referrerId} and le.account_kind = 'profit' and le.type = 'referral' and le.ref_type = 'deposit'
      and le.ref_id in (select d.id from ${deposits} d where d.seller_team_id = ${referredId})), 0)::bigint`;
}

/** The agency's referred teams (live ones) with their referrer and what the referrer earned from them. */
export async function agencyList(db: Db, agencyId: string, q: { page: number; limit: number; search?: string }) {
  const conditions: SQL[] = [eq(sellerTeams.agencyId, agencyId), isNull(sellerTeams.deletedAt), isNotNull(sellerTeams.referralFromId)];
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(or(ilike(sellerTeams.name, p), ilike(sellerTeams.code, p), ilike(referrer.name, p), ilike(referrer.code, p))!);
  }
  const where = and(...conditions)!;
  const from = sql`${sellerTeams} inner join ${sellerTeams} as ${sql.identifier('referrer')} on ${referrer.id} = ${sellerTeams.referralFromId}`;
  const { rows, count } = await pageWithCappedCount(db, from, where, q, (countColumn) =>
    withPage(
      db
        .select({
          id: sellerTeams.id,
          name: sellerTeams.name,
          code: sellerTeams.code,
          createdAt: sellerTeams.createdAt,
          referrerId: referrer.id,
          referrerName: referrer.name,
          referrerCode: referrer.code,
          referrerRate: referrer.rate,
          earned: earnedSql(sql`${referrer.id}`, sql`${sellerTeams.id}`),
          ...countColumn,
        })
        .from(sellerTeams)
        .innerJoin(referrer, eq(referrer.id, sellerTeams.referralFromId)),
      where, newestFirst(sellerTeams), q,
    ),
  );
  return { rows: rows.map((r) => ({ ...r, earned: Number(r.earned) })), count };
}

/** The teams `teamId` referred (live ones), newest first, with what it earned from each. */
export async function referredBy(db: Db, teamId: string) {
  const rows = await db
    .select({
      name: sellerTeams.name,
      code: sellerTeams.code,
      createdAt: sellerTeams.createdAt,
      earned: earnedSql(sql`${teamId}`, sql`${sellerTeams.id}`),
    })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.referralFromId, teamId), isNull(sellerTeams.deletedAt)))
    .orderBy(desc(sellerTeams.createdAt))
    .limit(1000);
  return rows.map((r) => ({ ...r, earned: Number(r.earned) }));
}

/** Everything the team earned by referrals (cents). */
export async function totalEarned(db: Db, teamId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sellerTeamId, teamId), eq(ledgerEntries.accountKind, 'profit'), eq(ledgerEntries.type, 'referral')));
  return Number(row?.total ?? 0);
}
