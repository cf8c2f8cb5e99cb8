/**
 * Payout requests (docs/money.md, "Payouts"). A seller manager asks for part of its payable profit;
 * the agency (owner, accounting) approves or rejects. The requested amount may never exceed the
 * profit payable now (remainProfit) less the team's other pending requests, checked under the
 * profit account's lock, so two requests at once cannot together ask for more than there is.
 * Money moves only on approval, once, through the ledger (key `payout:{id}:approve`).
 */
import { eq } from 'drizzle-orm';
import type { Actor, PayoutCreateBody, PayoutFindQuery, PayoutListQuery, PayoutStatusBody, PayoutUpdateBody } from '@fbo/shared';
import { dollarsToCents, formatUsd, MONEY_MSG, PAYOUT_STATUS } from '@fbo/shared/domain/money';
import { PAYOUT_MSG } from '@fbo/shared/domain/payouts-extra';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { payouts } from '../../db/schema/index';
import type { SendMail } from '../../mail/mailer';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { lockAccount, moneyTransaction, postEntry, teamProfit, type IdempotentRequest } from '../money';
import { notify } from '../notifications';
import * as repo from './payouts.repo';
import { findTeam, teamOptions as agencyTeamOptions } from '../sellers';

const usd = (cents: number) => formatUsd(cents / 100);

/** The actor's own live team: any other id (another team, another agency) is not found. */
async function ownTeam(ctx: AppContext, actor: Actor, teamId: string) {
  if (!actor.agencyId || actor.sellerTeamId !== teamId) throw notFound(MONEY_MSG.teamNotFound);
  const team = await findTeam(ctx.db, actor.agencyId, teamId);
  if (!team) throw notFound(MONEY_MSG.teamNotFound);
  return team;
}

/** Under the profit account's lock: what may still be requested (cents, never below 0). */
async function requestable(tx: Tx, teamId: string, exceptId?: string): Promise<number> {
  await lockAccount(tx, teamId, 'profit');
  const figures = await teamProfit(tx, teamId);
  return Math.max(0, figures.remainProfitCents - (await repo.pendingSum(tx, teamId, exceptId)));
}

const audit = (tx: Tx, actor: Actor, entry: { entityId: string; action: string; before?: unknown; after?: unknown; reason?: string }) =>
  writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, entity: 'payout', ...entry });

const snapshot = (row: repo.PayoutRow) => ({
  status: row.status,
  amountCents: row.amountCents,
  paymentType: row.paymentType,
  paymentValue: row.paymentValue,
  billName: row.billName,
  note: row.note,
  decisionNote: row.decisionNote,
});

export async function create(ctx: AppContext, actor: Actor, idempotency: IdempotentRequest, teamId: string, body: PayoutCreateBody) {
  const team = await ownTeam(ctx, actor, teamId);
  const amountCents = dollarsToCents(body.amount);
  return moneyTransaction(
    ctx.db,
    idempotency,
    async (tx) => {
      const limit = await requestable(tx, team.id);
      if (amountCents > limit) throw conflict(MONEY_MSG.payoutTooLarge(limit));
      const [row] = await tx
        .insert(payouts)
        .values({
          agencyId: team.agencyId,
          sellerTeamId: team.id,
          amountCents,
          status: PAYOUT_STATUS.pending,
          paymentType: body.paymentType,
          paymentValue: body.paymentValue,
          billName: body.billName,
          note: body.note,
          requestedById: actor.userId,
        })
        .returning();
      await audit(tx, actor, { entityId: row!.id, action: 'request', after: snapshot(row!) });
      await notify(tx, await repo.deciderIds(tx, team.agencyId), {
        agencyId: team.agencyId,
        title: PAYOUT_MSG.requestedTitle,
        content: PAYOUT_MSG.requestedContent(team.name, usd(amountCents)),
      });
      return { message: MONEY_MSG.created, data: repo.toItem(row!, team) };
    },
    201,
  );
}

export async function update(ctx: AppContext, actor: Actor, idempotency: IdempotentRequest, teamId: string, reqId: string, body: PayoutUpdateBody) {
  const team = await ownTeam(ctx, actor, teamId);
  const changes = Object.entries(body).filter(([, v]) => v !== undefined);
  if (changes.length === 0) throw badRequest(PAYOUT_MSG.nothingToChange);
  return moneyTransaction(ctx.db, idempotency, async (tx) => {
    const before = await repo.lockPayout(tx, reqId, { agencyId: team.agencyId, sellerTeamId: team.id });
    if (!before) throw notFound(PAYOUT_MSG.requestNotFound);
    if (before.status !== PAYOUT_STATUS.pending) throw conflict(MONEY_MSG.payoutDecided);

    if (body.cancel) {
      const [row] = await tx
        .update(payouts)
        .set({ status: PAYOUT_STATUS.rejected, decisionNote: PAYOUT_MSG.cancelledBySeller, decidedById: actor.userId, updatedAt: new Date() })
        .where(eq(payouts.id, before.id))
        .returning();
      await audit(tx, actor, { entityId: before.id, action: 'cancel', before: snapshot(before), after: snapshot(row!), reason: PAYOUT_MSG.cancelledBySeller });
      await notify(tx, await repo.deciderIds(tx, team.agencyId), {
        agencyId: team.agencyId,
        title: PAYOUT_MSG.cancelledTitle,
        content: PAYOUT_MSG.cancelledContent(team.name, usd(before.amountCents)),
      });
      return { message: PAYOUT_MSG.cancelled, data: repo.toItem(row!, team) };
    }

    const amountCents = body.amount !== undefined ? dollarsToCents(body.amount) : before.amountCents;
    if (amountCents > before.amountCents) {
      // Raising the request: the same check as creating one, leaving this request out.
      const limit = await requestable(tx, team.id, before.id);
      if (amountCents > limit) throw conflict(MONEY_MSG.payoutTooLarge(limit));
    }
    const [row] = await tx
      .update(payouts)
      .set({
        amountCents,
        paymentType: body.paymentType ?? before.paymentType,
        paymentValue: body.paymentValue ?? before.paymentValue,
        billName: body.billName ?? before.billName,
        note: body.note ?? before.note,
        updatedAt: new Date(),
      })
      .where(eq(payouts.id, before.id))
      .returning();
    await audit(tx, actor, { entityId: before.id, action: 'update', before: snapshot(before), after: snapshot(row!) });
    if (amountCents !== before.amountCents) {
      await notify(tx, await repo.deciderIds(tx, team.agencyId), {
        agencyId: team.agencyId,
        title: PAYOUT_MSG.updatedTitle,
        content: PAYOUT_MSG.updatedContent(team.name, usd(amountCents)),
      });
    }
    return { message: MONEY_MSG.updated, data: repo.toItem(row!, team) };
  });
}

