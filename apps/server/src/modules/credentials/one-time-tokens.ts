import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { oneTimeTokens } from '../../db/schema/index';
import { hashToken, newOpaqueToken } from '../../lib/tokens';

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
