/**
 * Re-pricing an order after one of its items changed SKU (docs/orders.md, "Change requests and item
 * updates"). The order is priced again with the very rule of the first charge (order-core
 * priceOrder, the team's base cost), and only the difference moves through the ledger: more is a
 * further 'order_charge' (`order:{id}:charge:{n}`, OUT invoice), less an 'order_refund'
 * (`order:{id}:recharge-refund:{n}`, IN invoice). The ledger refuses a wallet below zero (409), which
 * rolls the caller's whole transaction back, item change included.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { displayOrderName } from '@fbo/shared';
import type { Tx } from '../../db/client';
import { orderEvents } from '../../db/schema/index';
import { createInvoice } from '../money';
import { postOrderWalletEntry, priceOrder, snapshotPrices, type OrderRow } from '../order-core';

/** Actions whose events count the re-prices of an order (the n of the idempotency keys). */
export const REPRICE_ACTIONS = ['update-item-code', 'order-with-old'] as const;

/** An order has been charged once approval took its money; before that there is nothing to re-price. */
export function isCharged(order: Pick<OrderRow, 'chargedCents' | 'approvedAt'>): boolean {
  return order.approvedAt !== null && Number(order.chargedCents) > 0;
}

/** The next n for this order's re-price keys: the item changes already recorded, plus one (the row is locked). */
async function nextRepriceNumber(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'item'), inArray(orderEvents.action, [...REPRICE_ACTIONS])));
  return Number(row?.n ?? 0) + 1;
}

export interface RepriceOutcome {
  previousChargedCents: number;
  chargedCents: number;
  differenceCents: number;
}

/**
 * Prices the (already changed) items again; when the order was charged, snapshots the new prices on
 * the items and the order and moves the difference. An uncharged order only loses its snapshots
 * (they are taken at approval).
 */
export async function repriceOrder(tx: Tx, order: OrderRow, actorId: string, now = new Date()): Promise<RepriceOutcome> {
  const previous = Number(order.chargedCents);
  if (!isCharged(order)) return { previousChargedCents: previous, chargedCents: previous, differenceCents: 0 };
  const priced = await priceOrder(tx, order);
  const { cost } = priced;
  const difference = cost.totalCents - previous;
  if (difference !== 0) await moveDifference(tx, order, difference, await nextRepriceNumber(tx, order.id), actorId);
  await snapshotPrices(tx, order, priced, now);
  return { previousChargedCents: previous, chargedCents: cost.totalCents, differenceCents: difference };
}

async function moveDifference(tx: Tx, order: OrderRow, difference: number, n: number, actorId: string) {
  const more = difference > 0;
  const amount = Math.abs(difference);
  const name = displayOrderName(order.orderName);
  const description = more ? `Order ${name}: item changed, extra charge` : `Order ${name}: item changed, refund of the difference`;
  const { entry } = await postOrderWalletEntry(tx, order, {
    type: more ? 'order_charge' : 'order_refund',
    amountCents: more ? -amount : amount,
    key: more ? `order:${order.id}:charge:${n}` : `order:${order.id}:recharge-refund:${n}`,
    description,
    actorId,
  });
  await createInvoice(tx, {
    agencyId: order.agencyId,
    sellerTeamId: order.sellerTeamId,
    type: more ? 'OUT' : 'IN',
    source: more ? 'order' : 'refund',
    sellerAmountCents: amount,
    agencyAmountCents: 0,
    note: description,
    lines: [{ description, amountCents: amount, agencyAmountCents: 0, refType: 'order', refId: order.id, ledgerEntryId: entry.id }],
  });
}
