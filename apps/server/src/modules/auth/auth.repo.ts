import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { loginFailures, users } from '../../db/schema/index';

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

