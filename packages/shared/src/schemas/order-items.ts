import { z } from 'zod';
import { ITEM_STATUSES } from '../domain/order-machine';
import { ORDER_STATUSES } from '../domain/orders';
import { listQuery, listResponse } from './common';
import { dayParam } from './orders';

/** GET /api/order-items (/ag/order-items, /s/order-items): search matches the SKU or the order name. */
export const orderItemListQuery = listQuery.extend({
  status: z.enum(ITEM_STATUSES).optional(),
  dateFrom: dayParam.optional(),
  dateTo: dayParam.optional(),
  /** Agency side only: one seller team of the agency. */
  sellerTeam: z.uuid().optional(),
});
export type OrderItemListQuery = z.infer<typeof orderItemListQuery>;

export const orderItemListItem = z.object({
  id: z.string(),
  order: z.object({ id: z.string(), orderName: z.string(), status: z.enum(ORDER_STATUSES) }),
  sellerTeam: z.object({ id: z.string(), name: z.string() }),
  sku: z.string(),
  title: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  /** Dollars: the customer's unit price. */
  price: z.number(),
  status: z.enum(ITEM_STATUSES),
  artwork1: z.string().nullable(),
  createdDate: z.string(),
});
export type OrderItemListItem = z.infer<typeof orderItemListItem>;
export const orderItemListResponse = listResponse(orderItemListItem);

/** PATCH /api/order-items/update-fulfilled: delivered items (InTransit -> Fulfilled). */
export const updateFulfilledBody = z.object({ ids: z.array(z.uuid()).min(1).max(200) });
export type UpdateFulfilledBody = z.infer<typeof updateFulfilledBody>;

export const updateFulfilledResult = z.object({
  id: z.string(),
  ok: z.boolean(),
  /** The item's status after the call, and its order's (derived from the items). */
  status: z.enum(ITEM_STATUSES).optional(),
  orderStatus: z.enum(ORDER_STATUSES).optional(),
  message: z.string().optional(),
});
export const updateFulfilledResponse = z.object({
  data: z.object({ results: z.array(updateFulfilledResult), succeeded: z.number().int(), failed: z.number().int() }),
});
export type UpdateFulfilledResponse = z.infer<typeof updateFulfilledResponse>;
