/** Who an order's change is recorded under and who hears of it: the actor's e-mail, the team, its people, the mail target. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { agencies, sellerTeams, users } from '../../db/schema/index';

type Conn = Db | Tx;

export async function emailOf(db: Conn, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

export async function teamOf(tx: Conn, sellerTeamId: string) {
  const [team] = await tx
    .select({ id: sellerTeams.id, name: sellerTeams.name, managerId: sellerTeams.managerId, autoApprove: sellerTeams.autoApproveOrder })
    .from(sellerTeams)
    .where(eq(sellerTeams.id, sellerTeamId));
  return team ?? null;
}

export type OrderTeam = Awaited<ReturnType<typeof teamOf>>;

/** Who hears about an agency's decision on a team's orders: the manager and the team's active order handlers. */
export async function teamOrderPeople(tx: Conn, sellerTeamId: string, managerId: string | null): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        eq(users.userType, 'seller'),
        eq(users.sellerTeamId, sellerTeamId),
        managerId ? sql`(${users.id} = ${managerId} or ${users.authority} in ('staff', 'customer_support'))` : inArray(users.authority, ['staff', 'customer_support']),
      ),
    );
  return rows.map((r) => r.id);
}

/** The team's manager(s), who hear about the agency's notes and change requests on their orders. */
export async function teamManagerIds(db: Conn, sellerTeamId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.sellerTeamId, sellerTeamId), eq(users.userType, 'seller'), eq(users.isSubUser, false), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

/** Who a mail about a team's order goes to (its active manager) and the agency's name it is signed with. */
export async function mailTarget(tx: Conn, managerId: string | null, agencyId: string) {
  if (!managerId) return null;
  const [row] = await tx
    .select({ email: users.email, name: users.fullName, agencyName: agencies.name })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, agencyId))
    .where(and(eq(users.id, managerId), eq(users.status, 'active'), isNull(users.deletedAt)));
  return row ?? null;
}
