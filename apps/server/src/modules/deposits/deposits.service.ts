/**
 * Deposits: top-ups and cashback of a seller team's wallet (docs/money.md, "Deposits").
 * A deposit moves money once, when it is approved (at creation or later): a ledger entry keyed
 * `deposit:{id}:approve`, an IN invoice, the referral credit of a top-up, notifications, a mail and
 * an audit entry, all in one transaction run through moneyTransaction (Idempotency-Key).
 * pending -> approved | rejected; both are final. The deposit row is locked while deciding.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, DepositCreateBody, DepositDecideBody, DepositListQuery, DepositMineQuery, DepositRequestBody, DepositTeamListQuery } from '@fbo/shared';
import { centsToDollars, dollarsToCents, formatUsd, MONEY_MSG } from '@fbo/shared/domain/money';
import { DEPOSIT_TEXT } from '@fbo/shared/domain/deposits-extra';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { HttpError, notFound, conflict } from '../../lib/errors';
import { listAnswer } from '../../lib/list';
import { writeAudit } from '../audit';
import { createInvoice, creditReferral, moneyTransaction, type MoneySource, postEntry, walletBalances } from '../money';
import { agencyOwnerIds, notify } from '../notifications';
import { readSettings } from '../settings';
import type { SendMail } from '../../mail/mailer';
import * as repo from './deposits.repo';
import { findTeam, teamOptions as agencyTeamOptions } from '../sellers';

type Mail = SendMail;

const teamNotFound = () => notFound(MONEY_MSG.teamNotFound);
const depositNotFound = () => notFound('Deposit not found');

function agencyOf(actor: Actor): string {
  if (!actor.agencyId) throw teamNotFound();
  return actor.agencyId;
}

async function agencyTeam(db: AppContext['db'] | Tx, actor: Actor, teamId: string) {
  const team = await findTeam(db, agencyOf(actor), teamId);
  if (!team) throw teamNotFound();
  return team;
}

async function ownTeam(db: AppContext['db'] | Tx, actor: Actor) {
  if (!actor.sellerTeamId) throw teamNotFound();
  const team = await repo.team(db, actor.sellerTeamId);
  if (!team || team.deletedAt) throw teamNotFound();
  return team;
}

async function balanceOf(db: AppContext['db'] | Tx, teamId: string) {
  return { amount: centsToDollars((await walletBalances(db, [teamId])).get(teamId) ?? 0) };
}

/** The agency's payment settings now (frozen on each new deposit). */
async function paymentOf(db: AppContext['db'] | Tx, agencyId: string) {
  const agency = await repo.agency(db, agencyId);
  if (!agency) throw notFound();
  return { agencyName: agency.name, payment: readSettings(agency.settings).payment };
}

/** Mails leave after the commit (a rolled-back change mails no one); a failed mail never fails the request. */
async function sendMails(ctx: AppContext, log: Pick<FastifyBaseLogger, 'error'>, mails: Mail[]) {
  for (const mail of mails) {
    try {
      await ctx.mailer.send(mail);
    } catch (err) {
      log.error({ err }, 'deposit mail failed');
    }
  }
}

async function answer(tx: Tx, depositId: string, teamId: string) {
  const deposit = await repo.item(tx, depositId);
  return { deposit: deposit!, balance: await balanceOf(tx, teamId) };
}

