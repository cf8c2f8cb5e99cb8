import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { loginFailures, storeAppTokens, users } from '../../db/schema/index';
import { hashToken } from '../../lib/tokens';

export async function userByEmail(db: Db | Tx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function userById(db: Db | Tx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function countRecentFailures(db: Db, by: { email?: string; address?: string }, since: Date) {
  const cond = by.email ? eq(loginFailures.email, by.email) : eq(loginFailures.address, by.address!);
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${loginFailures.createdAt})` })
    .from(loginFailures)
    .where(and(cond, gt(loginFailures.createdAt, since)));
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function recordFailure(db: Db, email: string, address: string | null) {
  await db.insert(loginFailures).values({ email, address });
}

export async function clearFailures(db: Db, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

/** Links a pending store-app authorisation to a user; false when unknown, expired or taken. */
export async function linkStoreToken(db: Db | Tx, appToken: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(storeAppTokens)
    .set({ userId, linkedAt: new Date() })
    .where(
      and(
        eq(storeAppTokens.tokenHash, hashToken(appToken)),
        isNull(storeAppTokens.linkedAt),
        gt(storeAppTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: storeAppTokens.id });
  return rows.length === 1;
}
