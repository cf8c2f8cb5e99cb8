/**
 * Refunds of orders (docs/orders.md, "Refunds"): money back into the seller team's wallet for a
 * charged order, whole or per item, never more than was charged less what was refunded. The
 * order's row lock serialises refunds of one order (and a cancel, which refunds the rest), so two
 * at once cannot exceed the charge; the ledger key `order:{id}:refund:{refundId}` moves it once.
 * A refund is money, not a state change: the order keeps its status.
 */
import { randomUUID } from 'node:crypto';
import {
  displayOrderName,
  itemRefundCents,
  lineChargedCents,
  REFUND_MSG,
  refundableQuantity,
  type Actor,
  type OrderStatus,
  type RefundAnswer,
  type RefundBody,
  type RefundOverview,
  type RefundableLine,
} from '@fbo/shared';
import { centsToDollars, dollarsToCents, formatUsd } from '@fbo/shared/domain/money';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { createInvoice, type IdempotentRequest, type MoneyAnswer, moneyTransaction } from '../money';
import { notify } from '../notifications';
import { emailOf, findOrder, orderScope, postOrderWalletEntry, refundableCents, teamOf } from '../order-core';
import * as repo from './refunds.repo';

export const refundKey = (orderId: string, refundId: string) => `order:${orderId}:refund:${refundId}`;

/** The order in the actor's tenant (another tenant's id is not found, never forbidden). */
async function visibleOrder(db: Db | Tx, actor: Actor, id: string, lock = false) {
  const scope = orderScope(actor);
  const order = scope && (await findOrder(db, scope, id, lock));
  if (!order) throw notFound(REFUND_MSG.notFound);
  return order;
}

const lineOf = (i: repo.ItemRow): RefundableLine => ({
  quantity: i.quantity,
  baseCostCents: Number(i.baseCostCents ?? 0),
  shippingCostCents: Number(i.shippingCostCents ?? 0),
  refundedQuantity: i.refundedQuantity,
  refundedCents: Number(i.refundedCents),
});

/** Why this order cannot be refunded now, or null. */
function refusalOf(order: repo.OrderRow): string | null {
  if (order.status === 'Cancel') return REFUND_MSG.cancelled;
  if (Number(order.chargedCents) <= 0) return REFUND_MSG.notCharged;
  if (refundableCents(order) <= 0) return REFUND_MSG.nothingLeft;
  return null;
}

type RefundRecordRow = Awaited<ReturnType<typeof repo.refundsOf>>[number];
const recordOf = ({ refund, actorEmail }: RefundRecordRow) => ({
  id: refund.id,
  amount: centsToDollars(refund.amountCents),
  reason: refund.reason,
  items: refund.items.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantity, amount: centsToDollars(i.amountCents) })),
  invoiceId: refund.invoiceId,
  actorEmail: actorEmail ?? '',
  createdAt: refund.createdAt.toISOString(),
});

export async function overview(ctx: AppContext, actor: Actor, id: string): Promise<RefundOverview> {
  const order = await visibleOrder(ctx.db, actor, id);
  const items = await repo.chargedItems(ctx.db, order.id);
  const refunds = await repo.refundsOf(ctx.db, order.id);
  const refusal = refusalOf(order);
  return {
    data: {
      order: {
        id: order.id,
        orderName: displayOrderName(order.orderName),
        status: order.status as OrderStatus,
        sellerTeam: { id: order.sellerTeamId, name: await repo.teamName(ctx.db, order.sellerTeamId) },
        charged: centsToDollars(order.chargedCents),
        designCost: centsToDollars(order.designCostCents),
        refunded: centsToDollars(order.totalRefundCents),
        refundable: refusal ? 0 : centsToDollars(refundableCents(order)),
        refusal,
      },
      items: items.map((i) => {
        const line = lineOf(i);
        const units = refusal ? 0 : refundableQuantity(line);
        return {
          id: i.id,
          sku: i.sku,
          title: i.title,
          color: i.color,
          size: i.size,
          quantity: i.quantity,
          baseCost: centsToDollars(line.baseCostCents),
          shippingCost: centsToDollars(line.shippingCostCents),
          refundedQuantity: i.refundedQuantity,
          refunded: centsToDollars(line.refundedCents),
          refundableQuantity: units,
          refundable: refusal ? 0 : centsToDollars(Math.max(0, lineChargedCents(line) - line.refundedCents)),
        };
      }),
      refunds: refunds.map(recordOf),
    },
  };
}

interface Part {
  item: repo.ItemRow;
  quantity: number;
  cents: number;
}

/**
 * What the body asks for, in cents per item: the listed units, or (no items) every unit left.
 * Throws 400 for an item not on the order and 409 for more units than are left.
 */
function partsOf(items: repo.ItemRow[], body: RefundBody): Part[] {
  if (!body.items || body.items.length === 0) {
    return items.map((item) => {
      const line = lineOf(item);
      return { item, quantity: refundableQuantity(line), cents: itemRefundCents(line, refundableQuantity(line)) };
    });
  }
  const byId = new Map(items.map((i) => [i.id, i]));
  return body.items.map(({ orderItemId, quantity }) => {
    const item = byId.get(orderItemId);
    if (!item) throw badRequest(REFUND_MSG.unknownItem, { items: REFUND_MSG.unknownItem });
    const line = lineOf(item);
    const left = refundableQuantity(line);
    if (quantity > left) throw conflict(REFUND_MSG.tooManyUnits(item.sku, left));
    return { item, quantity, cents: itemRefundCents(line, quantity) };
  });
}

