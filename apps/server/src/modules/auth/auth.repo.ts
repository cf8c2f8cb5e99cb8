import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { loginFailures, oneTimeTokens, storeAppTokens, users } from '../../db/schema/index';
import { hashToken, newOpaqueToken } from '../../lib/tokens';

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

/** Issues a single-use token; earlier unused tokens of the same purpose stop working. */
export async function issueOneTimeToken(
  db: Db | Tx,
  userId: string,
  purpose: 'confirm_email' | 'reset_password',
  ttlMs: number,
): Promise<string> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  const { token, hash } = newOpaqueToken();
  await db.insert(oneTimeTokens).values({ userId, purpose, tokenHash: hash, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/**
 * Takes a token once: the conditional update is the lock, so two clicks on the same link
 * cannot both succeed. Returns the user id, or null for an unknown, used or expired token.
 */
export async function consumeOneTimeToken(
  tx: Tx,
  token: string,
  purpose: 'confirm_email' | 'reset_password',
): Promise<string | null> {
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId ?? null;
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
