/** The SQL of pricing and charging an order: its items, the team's and the agency's unit prices, the price snapshots. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BasecostPriceCents, OrderCost } from '@fbo/shared/domain/basecosts';
import type { Tx } from '../../db/client';
import { agencyVariantCosts, basecostItems, orderItems, orders, sellerTeams } from '../../db/schema/index';
import type { ItemRow } from './orders.repo';

export async function itemsOf(tx: Tx, orderId: string): Promise<ItemRow[]> {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position), asc(orderItems.id));
}

/** The items' prices in the team's base cost group, by catalog variant. */
export async function teamPrices(tx: Tx, sellerTeamId: string, variantIds: string[]) {
  const [team] = await tx.select({ basecostId: sellerTeams.basecostId }).from(sellerTeams).where(eq(sellerTeams.id, sellerTeamId));
  if (!team?.basecostId || variantIds.length === 0) return new Map<string, BasecostPriceCents>();
  const rows = await tx
    .select()
    .from(basecostItems)
    .where(and(eq(basecostItems.basecostId, team.basecostId), inArray(basecostItems.catalogVariantId, variantIds)));
  return new Map(rows.map((r) => [r.catalogVariantId, r as BasecostPriceCents]));
}

/** What the agency itself pays the platform per unit (its invoice side of the charge). */
export async function agencyCosts(tx: Tx, agencyId: string, variantIds: string[]) {
  if (variantIds.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ variantId: agencyVariantCosts.catalogVariantId, cents: agencyVariantCosts.costCents })
    .from(agencyVariantCosts)
    .where(and(eq(agencyVariantCosts.agencyId, agencyId), inArray(agencyVariantCosts.catalogVariantId, variantIds)));
  return new Map(rows.map((r) => [r.variantId, Number(r.cents)]));
}

/**
 * Keeps what the order was charged at on its items and on the order (they are what refunds and
 * reports read later): `items` and `cost.lines` in the same order, as priceOrder returns them.
 */
export async function snapshotPrices(
  tx: Tx,
  order: Pick<typeof orders.$inferSelect, 'id'>,
  priced: { items: ItemRow[]; unitCents: number[]; cost: OrderCost },
  now: Date,
  extra: Partial<typeof orders.$inferInsert> = {},
) {
  const { items, unitCents, cost } = priced;
  for (const [i, item] of items.entries()) {
    await tx
      .update(orderItems)
      .set({ baseCostCents: unitCents[i]!, shippingCostCents: cost.lines[i]!.shippingCents, updatedAt: now })
      .where(eq(orderItems.id, item.id));
  }
  await tx
    .update(orders)
    .set({ baseCostCents: cost.itemCents, shippingCostCents: cost.shippingCents, chargedCents: cost.totalCents, ...extra, updatedAt: now })
    .where(eq(orders.id, order.id));
}

export async function addRefunded(tx: Tx, orderId: string, cents: number, now: Date) {
  await tx
    .update(orders)
    .set({ totalRefundCents: sql`${orders.totalRefundCents} + ${cents}`, updatedAt: now })
    .where(eq(orders.id, orderId));
}