/**
 * Spreads `total` over the parts in order, each at most its own cents; what no item takes (the
 * design cost on a whole refund, or the order-level part of a money-only refund) is the remainder.
 */
function allocate(parts: Part[], total: number): { parts: Part[]; remainder: number } {
  let left = total;
  const out = parts.map((p) => {
    const cents = Math.min(p.cents, left);
    left -= cents;
    return { ...p, cents };
  });
  return { parts: out, remainder: left };
}

export async function refund(ctx: AppContext, actor: Actor, idempotency: IdempotentRequest, id: string, body: RefundBody): Promise<MoneyAnswer<RefundAnswer>> {
  return moneyTransaction(ctx.db, idempotency, async (tx) => {
    const order = await visibleOrder(tx, actor, id, true);
    const refused = refusalOf(order);
    if (refused) throw conflict(refused);
    const left = refundableCents(order);
    const items = await repo.chargedItems(tx, order.id);
    const asked = partsOf(items, body);
    const itemsCents = asked.reduce((s, p) => s + p.cents, 0);
    const byItems = Boolean(body.items?.length);
    const override = body.amount === undefined ? null : dollarsToCents(body.amount);

    // Per item: what the units give (or the smaller override). Whole: everything left (or the override).
    if (override !== null && byItems && override > itemsCents) throw conflict(REFUND_MSG.aboveItems(itemsCents));
    const total = override ?? (byItems ? itemsCents : left);
    if (total > left) throw conflict(REFUND_MSG.aboveRefundable(left));
    if (total <= 0) throw conflict(REFUND_MSG.nothingLeft);
    // A money-only override without items gives back money, not units: items keep their counts.
    const moneyOnly = !byItems && override !== null;
    const { parts, remainder } = moneyOnly ? { parts: [] as Part[], remainder: total } : allocate(asked.filter((p) => p.quantity > 0), total);

    const refundId = randomUUID();
    const now = new Date();
    const name = displayOrderName(order.orderName);
    const reason = body.reason.trim();
    const { entry, replayed } = await postOrderWalletEntry(tx, order, {
      type: 'order_refund',
      amountCents: total,
      key: refundKey(order.id, refundId),
      description: `Refund of order ${name}`,
      reason,
      actorId: actor.userId,
    });
    // The key holds a fresh id: a replay would mean the id was reused, which must never move money twice.
    if (replayed) throw conflict('This refund was made already');

    const lines = parts.map((p) => ({
      description: `${p.item.sku} x ${p.quantity} (${p.item.title || 'item'})`,
      amountCents: p.cents,
      agencyAmountCents: p.cents,
      refType: 'order_item',
      refId: p.item.id,
      ledgerEntryId: entry.id,
    }));
    if (remainder > 0) {
      lines.push({ description: `Refund of order ${name}`, amountCents: remainder, agencyAmountCents: remainder, refType: 'order', refId: order.id, ledgerEntryId: entry.id });
    }
    const invoice = await createInvoice(tx, {
      agencyId: order.agencyId,
      sellerTeamId: order.sellerTeamId,
      type: 'IN',
      source: 'refund',
      sellerAmountCents: total,
      agencyAmountCents: total,
      note: `Refund of order ${name}: ${reason}`,
      lines,
    });
    for (const p of parts) await repo.addItemRefund(tx, p.item.id, p.quantity, p.cents, now);
    const totalRefundCents = await repo.addOrderRefund(tx, order.id, total, now);
    const recordItems = parts.map((p) => ({ orderItemId: p.item.id, quantity: p.quantity, amountCents: p.cents }));
    const row = await repo.insertRefund(tx, {
      id: refundId,
      orderId: order.id,
      agencyId: order.agencyId,
      sellerTeamId: order.sellerTeamId,
      amountCents: total,
      items: recordItems,
      reason,
      ledgerEntryId: entry.id,
      invoiceId: invoice.id,
      actorId: actor.userId,
      createdAt: now,
    });

    const actorEmail = await emailOf(tx, actor.userId);
    const data = { refundId, refundedCents: total, invoiceId: invoice.id, items: recordItems };
    await repo.insertRefundEvent(tx, { order, message: `Refunded ${formatUsd(total / 100)}: ${reason}`, actorId: actor.userId, actorEmail, data });
    await writeAudit(tx, {
      actorId: actor.userId,
      agencyId: order.agencyId,
      entity: 'order',
      entityId: order.id,
      action: 'refund',
      before: { totalRefundCents: Number(order.totalRefundCents) },
      after: { totalRefundCents, ...data },
      reason,
    });
    // No refund e-mail template exists (docs/emails.md): the team's manager is told in the app only.
    const team = await teamOf(tx, order.sellerTeamId);
    if (team?.managerId) {
      await notify(tx, [team.managerId], {
        agencyId: order.agencyId,
        title: 'Order refunded',
        content: `Order ${name}: ${formatUsd(total / 100)} went back to the wallet: ${reason}.`,
      });
    }
    const refundedOrder = { ...order, totalRefundCents };
    return {
      message: REFUND_MSG.success,
      data: {
        ...recordOf({ refund: row, actorEmail }),
        totalRefund: centsToDollars(totalRefundCents),
        refundable: centsToDollars(refundableCents(refundedOrder)),
      },
    };
  }, 201);
}
