/**
 * What an order's warehouse lines cost the seller (docs/warehouses.md "Money"): the warehouse's fees by the shared
 * rule `warehouseCharge` (order fee, extra units, the parcel's weight band for the destination and method). Charged
 * through the order's one charge, invoice and ledger entry, never a second path.
 *
 * The warehouse is the order's fulfilment's once routed (at approval); before that, the first active one by priority
 * that stocks every product (what the order would cost if approved now).
 */
import { sql } from 'drizzle-orm';
import { ORDER_COMMAND_MSG, WAREHOUSE_MSG, warehouseCharge, type ShippingMethod, type WarehouseFees } from '@fbo/shared';
import type { LineCost } from '@fbo/shared/domain/basecosts';
import { executedRows, type Tx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { ItemRow, OrderRow } from './orders.repo';

export interface PricedWarehouseLines {
  warehouse: { id: string; code: string };
  /** Per input line: its cost and the unit price kept on the item (what a per-unit refund gives back). */
  lines: (LineCost & { unitCents: number })[];
}

/** Stored fees as the rule reads them; anything malformed reads as 0 and no bands. */
function feesOf(raw: unknown): WarehouseFees {
  const f = (raw ?? {}) as Partial<WarehouseFees>;
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);
  return {
    perOrderCents: int(f.perOrderCents), perExtraUnitCents: int(f.perExtraUnitCents), storagePerUnitMonthCents: int(f.storagePerUnitMonthCents),
    shipping: Array.isArray(f.shipping) ? f.shipping : [],
  };
}

async function warehouseFor(tx: Tx, order: OrderRow, productIds: string[]) {
  const rows = executedRows<{ id: string; code: string; fees: unknown }>(await tx.execute(sql`
    select * from (select 0 as rank, w.id, w.code, w.fees from warehouse_fulfilments f
      join warehouses w on w.agency_id = f.agency_id and w.id = f.warehouse_id
     where f.agency_id = ${order.agencyId} and f.order_id = ${order.id}
    union all
    (select 1, w.id, w.code, w.fees from warehouses w
      where w.agency_id = ${order.agencyId} and w.active
        and (select count(*) from stock_levels l where l.agency_id = w.agency_id and l.warehouse_id = w.id
              and l.warehouse_product_id = any(${`{${productIds.join(',')}}`}::uuid[])) = ${productIds.length}
      order by w.priority, w.code limit 1)) candidates order by rank limit 1`));
  return rows[0] ?? null;
}

/** Prices the warehouse lines (every item has warehouse_product_id); 400 with a clear message when they cannot ship. */
export async function priceWarehouseLines(tx: Tx, order: OrderRow, items: ItemRow[]): Promise<PricedWarehouseLines> {
  const productIds = [...new Set(items.map((i) => i.warehouseProductId!))];
  const warehouse = await warehouseFor(tx, order, productIds);
  if (!warehouse) throw badRequest(WAREHOUSE_MSG.noWarehouse);
  const weights = new Map(executedRows<{ id: string; grams: number }>(await tx.execute(sql`
    select id, weight_grams as grams from warehouse_products
     where agency_id = ${order.agencyId} and id = any(${`{${productIds.join(',')}}`}::uuid[])`)).map((r) => [r.id, Number(r.grams)]));
  const fees = feesOf(warehouse.fees);
  const method = order.shippingMethod as ShippingMethod;
  const country = order.countryCode || '';
  const charge = warehouseCharge(fees, items.map((i) => ({ quantity: i.quantity, unitGrams: weights.get(i.warehouseProductId!) ?? 0 })), method, country);
  if (!charge) {
    const grams = items.reduce((g, i) => g + (weights.get(i.warehouseProductId!) ?? 0) * i.quantity, 0);
    throw badRequest(country ? WAREHOUSE_MSG.noBand(warehouse.code, grams, country, method) : ORDER_COMMAND_MSG.methodNotOffered(method));
  }
  const lines = items.map((item, i) => {
    const line = charge.lines[i]!;
    const total = line.handlingCents + line.shippingCents;
    // The unit price is the extra-unit fee; the rest of the line (the order fee, the band) is its shipping share, so
    // unit x quantity + shipping is exactly the line whatever the quantity. A line cheaper than its units (an order
    // fee below the unit fee) keeps it all as shipping.
    const unit = fees.perExtraUnitCents * item.quantity <= total ? fees.perExtraUnitCents : 0;
    return { unitCents: unit, itemCents: unit * item.quantity, shippingCents: total - unit * item.quantity, totalCents: total };
  });
  return { warehouse: { id: warehouse.id, code: warehouse.code }, lines };
}
