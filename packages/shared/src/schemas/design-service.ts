import { z } from 'zod';
import { DESIGN_STATUSES } from '../domain/orders';

/** POST /api/orders/hire-designs: the orders to hire a designer for, and what the seller wants. */
export const hireDesignsBody = z.object({
  ids: z.array(z.uuid()).min(1).max(200),
  note: z.string().trim().max(1000).optional(),
});
export type HireDesignsBody = z.infer<typeof hireDesignsBody>;

/** PATCH /api/orders/change-design-status/:id */
export const changeDesignStatusBody = z.object({
  status: z.enum(DESIGN_STATUSES),
  /** With status assign: the designer to give the request to. */
  designerId: z.uuid().optional(),
  /** With status rejected: why (shown to the designer and the seller). */
  reason: z.string().trim().max(1000).optional(),
});
export type ChangeDesignStatusBody = z.infer<typeof changeDesignStatusBody>;

/** The design side of an order, as every design call answers it. */
export const designInfo = z.object({
  id: z.string(),
  hireDesignStatus: z.enum(DESIGN_STATUSES).nullable(),
  designer: z.object({ id: z.string(), fullName: z.string(), email: z.string() }).nullable(),
  /** The price the approval charges (dollars), and what was charged. */
  designPrice: z.number(),
  designCost: z.number(),
  note: z.string(),
});
export type DesignInfo = z.infer<typeof designInfo>;
export const designInfoResponse = z.object({ message: z.string(), data: designInfo });

const artworkUrl = z.string().trim().max(2000).nullable();

/** PUT /api/orders/update-item-design: the designer's artwork for one item (the six slots; null clears one). */
export const updateItemDesignBody = z.object({
  orderItemId: z.uuid(),
  artwork1: artworkUrl.optional(),
  artwork2: artworkUrl.optional(),
  artwork3: artworkUrl.optional(),
  artwork4: artworkUrl.optional(),
  artwork5: artworkUrl.optional(),
  artwork6: artworkUrl.optional(),
});
export type UpdateItemDesignBody = z.infer<typeof updateItemDesignBody>;
export const ARTWORK_SLOTS = ['artwork1', 'artwork2', 'artwork3', 'artwork4', 'artwork5', 'artwork6'] as const;
/** The six slots' addresses, as rows keep them (null: empty). */
export type ArtworkValues = Record<(typeof ARTWORK_SLOTS)[number], string | null>;