/** Moves the money of a pending deposit (row locked by the caller). */
async function approve(tx: Tx, actor: Actor, team: repo.TeamRow, dep: repo.DepositRow, agencyName: string, mails: Mail[]) {
  const amount = centsToDollars(dep.amountCents);
  const { entry } = await postEntry(tx, {
    agencyId: dep.agencyId,
    sellerTeamId: dep.sellerTeamId,
    account: 'wallet',
    type: dep.isCashback ? 'cashback' : 'topup',
    amountCents: dep.amountCents,
    key: `deposit:${dep.id}:approve`,
    refType: 'deposit',
    refId: dep.id,
    description: dep.isCashback ? DEPOSIT_TEXT.ledgerCashback(dep.transactionId) : DEPOSIT_TEXT.ledgerTopup(dep.transactionId),
    actorId: actor.userId,
  });
  const invoice = await createInvoice(tx, {
    agencyId: dep.agencyId,
    sellerTeamId: dep.sellerTeamId,
    type: 'IN',
    source: 'deposit',
    sellerAmountCents: dep.amountCents,
    agencyAmountCents: dep.isCashback ? 0 : dep.amountCents,
    note: DEPOSIT_TEXT.invoiceNote(dep.payWith, dep.transactionId),
    lines: [
      {
        description: entry.description,
        amountCents: dep.amountCents,
        agencyAmountCents: dep.isCashback ? 0 : dep.amountCents,
        refType: 'deposit',
        refId: dep.id,
        ledgerEntryId: entry.id,
      },
    ],
  });
  await repo.update(tx, dep.id, { status: 'approved', decidedById: actor.userId, decidedAt: new Date(), invoiceId: invoice.id });
  if (!dep.isCashback) await creditReferral(tx, { referredTeamId: dep.sellerTeamId, depositId: dep.id, amountCents: dep.amountCents, actorId: actor.userId });

  const balance = centsToDollars(entry.balanceAfterCents);
  const people = await repo.teamMoneyPeople(tx, team);
  await notify(tx, people.ids, {
    agencyId: dep.agencyId,
    title: DEPOSIT_TEXT.approvedTitle(dep.isCashback),
    content: DEPOSIT_TEXT.approvedContent(amount, dep.transactionId, balance),
  });
  await writeAudit(tx, {
    actorId: actor.userId,
    agencyId: dep.agencyId,
    entity: 'deposit',
    entityId: dep.id,
    action: 'approve',
    before: { status: dep.status },
    after: { status: 'approved', amountCents: dep.amountCents, isCashback: dep.isCashback, ledgerEntryId: entry.id, invoiceId: invoice.id },
  });
  if (people.manager) {
    mails.push({
      agencyId: dep.agencyId,
      to: people.manager.email,
      templateCode: 'deposit_approved',
      vars: { name: people.manager.fullName, agencyName, amount: formatUsd(amount), transactionId: dep.transactionId, balance: formatUsd(balance) },
    });
  }
}

async function reject(tx: Tx, actor: Actor, team: repo.TeamRow, dep: repo.DepositRow, agencyName: string, reason: string | null, mails: Mail[]) {
  const amount = centsToDollars(dep.amountCents);
  await repo.update(tx, dep.id, { status: 'rejected', decidedById: actor.userId, decidedAt: new Date(), rejectReason: reason });
  const people = await repo.teamMoneyPeople(tx, team);
  await notify(tx, people.ids, {
    agencyId: dep.agencyId,
    title: DEPOSIT_TEXT.rejectedTitle,
    content: DEPOSIT_TEXT.rejectedContent(amount, dep.transactionId, reason),
  });
  await writeAudit(tx, {
    actorId: actor.userId,
    agencyId: dep.agencyId,
    entity: 'deposit',
    entityId: dep.id,
    action: 'reject',
    before: { status: dep.status },
    after: { status: 'rejected' },
    reason: reason ?? undefined,
  });
  if (people.manager) {
    mails.push({
      agencyId: dep.agencyId,
      to: people.manager.email,
      templateCode: 'deposit_rejected',
      vars: { name: people.manager.fullName, agencyName, amount: formatUsd(amount), transactionId: dep.transactionId, note: reason ?? '' },
    });
  }
}

/* ---------------- Agency side ---------------- */

export async function listOfTeam(ctx: AppContext, actor: Actor, teamId: string, q: DepositTeamListQuery) {
  await agencyTeam(ctx.db, actor, teamId);
  const { rows, count } = await repo.listOfTeam(ctx.db, teamId, q);
  return listAnswer(rows, count, q);
}

export async function listOfAgency(ctx: AppContext, actor: Actor, q: DepositListQuery) {
  const { rows, count } = await repo.listOfAgency(ctx.db, agencyOf(actor), q);
  return listAnswer(rows, count, q);
}

export async function teamOptions(ctx: AppContext, actor: Actor) {
  return { data: await agencyTeamOptions(ctx.db, agencyOf(actor)) };
}

export async function teamBalance(ctx: AppContext, actor: Actor, teamId: string) {
  await agencyTeam(ctx.db, actor, teamId);
  return balanceOf(ctx.db, teamId);
}

