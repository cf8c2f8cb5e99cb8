/**
 * The order commands (docs/orders.md, "State machine"): POST /api/orders/{action} for one or many
 * orders. Each order is its own unit of work (a transaction, or a savepoint under an
 * Idempotency-Key): locked in the actor's tenant, checked against the shared transition table,
 * changed, charged or refunded, recorded on its timeline and in the audit log, and announced to
 * the other side. One order failing never stops the others. A shipment-cancel also queues the
 * cancel of the store's fulfilments (tracking/store-cancel.job.ts) in the same transaction.
 */
import {
  displayOrderName,
  moneyOf,
  nextStatus,
  ORDER_COMMAND_MSG,
  ORDER_TRANSITIONS,
  refusal,
  type Actor,
  type OrderAction,
  type OrderCommandBody,
  type OrderCommandResponse,
  type OrderFacts,
  type OrderSide,
  type OrderStatus,
  WAREHOUSE_MSG,
} from '@fbo/shared';
import { formatUsd } from '@fbo/shared/domain/money';
import type { AppContext } from '../../context';
import type { SendMail } from '../../mail/mailer';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { moneyTransaction, type MoneySource } from '../money';
import { agencyOwnerIds, notify } from '../notifications';
import { queueStoreCancels } from '../tracking';
import { agencySettingsOf } from '../settings';
import { releaseForOrder, reserveForOrder } from '../warehouses';
import { chargeOrder, emailOf, lockOrder, lockOrders, mailTarget, refundCancelledOrder, resolvedItems, sideOf, teamOf, teamOrderPeople, type OrderRow, type OrderTeam } from '../order-core';
import * as repo from './order-commands.repo';

/** Actions that move money: a retry with the same Idempotency-Key answers the first result. */
const MONEY_ACTIONS: readonly OrderAction[] = ['approve', 'cancel'];

type Result = OrderCommandResponse['data']['results'][number];


export async function runCommand(ctx: AppContext, actor: Actor, action: OrderAction, body: OrderCommandBody, source: MoneySource): Promise<OrderCommandResponse> {
  const reason = body.reason?.trim() || null;
  if (ORDER_TRANSITIONS[action].reason && !reason) throw badRequest(ORDER_COMMAND_MSG.reasonRequired, { reason: ORDER_COMMAND_MSG.reasonRequired });
  const mails: SendMail[] = [];
  let answer: OrderCommandResponse;
  if (MONEY_ACTIONS.includes(action)) {
    const result = await moneyTransaction(ctx.db, source.idempotency, (tx) => runAll(ctx, tx, true, actor, action, body, reason, mails));
    // A replay mails no one again.
    if (result.replayed) mails.length = 0;
    answer = result.body;
  } else {
    answer = await runAll(ctx, ctx.db, false, actor, action, body, reason, mails);
  }
  await sendMails(ctx, source.log, mails);
  return answer;
}

/** Mails leave after the commit (a rolled-back change mails no one); a failed mail never fails the request. */
async function sendMails(ctx: AppContext, log: MoneySource['log'], mails: SendMail[]) {
  for (const mail of mails) {
    try {
      await ctx.mailer.send(mail);
    } catch (err) {
      log.error({ err }, 'order mail failed');
    }
  }
}

/**
 * Acts on every id in order. With one id, a failure is the answer itself (its HTTP status and
 * message, so a detail page can show it); with several, the per-order results say what happened.
 */
