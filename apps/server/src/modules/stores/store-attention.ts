/**
 * A store that needs attention (docs/stores.md, "Store health"): its status and the reason, and the people who can
 * act told once per incident. The seller team's managers and its supporter (the agency user who looks after the
 * team) get one notification when the store goes from working to needing attention; failures while it already
 * needs attention only update the reason, and connecting it again ends the incident.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sellerTeams, stores, users } from '../../db/schema/index';
import { notify } from '../notifications';

export const STORE_ATTENTION_TITLE = 'Store needs attention';

/** The seller team's managers: its active users that are not sub-users (told of a store's incident, of a remap). */
export async function teamManagerIds(db: Db | Tx, agencyId: string, sellerTeamId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.sellerTeamId, sellerTeamId), eq(users.userType, 'seller'), eq(users.isSubUser, false), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

async function peopleOf(tx: Tx, agencyId: string, sellerTeamId: string): Promise<string[]> {
  const managers = await teamManagerIds(tx, agencyId, sellerTeamId);
  const [team] = await tx.select({ supporterId: sellerTeams.supporterId }).from(sellerTeams).where(and(eq(sellerTeams.agencyId, agencyId), eq(sellerTeams.id, sellerTeamId)));
  return [...new Set([...managers, ...(team?.supporterId ? [team.supporterId] : [])])];
}

/** Marks the store (a disconnected one stays disconnected); answers whether this began an incident (people told). */
export async function markNeedsAttention(db: Db, store: { agencyId: string; id: string }, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: stores.status, name: stores.name, sellerTeamId: stores.sellerTeamId })
      .from(stores)
      .where(and(eq(stores.agencyId, store.agencyId), eq(stores.id, store.id)))
      .for('update');
    if (!current || current.status === 'disconnected') return false;
    await tx.update(stores).set({ status: 'needs_attention', statusReason: reason, updatedAt: new Date() }).where(and(eq(stores.agencyId, store.agencyId), eq(stores.id, store.id)));
    if (current.status === 'needs_attention') return false;
    await notify(tx, await peopleOf(tx, store.agencyId, current.sellerTeamId), { agencyId: store.agencyId, title: STORE_ATTENTION_TITLE, content: `${current.name}: ${reason}` });
    return true;
  });
}
