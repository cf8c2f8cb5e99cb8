/**
 * PUT /api/products/{id}/sync-to-item (docs/stores.md "Mapping", "Sync to item"): a product's CURRENT mapping
 * applied to the team's open orders waiting for it. A store order's line whose variant was not mapped when it
 * arrived is kept with its store variant (`order_items.product_variant_id`) and no catalog variant ("needs
 * mapping"); once the seller maps the variant, this resolves those lines. Orders still editable (Unfulfilled,
 * Rejected) only: an order in review or beyond was priced from its items and is never changed here.
 *
 * Per item of one of the product's variants: mapped -> the catalog variant, its catalog, colour and size, and the
 * mapping's artwork in the slots the item leaves empty; ignored -> the line is removed (never fulfilled, never
 * charged; an order left without lines stays, empty); not mapped -> unchanged. One transaction: the product row
 * locked (its mapping cannot move meanwhile), then the orders in id order; a timeline row per changed order and
 * one audit entry for the product. A store order left with every line resolved is then submitted after the store's
 * delay (counted from its arrival), as it would have been had the mapping been there when it arrived.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { PRODUCT_MSG, type Actor, type SyncToItemAnswer } from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { catalogs, orderItems, orders } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { addOrderEvent, emailOf } from '../order-core';
import { findProduct, mappedVariants, productScope, type MappedVariant } from '../products';
import { submitWhenReady } from './store-order-submit';

/** The orders a mapping made later may still change: those not yet sent to review. */
export const SYNC_TO_ITEM_STATUSES = ['Unfulfilled', 'Rejected'] as const;
const SLOTS = ['artwork1', 'artwork2', 'artwork3', 'artwork4', 'artwork5', 'artwork6'] as const;
type ItemRow = typeof orderItems.$inferSelect;

/** The item as the mapping makes it, or null when nothing changes (unmapped, or already so). */
function resolvedValues(item: ItemRow, m: MappedVariant): Partial<typeof orderItems.$inferInsert> | null {
  // A store variant fulfilled from a warehouse (docs/warehouses.md): the line is picked from stock, never printed.
  if (m.warehouseProductId) {
    return item.warehouseProductId === m.warehouseProductId && !item.catalogVariantId ? null
      : { warehouseProductId: m.warehouseProductId, catalogVariantId: null, catalogId: null, color: '', size: '', baseCostCents: null, shippingCostCents: null };
  }
  const catalog = m.variant;
  if (!catalog) return null;
  const set: Partial<typeof orderItems.$inferInsert> = {};
  if (item.catalogVariantId !== catalog.id || item.warehouseProductId) {
    Object.assign(set, { catalogVariantId: catalog.id, warehouseProductId: null, baseCostCents: null, shippingCostCents: null });
  }
  if (item.catalogId !== catalog.catalogId) set.catalogId = catalog.catalogId;
  if (item.color !== catalog.color) set.color = catalog.color;
  if (item.size !== catalog.size) set.size = catalog.size;
  SLOTS.forEach((slot, i) => {
    if (!item[slot] && m.artworks[i]) set[slot] = m.artworks[i];
  });
  return Object.keys(set).length ? set : null;
}

export async function syncToItem(ctx: AppContext, actor: Actor, productId: string): Promise<SyncToItemAnswer> {
  const scope = productScope(actor);
  const outcome = await ctx.db.transaction(async (tx) => {
    const product = await findProduct(tx, scope, productId, 'update');
    if (!product) throw notFound(PRODUCT_MSG.notFound);
    const mapping = new Map((await mappedVariants(tx, scope, { productId })).map((v) => [v.productVariantId, v]));
    const variantIds = [...mapping.keys()];
    if (!variantIds.length) return { orders: 0, items: 0, orderIds: [] as string[] };

    // The team's open orders holding a line of the product, locked in id order (two syncs never deadlock).
    const waiting = await tx
      .select({ id: orders.id, orderType: orders.orderType })
      .from(orders)
      .where(
        and(
          eq(orders.agencyId, scope.agencyId),
          eq(orders.sellerTeamId, scope.sellerTeamId),
          inArray(orders.status, [...SYNC_TO_ITEM_STATUSES]),
          sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${inArray(orderItems.productVariantId, variantIds)})`,
        ),
      )
      .orderBy(asc(orders.id))
      .for('update');
    if (!waiting.length) return { orders: 0, items: 0, orderIds: [] as string[] };

    const lines = await tx
      .select()
      .from(orderItems)
      .where(and(inArray(orderItems.orderId, waiting.map((o) => o.id)), ne(orderItems.status, 'Cancel')))
      .orderBy(asc(orderItems.orderId), asc(orderItems.position), asc(orderItems.id));
    const actorEmail = await emailOf(tx, actor.userId);
    const now = new Date();
    let itemsChanged = 0;
    const changedOrders: string[] = [];

    for (const order of waiting) {
      const own = lines.filter((l) => l.orderId === order.id);
      let resolved = 0;
      const removed: string[] = [];
      const after = new Map<string, ItemRow>();
      for (const item of own) {
        const m = item.productVariantId ? mapping.get(item.productVariantId) : undefined;
        if (!m) {
          after.set(item.id, item);
          continue;
        }
        if (m.ignored) {
          removed.push(item.id);
          continue;
        }
        const set = resolvedValues(item, m);
        if (set) {
          await tx.update(orderItems).set({ ...set, updatedAt: now }).where(and(eq(orderItems.id, item.id), eq(orderItems.orderId, order.id)));
          resolved++;
        }
        after.set(item.id, { ...item, ...set } as ItemRow);
      }
      if (!resolved && !removed.length) continue;
      if (removed.length) await tx.delete(orderItems).where(and(eq(orderItems.orderId, order.id), inArray(orderItems.id, removed)));

      // Lines, not units, as the import and the edit count them (cancelled lines were never read: count them all again).
      const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(orderItems).where(eq(orderItems.orderId, order.id))) as [{ n: number }];
      // The order's type is its first line's catalog type, once that line is resolved.
      const first = [...after.values()][0];
      const firstType = first?.catalogId ? await catalogTypeOf(tx, first.catalogId) : null;
      await tx
        .update(orders)
        .set({ itemCount: Number(n), ...(firstType && firstType !== order.orderType ? { orderType: firstType } : {}), updatedAt: now })
        .where(eq(orders.id, order.id));
      await addOrderEvent(tx, {
        orderId: order.id,
        agencyId: scope.agencyId,
        kind: 'item',
        action: 'sync-to-item',
        message: 'Mapping applied to the items',
        actorId: actor.userId,
        actorEmail,
        data: { productId, resolved, removed: removed.length },
      });
      itemsChanged += resolved + removed.length;
      changedOrders.push(order.id);
    }
    const done = { orders: changedOrders.length, items: itemsChanged, orderIds: changedOrders };
    // Audited when something changed; a sync with nothing to do leaves no trace.
    if (done.orders) await writeAudit(tx, { actorId: actor.userId, agencyId: scope.agencyId, entity: 'product', entityId: productId, action: 'sync-to-item', after: done });
    return done;
  });
  await submitWhenReady(ctx, outcome.orderIds);
  return {
    message: outcome.orders ? PRODUCT_MSG.syncToItemDone(outcome.orders) : PRODUCT_MSG.syncToItemNone,
    data: { orders: outcome.orders, items: outcome.items },
  };
}

async function catalogTypeOf(tx: Tx, catalogId: string) {
  const [row] = await tx.select({ type: catalogs.type }).from(catalogs).where(eq(catalogs.id, catalogId));
  return row?.type ?? null;
}