export async function find(ctx: AppContext, actor: Actor, teamId: string, q: PayoutFindQuery) {
  const team = await ownTeam(ctx, actor, teamId);
  const { rows, count } = await repo.list(ctx.db, { agencyId: team.agencyId, sellerTeamId: team.id, status: q.status, page: q.page, limit: q.limit });
  return listAnswer(rows, count, q);
}

/** The agency's payouts (owner, accounting) or a seller manager's own team's. */
export async function list(ctx: AppContext, actor: Actor, q: PayoutListQuery) {
  if (!actor.agencyId) throw notFound();
  const empty = listAnswer([], { total: 0, capped: false }, q);
  let sellerTeamId = q.sellerTeamId;
  if (actor.userType === 'seller') {
    if (!actor.sellerTeamId) return empty;
    if (sellerTeamId && sellerTeamId !== actor.sellerTeamId) return empty;
    sellerTeamId = actor.sellerTeamId;
  }
  const { rows, count } = await repo.list(ctx.db, { agencyId: actor.agencyId, sellerTeamId, billName: q.billName || undefined, status: q.status, page: q.page, limit: q.limit });
  return listAnswer(rows, count, q);
}

export async function teamOptions(ctx: AppContext, actor: Actor) {
  if (!actor.agencyId) return { data: [] };
  return { data: await agencyTeamOptions(ctx.db, actor.agencyId) };
}

export async function setStatus(ctx: AppContext, actor: Actor, idempotency: IdempotentRequest, id: string, body: PayoutStatusBody) {
  if (!actor.agencyId) throw notFound();
  const agencyId = actor.agencyId;
  let mail: SendMail | null = null;
  const answer = await moneyTransaction(ctx.db, idempotency, async (tx) => {
    const before = await repo.lockPayout(tx, id, { agencyId });
    if (!before) throw notFound(PAYOUT_MSG.requestNotFound);
    const team = await findTeam(tx, agencyId, before.sellerTeamId);
    if (!team) throw notFound(PAYOUT_MSG.requestNotFound);
    if (before.status !== PAYOUT_STATUS.pending) throw conflict(MONEY_MSG.payoutDecided);
    const note = body.note ?? '';
    const manager = await repo.userById(tx, team.managerId);
    const now = new Date();

    if (body.status === PAYOUT_STATUS.approved) {
      await lockAccount(tx, team.id, 'profit');
      const figures = await teamProfit(tx, team.id);
      if (figures.remainProfitCents < before.amountCents) throw conflict(MONEY_MSG.payoutTooLarge(Math.max(0, figures.remainProfitCents)));
      await postEntry(tx, {
        agencyId,
        sellerTeamId: team.id,
        account: 'profit',
        type: 'payout',
        amountCents: -before.amountCents,
        key: `payout:${before.id}:approve`,
        refType: 'payout',
        refId: before.id,
        description: `Payout to ${before.billName} (${before.paymentType})`,
        reason: note || undefined,
        actorId: actor.userId,
        availableAt: now,
      });
    }
    const approved = body.status === PAYOUT_STATUS.approved;
    const [row] = await tx
      .update(payouts)
      .set({ status: body.status, decisionNote: note || null, decidedById: actor.userId, approvedAt: approved ? now : null, updatedAt: now })
      .where(eq(payouts.id, before.id))
      .returning();
    await audit(tx, actor, {
      entityId: before.id,
      action: approved ? 'approve' : 'reject',
      before: snapshot(before),
      after: snapshot(row!),
      reason: note || (approved ? PAYOUT_MSG.approved : PAYOUT_MSG.rejected),
    });
    if (manager) {
      await notify(tx, [manager.id], {
        agencyId,
        title: approved ? PAYOUT_MSG.approvedTitle : PAYOUT_MSG.rejectedTitle,
        content: approved ? PAYOUT_MSG.approvedContent(usd(before.amountCents)) : PAYOUT_MSG.rejectedContent(usd(before.amountCents), note),
      });
      if (approved) {
        mail = {
          agencyId,
          to: manager.email,
          templateCode: 'payout_approved',
          vars: { name: manager.fullName, agencyName: await repo.agencyName(tx, agencyId), amount: usd(before.amountCents), note: note || '-' },
        };
      }
    }
    return { message: approved ? PAYOUT_MSG.approved : PAYOUT_MSG.rejected, data: repo.toItem(row!, team) };
  });
  // After the commit (a mail is never sent for a change that rolled back), once: a replay skips it.
  const toSend = mail as SendMail | null;
  if (toSend) await ctx.mailer.send(toSend).catch(() => undefined);
  return answer;
}
