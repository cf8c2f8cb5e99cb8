import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/orders';

/**
 * Body of every order command (POST /api/orders/{action}): the orders to act on and, for reject,
 * hold and shipment-cancel, the reason. Bulk by design: one id is a list of one.
 */
export const orderCommandBody = z.object({
  ids: z.array(z.uuid()).min(1).max(200),
  reason: z.string().trim().max(500).optional(),
});
export type OrderCommandBody = z.infer<typeof orderCommandBody>;

/** Per-order outcome: ok with the new status, or the message saying why nothing changed. */
export const orderCommandResult = z.object({
  id: z.string(),
  ok: z.boolean(),
  status: z.enum(ORDER_STATUSES).optional(),
  message: z.string().optional(),
});

export const orderCommandResponse = z.object({
  data: z.object({
    results: z.array(orderCommandResult),
    succeeded: z.number().int(),
    failed: z.number().int(),
  }),
});
export type OrderCommandResponse = z.infer<typeof orderCommandResponse>;
