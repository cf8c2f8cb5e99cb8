/**
 * What approving an order does to money, and what cancelling gives back (docs/orders.md,
 * "Charging and refunds on cancel"). Both run inside the caller's transaction, with the order row
 * already locked; the ledger core refuses a wallet below zero, so a failure rolls back the order's
 * whole change. The seed charges its demo orders through these very functions.
 */
import { orderCost, type BasecostPriceCents, type LineCost, type OrderCost } from '@fbo/shared/domain/basecosts';
import { displayOrderName, ORDER_COMMAND_MSG } from '@fbo/shared';
import type { Tx } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import { createInvoice } from '../money';
import { postOrderWalletEntry } from './order-wallet';
import type { ItemRow, OrderRow } from './orders.repo';
import { addRefunded, agencyCosts, itemsOf, snapshotPrices, teamPrices } from './pricing.repo';
import { priceWarehouseLines } from './warehouse-pricing';

export const chargeKey = (orderId: string) => `order:${orderId}:charge`;
export const cancelRefundKey = (orderId: string) => `order:${orderId}:cancel-refund`;

/**
 * The order's live items, refused (400) when there is none or one is resolved neither to a catalog variant (printed)
 * nor to a warehouse product (picked from stock, docs/warehouses.md).
 */
export async function resolvedItems(tx: Tx, orderId: string): Promise<ItemRow[]> {
  const items = (await itemsOf(tx, orderId)).filter((i) => i.status !== 'Cancel');
  if (items.length === 0) throw badRequest(ORDER_COMMAND_MSG.noItems);
  const unresolved = items.find((i) => !i.catalogVariantId && !i.warehouseProductId);
  if (unresolved) throw badRequest(ORDER_COMMAND_MSG.skuNotInCatalog(unresolved.sku));
  return items;
}

export interface ChargeOutcome {
  chargedCents: number;
  ledgerEntryId: string;
  invoiceId: string;
}

export interface OrderPricing {
  /** The live items (not cancelled), in position order; `cost.lines` and `unitCents` follow them. */
  items: ItemRow[];
  /** Unit base price per catalog variant in the team's group (printed lines only). */
  prices: Map<string, BasecostPriceCents>;
  /** Each item's unit price as kept on it (a printed line's base price, a warehouse line's extra-unit fee). */
  unitCents: number[];
  cost: OrderCost;
}

/** Lines priced apart, put back in the items' order as one order cost. */
function combined(items: ItemRow[], priced: Map<string, LineCost & { unitCents: number }>, firstLine: number): Pick<OrderPricing, 'unitCents' | 'cost'> {
  const lines = items.map((i) => priced.get(i.id)!);
  const sum = (key: keyof LineCost) => lines.reduce((total, l) => total + l[key], 0);
  return {
    unitCents: lines.map((l) => l.unitCents),
    cost: { lines: lines.map(({ itemCents, shippingCents, totalCents }) => ({ itemCents, shippingCents, totalCents })), firstLine, itemCents: sum('itemCents'), shippingCents: sum('shippingCents'), totalCents: sum('totalCents') },
  };
}

/**
 * What the order costs the team now, without charging: its live items priced by the team's base
 * cost group for the order's shipping method. Throws 400 when it cannot be priced (no item, an
 * unresolved SKU, a variant the group does not price, a method not offered).
 */
export async function priceOrder(tx: Tx, order: OrderRow): Promise<OrderPricing> {
  const items = await resolvedItems(tx, order.id);
  const printed = items.filter((i) => i.catalogVariantId);
  const stocked = items.filter((i) => !i.catalogVariantId);
  const priced = new Map<string, LineCost & { unitCents: number }>();
  const prices = await teamPrices(tx, order.sellerTeamId, [...new Set(printed.map((i) => i.catalogVariantId!))]);
  let firstLine = 0;
  if (printed.length > 0) {
    const unpriced = printed.find((i) => !prices.has(i.catalogVariantId!));
    if (unpriced) throw badRequest(ORDER_COMMAND_MSG.noBaseCost(unpriced.sku));
    const cost = orderCost(printed.map((i) => ({ price: prices.get(i.catalogVariantId!)!, quantity: i.quantity })), order.shippingMethod);
    if (!cost) throw badRequest(ORDER_COMMAND_MSG.methodNotOffered(order.shippingMethod));
    printed.forEach((item, i) => priced.set(item.id, { ...cost.lines[i]!, unitCents: prices.get(item.catalogVariantId!)!.basePriceCents }));
    firstLine = items.indexOf(printed[cost.firstLine]!);
  }
  // A mixed order ships in one parcel per source: the warehouse's lines pay its own fees and band.
  if (stocked.length > 0) {
    const wh = await priceWarehouseLines(tx, order, stocked);
    stocked.forEach((item, i) => priced.set(item.id, wh.lines[i]!));
  }
  return { items, prices, ...combined(items, priced, firstLine) };
}

