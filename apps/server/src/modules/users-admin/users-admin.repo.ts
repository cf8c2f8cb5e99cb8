import { and, asc, count, eq, getTableColumns, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ManagedUser } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { proxies, userProxies, users } from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';

/**
 * Whose users an actor manages, always taken from the actor: an agency owner its agency's
 * agency users, a seller manager its team. Nothing here reads a tenant id from the request.
 */
export type UserScope =
  | { kind: 'agency'; agencyId: string }
  | { kind: 'seller'; agencyId: string; sellerTeamId: string };

export type UserRow = typeof users.$inferSelect;

/** The users of a scope that still exist. A seller's list shows its sub-users only. */
export function scopeWhere(scope: UserScope, opts: { subUsersOnly: boolean }): SQL {
  const conds: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (scope.kind === 'agency') {
    conds.push(eq(users.agencyId, scope.agencyId), eq(users.userType, 'agency'));
  } else {
    conds.push(eq(users.sellerTeamId, scope.sellerTeamId), eq(users.userType, 'seller'));
  }
  if (opts.subUsersOnly) conds.push(eq(users.isSubUser, true));
  return and(...conds)!;
}

function searchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(ilike(users.fullName, pattern), ilike(users.email, pattern));
}

/** The proxies each user works on, by user id. */
export async function proxiesOf(db: Db | Tx, userIds: string[]): Promise<Map<string, ManagedUser['proxies']>> {
  const byUser = new Map<string, ManagedUser['proxies']>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userProxies.userId, id: proxies.id, proxyDomain: proxies.proxyDomain })
    .from(userProxies)
    .innerJoin(proxies, eq(proxies.id, userProxies.proxyId))
    .where(inArray(userProxies.userId, userIds))
    .orderBy(asc(proxies.proxyDomain));
  for (const { userId, ...proxy } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(proxy);
    byUser.set(userId, list);
  }
  return byUser;
}

export async function listUsers(db: Db, scope: UserScope, q: { page: number; limit: number; search?: string }) {
  const where = and(scopeWhere(scope, { subUsersOnly: scope.kind === 'seller' }), searchWhere(q.search));
  const { rows, count: total } = await pageWithCappedCount(db, sql`${users}`, where, q, (countColumn) =>
    withPage(db.select({ ...getTableColumns(users), ...countColumn }).from(users), where, newestFirst(users), q),
  );
  return { rows, total };
}

/** One user of the scope (managers included, so the rules can refuse them by name), or null. */
export async function userInScope(db: Db | Tx, scope: UserScope, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), scopeWhere(scope, { subUsersOnly: false })));
  return row ?? null;
}

/** A user that still exists (not deleted), whoever's it is: callers decide who may see it. */
export async function liveUser(db: Db | Tx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

/** How many of `ids` are proxies of the agency (ids are distinct). */
export async function countAgencyProxies(db: Db | Tx, agencyId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(proxies)
    .where(and(eq(proxies.agencyId, agencyId), inArray(proxies.id, ids)));
  return Number(row?.n ?? 0);
}

export async function replaceUserProxies(tx: Tx, userId: string, proxyIds: string[]): Promise<void> {
  await tx.delete(userProxies).where(eq(userProxies.userId, userId));
  if (proxyIds.length > 0) await tx.insert(userProxies).values(proxyIds.map((proxyId) => ({ userId, proxyId })));
}

/** Active agency users of one authority (the designers to assign design requests to). */
export async function agencyUsersWithAuthority(db: Db, agencyId: string, authority: string) {
  return db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(activeAgencyUsers(agencyId, eq(users.authority, authority)))
    .orderBy(asc(users.fullName), asc(users.id));
}

/** The agency's active sub-users, by name (the Supporter selects). */
export async function agencyStaffs(db: Db, agencyId: string, q: { page: number; limit: number; search?: string }) {
  const where = activeAgencyUsers(agencyId, eq(users.isSubUser, true), searchWhere(q.search));
  const { rows, count: total } = await pageWithCappedCount(db, sql`${users}`, where, q, (countColumn) =>
    withPage(
      db.select({ id: users.id, fullName: users.fullName, email: users.email, authority: users.authority, ...countColumn }).from(users),
      where, [asc(users.fullName), asc(users.id)], q,
    ),
  );
  return { rows, total };
}

function activeAgencyUsers(agencyId: string, ...more: (SQL | undefined)[]) {
  return and(
    eq(users.agencyId, agencyId),
    eq(users.userType, 'agency'),
    eq(users.status, 'active'),
    isNull(users.deletedAt),
    ...more,
  );
}
