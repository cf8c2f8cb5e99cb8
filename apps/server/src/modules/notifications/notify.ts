import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { notifications, users } from '../../db/schema/index';

export interface NotifyInput {
  agencyId: string | null;
  title: string;
  content: string;
}

/**
 * The one way features tell people something happened. Call it inside the transaction of the
 * change, so a rolled-back change notifies no one.
 */
export async function notify(db: Db | Tx, userIds: string[], input: NotifyInput): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(notifications).values(userIds.map((userId) => ({ userId, ...input })));
}

/** The people who run an agency: its owner(s), who hear about new sellers and the like. */
export async function agencyOwnerIds(db: Db | Tx, agencyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.userType, 'agency'), eq(users.isSubUser, false), inArray(users.status, ['active'])));
  return rows.map((r) => r.id);
}
