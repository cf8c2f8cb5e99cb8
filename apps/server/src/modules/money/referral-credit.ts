/**
 * Referral earnings (docs/money.md, "Referrals"): when a referred team's top-up is approved, the
 * team that referred it earns its referral rate (Ref rate, 0-50 %) of the amount, rounded down to
 * the cent, into its profit account, held for its own pendingPayoutDays like any profit.
 * Cashback is the agency's gift, not the seller's spending: it earns no referral.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sellerTeams } from '../../db/schema/index';
import { postEntry } from './ledger';

const DAY_MS = 86_400_000;

/** rate is a percentage with two decimals ('2.50'); integer arithmetic in hundredths of a percent. */
export function referralCents(amountCents: number, rate: string | number): number {
  const hundredths = Math.round(Number(rate) * 100);
  return Math.floor((amountCents * hundredths) / 10_000);
}

export async function creditReferral(
  tx: Tx,
  input: { referredTeamId: string; depositId: string; amountCents: number; actorId: string | null },
): Promise<void> {
  const [referred] = await tx.select().from(sellerTeams).where(eq(sellerTeams.id, input.referredTeamId));
  if (!referred?.referralFromId) return;
  const [referrer] = await tx
    .select()
    .from(sellerTeams)
    .where(and(eq(sellerTeams.id, referred.referralFromId), eq(sellerTeams.agencyId, referred.agencyId), isNull(sellerTeams.deletedAt)));
  if (!referrer || !referrer.active) return;
  const cents = referralCents(input.amountCents, referrer.rate);
  if (cents <= 0) return;
  await postEntry(tx, {
    agencyId: referrer.agencyId,
    sellerTeamId: referrer.id,
    account: 'profit',
    type: 'referral',
    amountCents: cents,
    key: `referral:deposit:${input.depositId}`,
    refType: 'deposit',
    refId: input.depositId,
    description: `Referral earning: ${referred.name} (${referred.code}) top-up`,
    actorId: input.actorId,
    availableAt: new Date(Date.now() + referrer.pendingPayoutDays * DAY_MS),
  });
}
