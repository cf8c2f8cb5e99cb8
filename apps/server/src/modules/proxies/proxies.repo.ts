/**
 * The only Drizzle of the proxies module. Every function takes the agency id first: there is no
 * unscoped path to another agency's proxies or groups.
 */
import { and, asc, eq, getTableName, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { NO_GROUP } from '@fbo/shared/domain/proxies';
import type { ProxyGroupItem, ProxyGroupListQuery, ProxyItem, ProxyListQuery, ProxyOption } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { orders, proxies, proxyGroups, userProxies, users } from '../../db/schema/index';
import { likePattern, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';

type Conn = Db | Tx;

/**
 * The PostgreSQL error code under a driver or Drizzle error: 23505 when a concurrent insert of the
 * same name or domain won the unique index, 23503 when a concurrent change still references a row.
 */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * A column named with its table, for correlated subqueries: Drizzle leaves columns unqualified in a
 * single-table select, where `group_id = id` inside the subquery would compare the inner table to itself.
 */
const col = (c: AnyPgColumn) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;

// ----- select source -----

export async function listOptions(db: Conn, agencyId: string): Promise<ProxyOption[]> {
  return db
    .select({ id: proxies.id, proxyDomain: proxies.proxyDomain, groupId: proxies.groupId, groupName: proxyGroups.name })
    .from(proxies)
    .leftJoin(proxyGroups, eq(proxyGroups.id, proxies.groupId))
    .where(eq(proxies.agencyId, agencyId))
    .orderBy(asc(proxies.proxyDomain));
}

// ----- groups -----

const proxyCount = sql<number>`(select count(*) from ${proxies} where ${col(proxies.groupId)} = ${col(proxyGroups.id)})`.mapWith(Number);
const groupColumns = { id: proxyGroups.id, name: proxyGroups.name, proxyCount, createdAt: proxyGroups.createdAt };
const toGroupItem = (r: { id: string; name: string; proxyCount: number; createdAt: Date }): ProxyGroupItem => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

export async function listGroups(db: Db, agencyId: string, q: ProxyGroupListQuery) {
  const where = and(eq(proxyGroups.agencyId, agencyId), q.search ? ilike(proxyGroups.name, likePattern(q.search)) : undefined);
  const { rows, count } = await pageWithCappedCount(db, sql`${proxyGroups}`, where, q, (countColumn) =>
    withPage(db.select({ ...groupColumns, ...countColumn }).from(proxyGroups), where, newestFirst(proxyGroups), q),
  );
  return { rows: rows.map(toGroupItem), count };
}

export async function groupItem(db: Conn, agencyId: string, id: string): Promise<ProxyGroupItem | undefined> {
  const [row] = await db.select(groupColumns).from(proxyGroups).where(and(eq(proxyGroups.agencyId, agencyId), eq(proxyGroups.id, id)));
  return row && toGroupItem(row);
}

/**
 * `lock`: 'update' before deleting or renaming; 'share' while a proxy is put into the group, so a
 * concurrent delete of the group waits for it (and then ungroups it too) or makes it find nothing.
 */
export async function findGroup(db: Conn, agencyId: string, id: string, lock?: 'update' | 'share') {
  const query = db.select().from(proxyGroups).where(and(eq(proxyGroups.agencyId, agencyId), eq(proxyGroups.id, id)));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

/** Names are unique per agency regardless of case: 'US stores' and 'us stores' would confuse a select. */
export async function groupNameTaken(db: Conn, agencyId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: proxyGroups.id })
    .from(proxyGroups)
    .where(and(eq(proxyGroups.agencyId, agencyId), sql`lower(${proxyGroups.name}) = lower(${name})`, exceptId ? ne(proxyGroups.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertGroup(tx: Tx, agencyId: string, name: string) {
  const [row] = await tx.insert(proxyGroups).values({ agencyId, name }).returning();
  return row!;
}

export async function renameGroup(tx: Tx, agencyId: string, id: string, name: string) {
  await tx.update(proxyGroups).set({ name }).where(and(eq(proxyGroups.agencyId, agencyId), eq(proxyGroups.id, id)));
}

/** Deletes a group; its proxies stay, in no group. Returns the ids of the proxies it held. */
export async function deleteGroup(tx: Tx, agencyId: string, id: string): Promise<string[]> {
  const ungrouped = await tx
    .update(proxies)
    .set({ groupId: null })
    .where(and(eq(proxies.agencyId, agencyId), eq(proxies.groupId, id)))
    .returning({ id: proxies.id });
  await tx.delete(proxyGroups).where(and(eq(proxyGroups.agencyId, agencyId), eq(proxyGroups.id, id)));
  return ungrouped.map((p) => p.id);
}

// ----- proxies -----

/** Users still on the books (deleted users keep their history but leave every count). */
const userCount = sql<number>`(select count(*) from ${userProxies} inner join ${users} on ${col(users.id)} = ${col(userProxies.userId)}
  where ${col(userProxies.proxyId)} = ${col(proxies.id)} and ${col(users.deletedAt)} is null)`.mapWith(Number);
const orderCount = sql<number>`(select count(*) from ${orders}
  where ${col(orders.agencyId)} = ${col(proxies.agencyId)} and ${col(orders.proxyId)} = ${col(proxies.id)})`.mapWith(Number);
const proxyColumns = {
  id: proxies.id,
  proxyDomain: proxies.proxyDomain,
  groupId: proxyGroups.id,
  groupName: proxyGroups.name,
  userCount,
  orderCount,
  createdAt: proxies.createdAt,
};
type ProxyRow = { id: string; proxyDomain: string; groupId: string | null; groupName: string | null; userCount: number; orderCount: number; createdAt: Date };
const toProxyItem = ({ groupId, groupName, createdAt, ...rest }: ProxyRow): ProxyItem => ({
  ...rest,
  group: groupId && groupName !== null ? { id: groupId, name: groupName } : null,
  createdAt: createdAt.toISOString(),
});

function proxyFilter(agencyId: string, q: Pick<ProxyListQuery, 'search' | 'groupId'>): SQL | undefined {
  return and(
    eq(proxies.agencyId, agencyId),
    q.search ? ilike(proxies.proxyDomain, likePattern(q.search)) : undefined,
    q.groupId === NO_GROUP ? isNull(proxies.groupId) : q.groupId ? eq(proxies.groupId, q.groupId) : undefined,
  );
}

export async function listProxies(db: Db, agencyId: string, q: ProxyListQuery) {
  const where = proxyFilter(agencyId, q);
  const { rows, count } = await pageWithCappedCount(db, sql`${proxies}`, where, q, (countColumn) =>
    withPage(
      db.select({ ...proxyColumns, ...countColumn }).from(proxies).leftJoin(proxyGroups, eq(proxyGroups.id, proxies.groupId)),
      where, newestFirst(proxies), q,
    ),
  );
  return { rows: rows.map(toProxyItem), count };
}

export async function proxyItem(db: Conn, agencyId: string, id: string): Promise<ProxyItem | undefined> {
  const [row] = await db
    .select(proxyColumns)
    .from(proxies)
    .leftJoin(proxyGroups, eq(proxyGroups.id, proxies.groupId))
    .where(and(eq(proxies.agencyId, agencyId), eq(proxies.id, id)));
  return row && toProxyItem(row);
}

/** `lock`: held until the transaction ends, so a delete and a concurrent change take turns. */
export async function findProxy(db: Conn, agencyId: string, id: string, lock = false) {
  const query = db.select().from(proxies).where(and(eq(proxies.agencyId, agencyId), eq(proxies.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function domainTaken(db: Conn, agencyId: string, proxyDomain: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: proxies.id })
    .from(proxies)
    .where(and(eq(proxies.agencyId, agencyId), eq(proxies.proxyDomain, proxyDomain), exceptId ? ne(proxies.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertProxy(tx: Tx, agencyId: string, values: { proxyDomain: string; groupId: string | null }) {
  const [row] = await tx.insert(proxies).values({ agencyId, ...values }).returning();
  return row!;
}

export async function updateProxy(tx: Tx, agencyId: string, id: string, values: { proxyDomain?: string; groupId?: string | null }) {
  await tx.update(proxies).set(values).where(and(eq(proxies.agencyId, agencyId), eq(proxies.id, id)));
}

export async function countProxyOrders(db: Conn, agencyId: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.agencyId, agencyId), eq(orders.proxyId, id)));
  return row?.n ?? 0;
}

/** Unlinks every user from the proxy, then deletes it. Returns the users that were linked. */
export async function deleteProxy(tx: Tx, agencyId: string, id: string): Promise<string[]> {
  const unlinked = await tx.delete(userProxies).where(eq(userProxies.proxyId, id)).returning({ userId: userProxies.userId });
  await tx.delete(proxies).where(and(eq(proxies.agencyId, agencyId), eq(proxies.id, id)));
  return unlinked.map((u) => u.userId);
}

/** Of these users, those who can still read a notification (not deleted, not disabled). */
export async function reachableUsers(db: Conn, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), isNull(users.deletedAt), ne(users.status, 'disabled')));
  return rows.map((r) => r.id);
}
