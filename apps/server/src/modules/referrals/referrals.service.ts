/**
 * Referrals (docs/money.md, "Referrals"): which teams were referred and what their referrer earned
 * (referral-credit.ts credits it on each approved top-up of the referred team).
 */
import type { Actor, ReferralListQuery } from '@fbo/shared';
import { centsToDollars, MONEY_MSG } from '@fbo/shared/domain/money';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { appLink } from '../../lib/public-links';
import { findTeam } from '../sellers';
import * as repo from './referrals.repo';

export async function agencyList(ctx: AppContext, actor: Actor, q: ReferralListQuery) {
  if (!actor.agencyId) throw notFound();
  const { rows, count } = await repo.agencyList(ctx.db, actor.agencyId, { page: q.page, limit: q.limit, search: q.search || undefined });
  const data = rows.map((r) => ({
    id: r.id,
    referredTeam: { id: r.id, name: r.name, code: r.code, createdAt: r.createdAt.toISOString() },
    referrer: { id: r.referrerId, name: r.referrerName, code: r.referrerCode, rate: Number(r.referrerRate) },
    earned: centsToDollars(r.earned),
  }));
  return listAnswer(data, count, q);
}

/**
 * `requestHost`: a sign-up picks its agency by host, so the link stays on the agency's connected
 * domain the seller is using (else PUBLIC_URL), where the referral code is known.
 */
export async function mine(ctx: AppContext, actor: Actor, requestHost?: string) {
  if (!actor.agencyId || !actor.sellerTeamId) throw notFound(MONEY_MSG.teamNotFound);
  const team = await findTeam(ctx.db, actor.agencyId, actor.sellerTeamId);
  if (!team) throw notFound(MONEY_MSG.teamNotFound);
  const referred = await repo.referredBy(ctx.db, team.id);
  return {
    referralCode: team.referralCode,
    referralLink: await appLink(ctx, { agencyId: actor.agencyId, requestHost }, `/auth/register?r=${encodeURIComponent(team.referralCode)}`),
    rate: Number(team.rate),
    totalEarned: centsToDollars(await repo.totalEarned(ctx.db, team.id)),
    data: referred.map((r) => ({ team: { name: r.name, code: r.code }, joinedAt: r.createdAt.toISOString(), earned: centsToDollars(r.earned) })),
  };
}
