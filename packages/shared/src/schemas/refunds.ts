/**
 * Refunds of orders into the seller's wallet (docs/orders.md, "Refunds"): GET
 * /api/orders/:id/refunds and POST /api/orders/:id/refund. Amounts travel as US dollars; the
 * server keeps cents. The per-item rule lives here, free of the database, so the refund page shows
 * exactly what the server will give back.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/orders';
import { MONEY_LIMITS, MONEY_MSG, formatUsd } from '../domain/money';
import { moneyAmount } from './common';

export const REFUND_LIMITS = { reason: { min: 2, max: 500 }, maxItems: 200 } as const;

export const REFUND_MSG = {
  notFound: 'Order not found',
  reasonLength: `The reason must be ${REFUND_LIMITS.reason.min} to ${REFUND_LIMITS.reason.max} characters`,
  amountPositive: 'The amount must be more than 0',
  amountCents: 'The amount may have at most two decimals',
  quantity: 'The quantity must be a whole number from 1',
  duplicateItem: 'Each item may be listed once',
  notCharged: 'This order was never charged: there is nothing to refund',
  cancelled: 'A cancelled order was refunded on cancel: there is nothing left to refund',
  nothingLeft: 'Everything charged for this order was refunded already',
  unknownItem: 'This item is not part of the order or was never charged',
  tooManyUnits: (sku: string, left: number) => `Only ${left} unit(s) of ${sku} can still be refunded`,
  aboveRefundable: (leftCents: number) => `The refund is more than what is still refundable (${formatUsd(leftCents / 100)})`,
  aboveItems: (itemsCents: number) => `The amount is more than what the chosen items give back (${formatUsd(itemsCents / 100)})`,
  success: 'Success',
} as const;

/** What approval charged for one line: its unit base price, its shipping share and its quantity. */
export interface RefundableLine {
  quantity: number;
  baseCostCents: number;
  shippingCostCents: number;
  refundedQuantity: number;
  refundedCents: number;
}

/** The line's whole charge: unit base x quantity + its shipping share. */
export const lineChargedCents = (l: RefundableLine) => l.baseCostCents * l.quantity + l.shippingCostCents;

/** Units of the line not refunded yet. */
export const refundableQuantity = (l: RefundableLine) => Math.max(0, l.quantity - l.refundedQuantity);

/**
 * What refunding `units` more of the line gives back: unit base x units plus the shipping share pro
 * rata (rounded down), and the last units take whatever of the line is left, so refunding a line
 * unit by unit gives back exactly its charge. Never more than the line has left.
 */
export function itemRefundCents(l: RefundableLine, units: number): number {
  const left = Math.max(0, lineChargedCents(l) - l.refundedCents);
  if (units <= 0) return 0;
  if (units >= refundableQuantity(l)) return left;
  const share = l.baseCostCents * units + Math.floor((l.shippingCostCents * units) / Math.max(1, l.quantity));
  return Math.min(left, share);
}

/** A JSON number of dollars (never text or a boolean), >= 0.01, two decimals at most. */
const dollars = moneyAmount({
  max: MONEY_LIMITS.maxAmount,
  messages: { type: REFUND_MSG.amountPositive, min: REFUND_MSG.amountPositive, max: MONEY_MSG.amountTooLarge, cents: REFUND_MSG.amountCents },
});

export const refundParams = z.object({ id: z.uuid() });

/** POST /api/orders/:id/refund. No items: everything refundable; items: those units; amount: a smaller money-only figure. */
export const refundBody = z.object({
  items: z
    .array(z.object({ orderItemId: z.uuid(), quantity: z.number({ error: REFUND_MSG.quantity }).int(REFUND_MSG.quantity).min(1, REFUND_MSG.quantity) }))
    .max(REFUND_LIMITS.maxItems)
    .refine((items) => new Set(items.map((i) => i.orderItemId)).size === items.length, REFUND_MSG.duplicateItem)
    .optional(),
  amount: dollars.optional(),
  reason: z
    .string({ error: REFUND_MSG.reasonLength })
    .trim()
    .min(REFUND_LIMITS.reason.min, REFUND_MSG.reasonLength)
    .max(REFUND_LIMITS.reason.max, REFUND_MSG.reasonLength),
});
export type RefundBody = z.infer<typeof refundBody>;

const refundRecord = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string(),
  items: z.array(z.object({ orderItemId: z.string(), quantity: z.number(), amount: z.number() })),
  invoiceId: z.string().nullable(),
  actorEmail: z.string(),
  createdAt: z.string(),
});
export type RefundRecord = z.infer<typeof refundRecord>;

export const refundItem = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number(),
  /** Unit base price and the line's shipping share charged at approval (dollars). */
  baseCost: z.number(),
  shippingCost: z.number(),
  refundedQuantity: z.number(),
  refunded: z.number(),
  refundableQuantity: z.number(),
  refundable: z.number(),
});
export type RefundItem = z.infer<typeof refundItem>;

/** GET /api/orders/:id/refunds: the order's refunds and what is still refundable, per item and in total. */
export const refundOverview = z.object({
  data: z.object({
    order: z.object({
      id: z.string(),
      orderName: z.string(),
      status: z.enum(ORDER_STATUSES),
      sellerTeam: z.object({ id: z.string(), name: z.string() }),
      charged: z.number(),
      designCost: z.number(),
      refunded: z.number(),
      refundable: z.number(),
      /** Why no refund is possible now (never charged, cancelled, nothing left), or null. */
      refusal: z.string().nullable(),
    }),
    items: z.array(refundItem),
    refunds: z.array(refundRecord),
  }),
});
export type RefundOverview = z.infer<typeof refundOverview>;

export const refundAnswer = z.object({
  message: z.string(),
  data: refundRecord.extend({ totalRefund: z.number(), refundable: z.number() }),
});
export type RefundAnswer = z.infer<typeof refundAnswer>;
