/**
 * An order's stock (docs/warehouses.md "Orders"): at approval its warehouse lines are routed to the first active
 * warehouse by priority that holds every one of them available, and reserved there in the approval's transaction;
 * a cancel releases what was reserved and not shipped. The levels are locked by moveStock in one order, so
 * concurrent approvals for the last units reserve exactly what exists and never deadlock.
 */
import { and, eq, sql } from 'drizzle-orm';
import { WAREHOUSE_MSG } from '@fbo/shared';
import { executedRows, type Tx } from '../../db/client';
import { warehouseFulfilments } from '../../db/schema/index';
import { moveStock, StockRefusal } from './stock-ledger';

export type StockOutcome =
  | { kind: 'none' }
  | { kind: 'routed'; warehouseId: string; code: string }
  | { kind: 'short'; message: string };

interface OrderRef {
  id: string;
  agencyId: string;
  sellerTeamId: string;
}

interface StockLine {
  id: string;
  sku: string;
  quantity: number;
  warehouseProductId: string;
}

async function warehouseLines(tx: Tx, order: OrderRef): Promise<StockLine[]> {
  return executedRows<StockLine>(await tx.execute(sql`
    select i.id, i.sku, i.quantity, i.warehouse_product_id as "warehouseProductId" from order_items i
     where i.order_id = ${order.id} and i.agency_id = ${order.agencyId} and i.status <> 'Cancel' and i.warehouse_product_id is not null
     order by i.position, i.id`));
}

/** Active warehouses stocking every product, by priority, with what each holds available of each. */
async function candidates(tx: Tx, agencyId: string, productIds: string[]) {
  const rows = executedRows<{ id: string; code: string; productId: string; available: number }>(await tx.execute(sql`
    select w.id, w.code, l.warehouse_product_id as "productId", l.on_hand - l.reserved as available
      from warehouses w join stock_levels l on l.agency_id = w.agency_id and l.warehouse_id = w.id
     where w.agency_id = ${agencyId} and w.active and l.warehouse_product_id = any(${`{${productIds.join(',')}}`}::uuid[])
     order by w.priority, w.code, w.id`));
  const byWarehouse = new Map<string, { id: string; code: string; available: Map<string, number> }>();
  for (const r of rows) {
    const w = byWarehouse.get(r.id) ?? { id: r.id, code: r.code, available: new Map() };
    w.available.set(r.productId, Number(r.available));
    byWarehouse.set(r.id, w);
  }
  return [...byWarehouse.values()];
}

/**
 * Routes and reserves the order's warehouse lines. 'none': the order has none (print on demand only); 'routed': the
 * lines are reserved in that warehouse and its fulfilment is queued 'to_pick'; 'short': no warehouse can take them
 * all now (nothing written), with the per-order message the approval shows or holds with.
 */
export async function reserveForOrder(tx: Tx, order: OrderRef, actorId: string | null): Promise<StockOutcome> {
  const lines = await warehouseLines(tx, order);
  if (lines.length === 0) return { kind: 'none' };
  const [existing] = await tx.select({ warehouseId: warehouseFulfilments.warehouseId, status: warehouseFulfilments.status }).from(warehouseFulfilments)
    .where(and(eq(warehouseFulfilments.agencyId, order.agencyId), eq(warehouseFulfilments.orderId, order.id)));
  if (existing && existing.status !== 'cancelled') return { kind: 'routed', warehouseId: existing.warehouseId, code: '' };

  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.warehouseProductId, (wanted.get(l.warehouseProductId) ?? 0) + l.quantity);
  const places = await candidates(tx, order.agencyId, [...wanted.keys()]);
  const holdsAll = (w: (typeof places)[number]) => [...wanted].every(([p, n]) => (w.available.get(p) ?? -1) >= n);
  for (const w of places.filter((p) => [...wanted.keys()].every((id) => p.available.has(id)))) {
    // The unlocked read only orders the attempts: moveStock re-reads every level under its lock and refuses a
    // reservation another approval took meanwhile, writing nothing, so the next warehouse is tried.
    if (!holdsAll(w)) continue;
    try {
      await moveStock(tx, order.agencyId, lines.map((l) => ({
        warehouseId: w.id, warehouseProductId: l.warehouseProductId, kind: 'reserve' as const, quantity: l.quantity,
        orderId: order.id, orderItemId: l.id, actorId,
      })));
    } catch (error) {
      if (error instanceof StockRefusal) continue;
      throw error;
    }
    if (existing) {
      await tx.update(warehouseFulfilments).set({ warehouseId: w.id, status: 'to_pick', problem: null, updatedAt: new Date() })
        .where(and(eq(warehouseFulfilments.agencyId, order.agencyId), eq(warehouseFulfilments.orderId, order.id)));
    } else {
      await tx.insert(warehouseFulfilments).values({ agencyId: order.agencyId, orderId: order.id, warehouseId: w.id, ownerTeamId: order.sellerTeamId });
    }
    return { kind: 'routed', warehouseId: w.id, code: w.code };
  }
  return { kind: 'short', message: shortMessage(lines, wanted, places) };
}

function shortMessage(lines: StockLine[], wanted: Map<string, number>, places: { available: Map<string, number> }[]): string {
  for (const [productId, n] of wanted) {
    const best = Math.max(0, ...places.map((p) => p.available.get(productId) ?? 0));
    if (best < n) return WAREHOUSE_MSG.notEnoughStock(lines.find((l) => l.warehouseProductId === productId)!.sku, n, best);
  }
  return WAREHOUSE_MSG.noWarehouse;
}

/**
 * Gives back what the order reserved and did not ship (a cancel), and closes its fulfilment. Reservations are read
 * from the ledger itself: reserved minus released minus shipped per item and place.
 */
export async function releaseForOrder(tx: Tx, order: OrderRef, actorId: string | null): Promise<number> {
  const open = executedRows<{ warehouseId: string; productId: string; itemId: string | null; units: number }>(await tx.execute(sql`
    select warehouse_id as "warehouseId", warehouse_product_id as "productId", order_item_id as "itemId", sum(reserved_delta)::int as units
      from stock_movements where agency_id = ${order.agencyId} and order_id = ${order.id}
     group by warehouse_id, warehouse_product_id, order_item_id having sum(reserved_delta) > 0`));
  if (open.length > 0) {
    await moveStock(tx, order.agencyId, open.map((r) => ({
      warehouseId: r.warehouseId, warehouseProductId: r.productId, kind: 'release' as const, quantity: Number(r.units),
      orderId: order.id, orderItemId: r.itemId, actorId,
    })));
  }
  await tx.update(warehouseFulfilments).set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(warehouseFulfilments.agencyId, order.agencyId), eq(warehouseFulfilments.orderId, order.id), sql`${warehouseFulfilments.status} <> 'shipped'`));
  return open.reduce((n, r) => n + Number(r.units), 0);
}