async function runAll(
  ctx: AppContext,
  db: Db | Tx,
  inTransaction: boolean,
  actor: Actor,
  action: OrderAction,
  body: OrderCommandBody,
  reason: string | null,
  mails: SendMail[],
): Promise<OrderCommandResponse> {
  // Exactly one id in the body: its failure is the answer. Duplicates are acted on once.
  const single = body.ids.length === 1;
  const ids = [...new Set(body.ids)];
  const actorEmail = await emailOf(db, actor.userId);
  if (inTransaction) await lockOrders(db as Tx, actor, ids);
  const results: Result[] = [];
  for (const id of ids) {
    try {
      // On the database a transaction; inside the Idempotency-Key's transaction a savepoint.
      const done = await db.transaction((tx) => applyOne(ctx, tx, { actor, actorEmail }, action, id, reason));
      if (done.mail) mails.push(done.mail);
      results.push({ id, ok: true, status: done.status });
    } catch (caught) {
      const error = lostRace(caught) ? conflict(ORDER_COMMAND_MSG.lostRace) : caught;
      if (!(error instanceof HttpError)) throw error;
      if (single) throw error;
      results.push({ id, ok: false, message: error.message });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { data: { results, succeeded, failed: results.length - succeeded } };
}

/** A deadlock or serialization failure PostgreSQL resolved by aborting this order's work (possibly wrapped by the driver). */
function lostRace(error: unknown): boolean {
  const codes = [error, (error as { cause?: unknown } | null)?.cause].map((e) => (e as { code?: unknown } | null)?.code);
  return codes.some((code) => code === '40P01' || code === '40001');
}

interface Who {
  actor: Actor;
  actorEmail: string;
}

async function applyOne(
  ctx: AppContext,
  tx: Tx,
  who: Who,
  action: OrderAction,
  id: string,
  reason: string | null,
): Promise<{ status: OrderStatus; mail: SendMail | null }> {
  const { actor } = who;
  const side = sideOf(actor);
  const order = await lockOrder(tx, actor, id);
  if (!order) throw notFound(ORDER_COMMAND_MSG.notFound);
  const team = await teamOf(tx, order.sellerTeamId);
  const from = order.status as OrderStatus;
  const facts: OrderFacts = {
    status: from,
    heldBy: order.heldBy,
    holdFromStatus: order.holdFromStatus as OrderStatus | null,
    cannotShip: order.cannotShip,
    ignoreCannotShip: order.ignoreCannotShip,
    autoApprove: team?.autoApprove ?? false,
  };
  const refused = refusal(action, side, facts);
  // Not a state the action starts from (or a hold the other side owns): a conflict, as when
  // someone else acted first; anything else is a business rule.
  if (refused) throw ORDER_TRANSITIONS[action].from.includes(from) ? badRequest(refused) : conflict(refused);
  if (action === 'submit') await checkSubmittable(tx, order);

  let to = nextStatus(action, facts);
  const now = new Date();
  const changes: Parameters<typeof repo.updateOrder>[2] = { status: to, updatedAt: now };
  let money = moneyOf(action, facts);
  let movedCents = 0;
  let stockNote: string | null = null;
  if (money === 'charge') {
    // Warehouse lines are reserved before the charge, in this transaction (docs/warehouses.md "Orders"). Without
    // the stock the order waits in Hold 'awaiting stock' uncharged, or the approval is refused, as the agency says.
    const stock = await reserveForOrder(tx, order, actor.userId);
    if (stock.kind === 'short') {
      if ((await agencySettingsOf(tx, order.agencyId)).warehouseShortage === 'refuse') throw badRequest(stock.message);
      to = 'Hold';
      money = null;
      stockNote = stock.message;
      Object.assign(changes, { status: to, holdFromStatus: from, heldBy: 'agency', statusReason: WAREHOUSE_MSG.awaitingStock });
    } else {
      movedCents = (await chargeOrder(tx, order, actor.userId, now)).chargedCents;
    }
  }
  if (money === 'refund') movedCents = (await refundCancelledOrder(tx, order, actor.userId, now)).refundedCents;

  switch (action) {
    case 'submit':
      changes.statusReason = null;
      break;
    case 'reject':
      changes.statusReason = reason;
      break;
    case 'hold':
      Object.assign(changes, { holdFromStatus: from, heldBy: side, statusReason: reason });
      break;
    case 'unhold':
    case 'agency-unhold':
      Object.assign(changes, { holdFromStatus: null, heldBy: null, statusReason: null });
      break;
    case 'cancel':
      await repo.moveItems(tx, order.id, 'Cancel');
      await releaseForOrder(tx, order, actor.userId);
      break;
    case 'pickup':
      await repo.moveItems(tx, order.id, 'InProduction');
      break;
    case 'shipment-cancel': {
      const cancelled = await repo.cancelLiveShipments(tx, order.id);
      await repo.moveItems(tx, order.id, 'InProduction', ['InTransit'], { shipmentId: null });
      // Parcels the seller's store shows as fulfilments get cancelled there too (a job, once this commits).
      await queueStoreCancels(ctx, tx, order, cancelled, actor.userId);
      break;
    }
    case 'ignore-cannot-ship':
      changes.ignoreCannotShip = true;
      break;
    default:
      break;
  }
  if (stockNote) changes.statusReason = WAREHOUSE_MSG.awaitingStock;
  await repo.updateOrder(tx, order.id, changes);

  const message = stockNote ? `${WAREHOUSE_MSG.awaitingStock}: ${stockNote}`
    : reason ?? (money === 'charge' && action === 'submit' ? 'Approved automatically: the team approves its orders on submit' : '');
  await repo.insertStatusEvent(tx, {
    order, action, from, to, message, actorId: actor.userId, actorEmail: who.actorEmail,
    data: movedCents ? { [money === 'charge' ? 'chargedCents' : 'refundedCents']: movedCents } : undefined,
  });
  await writeAudit(tx, {
    actorId: actor.userId,
    agencyId: order.agencyId,
    entity: 'order',
    entityId: order.id,
    action,
    before: { status: from, heldBy: order.heldBy, holdFromStatus: order.holdFromStatus, ignoreCannotShip: order.ignoreCannotShip },
    after: { ...changes, updatedAt: undefined, ...(movedCents ? { [money === 'charge' ? 'chargedCents' : 'refundedCents']: movedCents } : {}) },
    reason: reason ?? undefined,
  });
  await tellOtherSide(tx, side, order, team, stockNote ? 'hold' : action, to, stockNote ?? reason, movedCents);
  return { status: to, mail: await mailOf(tx, side, action, order, team?.managerId ?? null, reason) };
}

/** The agency's reject and hold are mailed to the team's manager too (templates order_rejected, order_held). */
async function mailOf(tx: Tx, side: OrderSide, action: OrderAction, order: OrderRow, managerId: string | null, reason: string | null): Promise<SendMail | null> {
  const templateCode = side === 'agency' ? ({ reject: 'order_rejected', hold: 'order_held' } as const)[action as 'reject' | 'hold'] : undefined;
  if (!templateCode) return null;
  const target = await mailTarget(tx, managerId, order.agencyId);
  if (!target) return null;
  return {
    agencyId: order.agencyId,
    to: target.email,
    templateCode,
    vars: { name: target.name, agencyName: target.agencyName, orderName: displayOrderName(order.orderName), reason: reason ?? '' },
  };
}

/** What submit needs besides the transition: items, each of a catalog variant, and an address that is not invalid. */
async function checkSubmittable(tx: Tx, order: OrderRow) {
  await resolvedItems(tx, order.id);
  if (order.addressStatus === 0) throw badRequest(ORDER_COMMAND_MSG.addressInvalid);
}

/** The notification of each step: its title and what happened to the order. */
const NOTICE: Record<OrderAction, [title: string, happened: string]> = {
  submit: ['Order submitted', 'was submitted for review'],
  approve: ['Order approved', 'was approved'],
  reject: ['Order rejected', 'was rejected'],
  hold: ['Order on hold', 'was put on hold'],
  unhold: ['Order released', 'was released from hold'],
  'agency-unhold': ['Order released', 'was released from hold'],
  cancel: ['Order cancelled', 'was cancelled'],
  'shipment-cancel': ['Shipment cancelled', 'had its shipment cancelled'],
  pickup: ['Order in production', 'moved into production'],
  'ignore-cannot-ship': ['Destination allowed', 'may ship to an excluded destination'],
};
const AUTO_APPROVED: [string, string] = ['Order approved', 'was submitted and approved automatically'];

/** A seller's step notifies the agency's owners; an agency's step notifies the team's order people. */
async function tellOtherSide(
  tx: Tx,
  side: OrderSide,
  order: OrderRow,
  team: OrderTeam,
  action: OrderAction,
  to: OrderStatus,
  reason: string | null,
  movedCents: number,
) {
  const [title, happened] = action === 'submit' && to === 'Approved' ? AUTO_APPROVED : NOTICE[action];
  const money = !movedCents ? '' : action === 'cancel' ? `; ${formatUsd(movedCents / 100)} went back to the wallet` : `; the wallet was charged ${formatUsd(movedCents / 100)}`;
  const recipients = side === 'seller' ? await agencyOwnerIds(tx, order.agencyId) : await teamOrderPeople(tx, order.sellerTeamId, team?.managerId ?? null);
  await notify(tx, recipients, {
    agencyId: order.agencyId,
    title,
    content: `Order ${displayOrderName(order.orderName)}${side === 'seller' && team ? ` of ${team.name}` : ''} ${happened}${money}${reason ? `: ${reason}` : ''}.`,
  });
}
