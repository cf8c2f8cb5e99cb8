/**
 * The items of an order being edited (PUT /api/orders/:id, Unfulfilled or Rejected only): each
 * SKU resolves to a catalog variant among the catalogs the agency offers, or the edit is refused
 * with the line's field named. The base cost snapshot is cleared: it is taken at approval.
 */
import { dollarsToCents } from '@fbo/shared/domain/money';
import { ORDER_DETAIL_MSG as MSG, type OrderItemInput } from '@fbo/shared';
import type { Tx } from '../../db/client';
import type { orderItems, orders } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { variantsByCode, type OrderRow } from '../order-core';
import * as repo from './order-detail.repo';

/**
 * What an edit may write. The recorded sale (sale_total_cents, sale_price_cents) is the store's, never
 * the seller's (docs/money.md, "Sale price"): typed `never` so writing it here does not compile.
 */
export type EditOrderPatch = Partial<typeof orders.$inferInsert> & { saleTotalCents?: never };
type ItemValues = typeof orderItems.$inferInsert & { salePriceCents?: never };
const SLOTS = ['artwork1', 'artwork2', 'artwork3', 'artwork4', 'artwork5', 'artwork6'] as const;

export async function itemChanges(tx: Tx, order: OrderRow, inputs: OrderItemInput[]) {
  const variants = await variantsByCode(tx, order.agencyId, [...new Set(inputs.map((i) => i.sku))]);
  const byCode = new Map(variants.map((v) => [v.code.toUpperCase(), v]));
  const unknown = inputs.flatMap((input, i) => (byCode.has(input.sku.toUpperCase()) ? [] : [[`items.${i}.sku`, MSG.unknownSku(input.sku)] as const]));
  if (unknown.length) throw badRequest(unknown[0]![1], Object.fromEntries(unknown));

  const existing = new Set(await repo.itemIds(tx, order.id));
  const keep: { id: string; values: Partial<ItemValues> }[] = [];
  const add: ItemValues[] = [];
  inputs.forEach((input, position) => {
    const v = byCode.get(input.sku.toUpperCase())!;
    const values: Partial<ItemValues> = {
      position,
      sku: v.code,
      catalogVariantId: v.id,
      catalogId: v.catalogId,
      color: v.color,
      size: v.size,
      quantity: input.quantity,
      priceCents: dollarsToCents(input.price),
      baseCostCents: null,
      shippingCostCents: null,
      ...(input.title !== undefined ? { title: input.title } : {}),
      // A slot left out keeps its artwork; an empty one clears it.
      ...Object.fromEntries(SLOTS.filter((s) => input[s] !== undefined).map((s) => [s, input[s] || null])),
    };
    if (input.id && existing.has(input.id)) keep.push({ id: input.id, values });
    else add.push({ ...values, title: input.title ?? v.catalogName, orderId: order.id, agencyId: order.agencyId, sellerTeamId: order.sellerTeamId } as ItemValues);
  });

  const subTotal = inputs.reduce((sum, i) => sum + dollarsToCents(i.price) * i.quantity, 0);
  // The seller's prices: what its screens show (totalPrice, the estimated margin), never its profit.
  const orderPatch: EditOrderPatch = {
    // The order's type is its first line's catalog type (pod, fake or drop).
    orderType: byCode.get(inputs[0]!.sku.toUpperCase())!.catalogType,
    // Lines, not units, as the import and the seed count them.
    itemCount: inputs.length,
    subTotalPriceCents: subTotal,
    totalPriceCents: Math.max(0, subTotal + order.shippingFeeCents - order.totalDiscountCents),
  };
  return {
    keep,
    add,
    orderPatch,
    summary: inputs.map((i) => ({ sku: i.sku, quantity: i.quantity, price: i.price })),
  };
}
