/** The design side of an order as the detail page and the design calls show it, and the price its approval charges. */
import { eq } from 'drizzle-orm';
import { centsToDollars, type DesignInfo, type DesignStatus } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import type { OrderRow } from './orders.repo';

/** The price the approval will charge: the one quoted on the order, in cents. */
export function designPriceCents(order: Pick<OrderRow, 'metadata'>): number {
  const v = (order.metadata as { designPriceCents?: unknown }).designPriceCents;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
}

async function designerOf(tx: Db | Tx, id: string | null) {
  if (!id) return null;
  const [u] = await tx.select({ id: users.id, fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, id));
  return u ?? null;
}

export async function designInfoOf(tx: Db | Tx, order: OrderRow): Promise<DesignInfo> {
  return {
    id: order.id,
    hireDesignStatus: (order.hireDesignStatus as DesignStatus | null) ?? null,
    designer: await designerOf(tx, order.designerId),
    designPrice: centsToDollars(designPriceCents(order)),
    designCost: centsToDollars(order.designCostCents),
    note: String((order.metadata as { designNote?: unknown }).designNote ?? ''),
  };
}
