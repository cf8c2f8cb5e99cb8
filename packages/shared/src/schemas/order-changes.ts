/**
 * Change requests and item updates on orders (docs/orders.md, "Change requests and item updates"):
 * a seller asks for a change on one item after approval, the agency approves or cancels it; the
 * agency (and the seller before approval) changes an item's SKU, re-priced through the ledger.
 * Money in dollars at this edge.
 */
import { z } from 'zod';
import { artworkUrl } from './order-detail';
import { CHANGE_REASONS, CHANGE_STATUSES, ORDER_CHANGE_MSG } from '../domain/order-changes';

export * from '../domain/order-changes';

const artwork = artworkUrl;
export const changeArtworks = z.object({
  artwork1: artwork.optional(), artwork2: artwork.optional(), artwork3: artwork.optional(),
  artwork4: artwork.optional(), artwork5: artwork.optional(), artwork6: artwork.optional(),
});
export type ChangeArtworks = z.infer<typeof changeArtworks>;
const sku = z.string().trim().min(1, ORDER_CHANGE_MSG.skuRequired).max(255);

/** POST /api/orders/:id/change-requests */
export const createChangeRequestBody = z
  .object({
    orderItemId: z.uuid(),
    reason: z.enum(CHANGE_REASONS),
    note: z.string().trim().min(2, 'Note should be 2 to 1000 length').max(1000, 'Note should be 2 to 1000 length'),
    payload: z.object({ artworks: changeArtworks.optional(), sku: sku.optional() }).default({}),
  })
  .superRefine((b, ctx) => {
    if (b.reason === 'change_catalog_code' && !b.payload.sku) ctx.addIssue({ code: 'custom', path: ['payload', 'sku'], message: ORDER_CHANGE_MSG.skuRequired });
    const urls = Object.values(b.payload.artworks ?? {}).filter((u) => u);
    if (b.reason === 'reupload_design' && urls.length === 0) ctx.addIssue({ code: 'custom', path: ['payload', 'artworks'], message: ORDER_CHANGE_MSG.artworksRequired });
  });
export type CreateChangeRequestBody = z.infer<typeof createChangeRequestBody>;

export const changeRequest = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderItemId: z.uuid().nullable(),
  itemSku: z.string().nullable(),
  reason: z.enum(CHANGE_REASONS),
  note: z.string(),
  payload: z.object({ artworks: z.record(z.string(), z.string()).optional(), sku: z.string().optional() }),
  status: z.enum(CHANGE_STATUSES),
  createdBy: z.uuid().nullable(),
  createdByEmail: z.string(),
  resolvedAt: z.string().nullable(),
  createdDate: z.string(),
});
export type ChangeRequest = z.infer<typeof changeRequest>;
export const changeRequestList = z.object({ data: z.array(changeRequest) });
export const changeRequestAnswer = z.object({ message: z.string(), data: changeRequest });

/** PUT /api/orders/update-change-history: the agency approves or cancels; the seller cancels its own. */
export const resolveChangeRequestBody = z.object({
  id: z.uuid(),
  status: z.enum(['approved', 'canceled']),
  note: z.string().trim().max(1000).optional(),
});
export type ResolveChangeRequestBody = z.infer<typeof resolveChangeRequestBody>;

/** PUT /api/orders/update-item-code */
export const updateItemCodeBody = z.object({ orderItemId: z.uuid(), sku });
export type UpdateItemCodeBody = z.infer<typeof updateItemCodeBody>;

/** What a re-price moved: positive = charged more, negative = refunded. */
export const repriceOutcome = z.object({ orderId: z.uuid(), charged: z.number(), previousCharged: z.number(), difference: z.number() });
export const itemCodeAnswer = z.object({ message: z.string(), data: repriceOutcome });

/** PUT /api/orders/calc-order-basecost: a preview, changes nothing. */
export const calcBasecostBody = z.object({
  ids: z.array(z.uuid()).min(1).max(200),
  /** Optional: price as if this item had this SKU (the Change SKU dialog's preview). */
  orderItemId: z.uuid().optional(),
  sku: sku.optional(),
});
export type CalcBasecostBody = z.infer<typeof calcBasecostBody>;
export const basecostPreview = z.object({
  id: z.uuid(),
  ok: z.boolean(),
  message: z.string().optional(),
  baseCost: z.number().optional(),
  shippingCost: z.number().optional(),
  total: z.number().optional(),
  charged: z.number().optional(),
  difference: z.number().nullable().optional(),
});
export const calcBasecostResponse = z.object({ data: z.array(basecostPreview) });
export type BasecostPreview = z.infer<typeof basecostPreview>;

