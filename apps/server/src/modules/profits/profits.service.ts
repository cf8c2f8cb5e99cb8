/**
 * The seller's profit account (docs/money.md, "Profits"): the figures of profitFigures(), the
 * entries with their hold state, and when the held profit becomes payable.
 */
import type { Actor, ProfitListQuery } from '@fbo/shared';
import { centsToDollars, MONEY_MSG } from '@fbo/shared/domain/money';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { profitFigures } from '../money';
import { findTeam } from '../sellers';
import * as repo from './profits.repo';

const DAY_MS = 86_400_000;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

async function ownTeam(ctx: AppContext, actor: Actor) {
  if (!actor.agencyId || !actor.sellerTeamId) throw notFound(MONEY_MSG.teamNotFound);
  const team = await findTeam(ctx.db, actor.agencyId, actor.sellerTeamId);
  if (!team) throw notFound(MONEY_MSG.teamNotFound);
  return team;
}

export async function summary(ctx: AppContext, actor: Actor) {
  const team = await ownTeam(ctx, actor);
  const f = (await profitFigures(ctx.db, [team.id])).get(team.id)!;
  return {
    remainProfit: centsToDollars(f.remainProfitCents),
    totalAmountPaid: centsToDollars(f.totalAmountPaidCents),
    totalHold: centsToDollars(f.totalHoldCents),
    totalProfit: centsToDollars(f.totalProfitCents),
    pendingPayoutDays: team.pendingPayoutDays,
  };
}

/** A day filter is the whole day (UTC): `to` 2026-01-31 includes that day. */
function bound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  const d = new Date(DAY_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  return end && DAY_ONLY.test(value) ? new Date(d.getTime() + DAY_MS) : d;
}

export async function list(ctx: AppContext, actor: Actor, q: ProfitListQuery) {
  const team = await ownTeam(ctx, actor);
  const now = Date.now();
  const { rows, count } = await repo.entries(ctx.db, {
    sellerTeamId: team.id,
    type: q.type,
    from: bound(q.from, false),
    to: bound(q.to, true),
    page: q.page,
    limit: q.limit,
  });
  const data = rows.map((e) => ({
    id: e.id,
    createdAt: e.createdAt.toISOString(),
    type: e.type,
    description: e.description,
    amount: centsToDollars(e.amountCents),
    balanceAfter: centsToDollars(e.balanceAfterCents),
    availableAt: e.availableAt.toISOString(),
    state: e.availableAt.getTime() > now ? ('Hold' as const) : ('Available' as const),
  }));
  return listAnswer(data, count, q);
}

export async function estimated(ctx: AppContext, actor: Actor) {
  const team = await ownTeam(ctx, actor);
  const now = new Date();
  const f = (await profitFigures(ctx.db, [team.id], now)).get(team.id)!;
  const schedule = await repo.releaseSchedule(ctx.db, team.id, now);
  return { totalHold: centsToDollars(f.totalHoldCents), data: schedule.map((s) => ({ date: s.date, amount: centsToDollars(s.cents) })) };
}