/**
 * Prices the order (priceOrder), snapshots the prices on the items and the order, debits the
 * wallet (`order:{id}:charge`) and writes the OUT invoice. Throws 400 for a pricing problem and
 * 409 (from the ledger) when the wallet cannot pay.
 */
export async function chargeOrder(tx: Tx, order: OrderRow, actorId: string | null, now = new Date()): Promise<ChargeOutcome> {
  const priced = await priceOrder(tx, order);
  const { items: live, prices, cost } = priced;
  if (cost.totalCents <= 0) throw badRequest(ORDER_COMMAND_MSG.nothingToCharge);
  const variantIds = [...prices.keys()];

  const name = displayOrderName(order.orderName);
  const { entry, replayed } = await postOrderWalletEntry(tx, order, {
    type: 'order_charge',
    amountCents: -cost.totalCents,
    key: chargeKey(order.id),
    description: `Order ${name}`,
    actorId,
  });
  // An order is charged once in its life (approve is reachable only from InReview, never again
  // after approval); a replayed key means the state machine was bypassed, so change nothing.
  if (replayed) throw conflict(ORDER_COMMAND_MSG.alreadyCharged);

  const agencyUnit = await agencyCosts(tx, order.agencyId, variantIds);
  const lines = live.map((item, i) => {
    const line = cost.lines[i]!;
    return {
      item,
      line,
      // A warehouse line's fees are the agency's own (its warehouse team's work): no platform cost.
      agencyCents: item.catalogVariantId ? (agencyUnit.get(item.catalogVariantId) ?? 0) * item.quantity : 0,
    };
  });
  const invoice = await createInvoice(tx, {
    agencyId: order.agencyId,
    sellerTeamId: order.sellerTeamId,
    type: 'OUT',
    source: 'order',
    sellerAmountCents: cost.totalCents,
    agencyAmountCents: lines.reduce((sum, l) => sum + l.agencyCents, 0),
    note: `Order ${name}`,
    lines: lines.map(({ item, line, agencyCents }) => ({
      description: `${item.sku} x ${item.quantity} (${item.title || 'item'})`,
      amountCents: line.totalCents,
      agencyAmountCents: agencyCents,
      refType: 'order_item',
      refId: item.id,
      ledgerEntryId: entry.id,
    })),
  });
  await snapshotPrices(tx, order, priced, now, { approvedAt: now });
  return { chargedCents: cost.totalCents, ledgerEntryId: entry.id, invoiceId: invoice.id };
}

/** What a cancel gives back: everything charged (order and design) not refunded yet. */
export function refundableCents(order: Pick<OrderRow, 'chargedCents' | 'designCostCents' | 'totalRefundCents'>): number {
  return Math.max(0, Number(order.chargedCents) + Number(order.designCostCents) - Number(order.totalRefundCents));
}

export interface RefundOutcome {
  refundedCents: number;
  ledgerEntryId: string | null;
  invoiceId: string | null;
}

/** Credits the wallet with what is refundable (`order:{id}:cancel-refund`) and writes the IN invoice. */
export async function refundCancelledOrder(tx: Tx, order: OrderRow, actorId: string | null, now = new Date()): Promise<RefundOutcome> {
  const amount = refundableCents(order);
  if (amount === 0) return { refundedCents: 0, ledgerEntryId: null, invoiceId: null };
  const name = displayOrderName(order.orderName);
  const { entry, replayed } = await postOrderWalletEntry(tx, order, {
    type: 'order_refund',
    amountCents: amount,
    key: cancelRefundKey(order.id),
    description: `Order ${name} cancelled`,
    actorId,
  });
  // A cancel refund happens once per order: its key already moved money, so nothing more to record.
  if (replayed) return { refundedCents: 0, ledgerEntryId: entry.id, invoiceId: null };
  const invoice = await createInvoice(tx, {
    agencyId: order.agencyId,
    sellerTeamId: order.sellerTeamId,
    type: 'IN',
    source: 'refund',
    sellerAmountCents: amount,
    agencyAmountCents: amount,
    note: `Order ${name} cancelled`,
    lines: [{ description: `Refund of order ${name}`, amountCents: amount, agencyAmountCents: amount, refType: 'order', refId: order.id, ledgerEntryId: entry.id }],
  });
  await addRefunded(tx, order.id, amount, now);
  return { refundedCents: amount, ledgerEntryId: entry.id, invoiceId: invoice.id };
}