/** The Topup dialog: a deposit entered by the agency, approved at once (default) or left pending. */
export async function create(ctx: AppContext, actor: Actor, source: MoneySource, teamId: string, body: DepositCreateBody) {
  const mails: Mail[] = [];
  const result = await moneyTransaction(
    ctx.db,
    source.idempotency,
    async (tx) => {
      const team = await agencyTeam(tx, actor, teamId);
      // A transaction id the team already used is most often the same payment entered twice:
      // the agency must say it means a second deposit (the dialog asks, then sends confirmDuplicate).
      if (!body.confirmDuplicate && (await repo.transactionIdUsed(tx, team.id, body.transactionId))) {
        const text = DEPOSIT_TEXT.duplicateTransaction(body.transactionId);
        throw new HttpError(409, text, { transactionId: text });
      }
      const { agencyName, payment } = await paymentOf(tx, team.agencyId);
      const dep = await repo.insert(tx, {
        agencyId: team.agencyId,
        sellerTeamId: team.id,
        amountCents: dollarsToCents(body.amount),
        payWith: body.payWith,
        transactionId: body.transactionId,
        note: body.note,
        status: 'pending',
        isCashback: body.isCashback,
        exchangeRate: String(payment.exchangeRate),
        topupContent: payment.topupContent,
        requestedBy: 'agency',
        createdById: actor.userId,
      });
      await writeAudit(tx, {
        actorId: actor.userId,
        agencyId: team.agencyId,
        entity: 'deposit',
        entityId: dep.id,
        action: 'create',
        after: { amountCents: dep.amountCents, payWith: dep.payWith, transactionId: dep.transactionId, isCashback: dep.isCashback, status: body.status, ...(body.confirmDuplicate ? { confirmedDuplicate: true } : {}) },
      });
      if (body.status === 'approved') await approve(tx, actor, team, dep, agencyName, mails);
      return answer(tx, dep.id, team.id);
    },
    201,
  );
  if (!result.replayed) await sendMails(ctx, source.log, mails);
  return result;
}

/** Approve or reject a pending deposit; a decided one is final (409). */
export async function decide(ctx: AppContext, actor: Actor, source: MoneySource, teamId: string, depositId: string, body: DepositDecideBody) {
  const mails: Mail[] = [];
  const result = await moneyTransaction(ctx.db, source.idempotency, async (tx) => {
    const team = await agencyTeam(tx, actor, teamId);
    const dep = await repo.lockDeposit(tx, team.id, depositId);
    if (!dep) throw depositNotFound();
    if (dep.status !== 'pending') throw conflict(MONEY_MSG.depositDecided);
    const { agencyName } = await paymentOf(tx, team.agencyId);
    if (body.status === 'approved') await approve(tx, actor, team, dep, agencyName, mails);
    else await reject(tx, actor, team, dep, agencyName, body.reason ? body.reason : null, mails);
    return answer(tx, dep.id, team.id);
  });
  if (!result.replayed) await sendMails(ctx, source.log, mails);
  return result;
}

/* ---------------- Seller side ---------------- */

export async function mine(ctx: AppContext, actor: Actor, q: DepositMineQuery) {
  const team = await ownTeam(ctx.db, actor);
  const { rows, count } = await repo.listOfTeam(ctx.db, team.id, q);
  return listAnswer(rows, count, q);
}

export async function paymentInfo(ctx: AppContext, actor: Actor) {
  const team = await ownTeam(ctx.db, actor);
  const { payment } = await paymentOf(ctx.db, team.agencyId);
  return { exchangeRate: payment.exchangeRate, topupContent: payment.topupContent };
}

/** A seller's top-up request: pending until the agency decides; the agency's owners and accounting hear of it. */
export async function request(ctx: AppContext, actor: Actor, source: MoneySource, body: DepositRequestBody) {
  return moneyTransaction(
    ctx.db,
    source.idempotency,
    async (tx) => {
      const team = await ownTeam(tx, actor);
      const { payment } = await paymentOf(tx, team.agencyId);
      const dep = await repo.insert(tx, {
        agencyId: team.agencyId,
        sellerTeamId: team.id,
        amountCents: dollarsToCents(body.amount),
        payWith: body.payWith,
        transactionId: body.transactionId,
        note: body.note,
        status: 'pending',
        isCashback: false,
        exchangeRate: String(payment.exchangeRate),
        topupContent: payment.topupContent,
        requestedBy: 'seller',
        createdById: actor.userId,
      });
      await writeAudit(tx, {
        actorId: actor.userId,
        agencyId: team.agencyId,
        entity: 'deposit',
        entityId: dep.id,
        action: 'request',
        after: { amountCents: dep.amountCents, payWith: dep.payWith, transactionId: dep.transactionId, status: 'pending' },
      });
      const recipients = [...new Set([...(await agencyOwnerIds(tx, team.agencyId)), ...(await repo.agencyAccountingIds(tx, team.agencyId))])];
      await notify(tx, recipients, {
        agencyId: team.agencyId,
        title: DEPOSIT_TEXT.requestTitle(team.name),
        content: DEPOSIT_TEXT.requestContent(team.name, body.amount, body.payWith, body.transactionId),
      });
      return answer(tx, dep.id, team.id);
    },
    201,
  );
}
