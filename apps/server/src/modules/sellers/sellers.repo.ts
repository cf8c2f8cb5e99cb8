import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accounts, basecosts, sellerTeams } from '../../db/schema/index';

/** Short, unambiguous upper-case codes (no 0/O, 1/I). */
export function randomCode(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export async function teamByReferralCode(db: Db | Tx, agencyId: string, referralCode: string) {
  const [row] = await db
    .select({ id: sellerTeams.id })
    .from(sellerTeams)
    .where(and(eq(sellerTeams.agencyId, agencyId), eq(sellerTeams.referralCode, referralCode.toUpperCase())));
  return row ?? null;
}

/** The base cost a new self-signed-up team starts on: the agency's first one. */
export async function defaultBasecostId(db: Db | Tx, agencyId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: basecosts.id })
    .from(basecosts)
    // A deleted group is never given to a new team.
    .where(and(eq(basecosts.agencyId, agencyId), isNull(basecosts.deletedAt)))
    .orderBy(asc(basecosts.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** A seller team with its wallet and profit account, in the caller's transaction. */
export async function insertSellerTeam(
  tx: Tx,
  input: {
    agencyId: string;
    name: string;
    managerId: string;
    referralFromId: string | null;
    basecostId: string | null;
    autoApproveOrder?: boolean;
  },
) {
  const [team] = await tx
    .insert(sellerTeams)
    .values({
      agencyId: input.agencyId,
      name: input.name,
      code: `S${randomCode(7)}`,
      managerId: input.managerId,
      referralCode: randomCode(8),
      referralFromId: input.referralFromId,
      basecostId: input.basecostId,
      autoApproveOrder: input.autoApproveOrder ?? false,
    })
    .returning();
  await tx.insert(accounts).values([
    { agencyId: input.agencyId, sellerTeamId: team!.id, kind: 'wallet' },
    { agencyId: input.agencyId, sellerTeamId: team!.id, kind: 'profit' },
  ]);
  return team!;
}
