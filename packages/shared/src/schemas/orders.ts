import { z } from 'zod';
import { DESIGN_STATUSES, ORDER_STATUSES } from '../domain/orders';
import { listQuery, listResponse } from './common';

export const orderListQuery = listQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderListItem = z.object({
  id: z.string(),
  orderName: z.string(),
  status: z.enum(ORDER_STATUSES),
  sellerTeam: z.object({ id: z.string(), name: z.string() }),
  fullName: z.string(),
  country: z.string(),
  /** The agency does not ship to this destination (Settings > Shipping). */
  cannotShip: z.boolean(),
  totalPrice: z.number(),
  itemCount: z.number().int(),
  addressStatus: z.number().int(),
  designStatus: z.enum(DESIGN_STATUSES).nullable(),
  createdDate: z.string(),
});
export type OrderListItem = z.infer<typeof orderListItem>;
export const orderListResponse = listResponse(orderListItem);
