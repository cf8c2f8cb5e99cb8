/**
 * What approving a design does to money (docs/orders.md, "Design service"): the design price is
 * debited from the wallet once (`order:{id}:design`) with an OUT invoice, and kept on the order as
 * design_cost_cents, which a later cancel gives back (order-core refundableCents).
 */
import { eq } from 'drizzle-orm';
import { displayOrderName } from '@fbo/shared';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema/index';
import { conflict } from '../../lib/errors';
import { createInvoice } from '../money';
import { designPriceCents, postOrderWalletEntry } from '../order-core';
import { DESIGN_MSG } from '@fbo/shared';

type OrderRow = typeof orders.$inferSelect;

export const designKey = (orderId: string) => `order:${orderId}:design`;

export interface DesignChargeOutcome {
  chargedCents: number;
  ledgerEntryId: string | null;
  invoiceId: string | null;
}

/** Charges the quoted design price (nothing when it is 0); 409 when the wallet cannot pay. */
export async function chargeDesign(tx: Tx, order: OrderRow, actorId: string | null): Promise<DesignChargeOutcome> {
  const amount = designPriceCents(order);
  if (amount === 0) return { chargedCents: 0, ledgerEntryId: null, invoiceId: null };
  const name = displayOrderName(order.orderName);
  const { entry, replayed } = await postOrderWalletEntry(tx, order, {
    type: 'design_charge',
    amountCents: -amount,
    key: designKey(order.id),
    description: `Design for order ${name}`,
    actorId,
  });
  // One design charge per order in its life: a second approval after a re-request charges nothing.
  if (replayed) throw conflict(DESIGN_MSG.alreadyCharged);
  const invoice = await createInvoice(tx, {
    agencyId: order.agencyId,
    sellerTeamId: order.sellerTeamId,
    type: 'OUT',
    source: 'design',
    sellerAmountCents: amount,
    agencyAmountCents: amount,
    note: `Design for order ${name}`,
    lines: [{ description: `Design service, order ${name}`, amountCents: amount, agencyAmountCents: amount, refType: 'order', refId: order.id, ledgerEntryId: entry.id }],
  });
  await tx.update(orders).set({ designCostCents: amount, updatedAt: new Date() }).where(eq(orders.id, order.id));
  return { chargedCents: amount, ledgerEntryId: entry.id, invoiceId: invoice.id };
}
